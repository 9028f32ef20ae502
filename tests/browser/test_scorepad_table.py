"""What a four-player table to 150 at 360×740 needs (issue: "a scorepad that needs no second
look"): any target, a drawn hand that asks first, an undo that survives a reload, Save and its
confirmation always in view, a card picker whose "picked" and "not available" look different,
with a running total, and a chart where players level with each other stay visible."""

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]


def in_view(page, selector):
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def test_any_whole_target_with_common_ones_a_tap_away(pad, page):
    pad.open()
    pad.fill_setup(["Ana", "Ben"])
    option = next(o for o in page.request.get("/v1/rules").json()["options"] if o["name"] == "target_score")
    assert page.input_value("#target") == str(option["defaults"]["standard"]) == "100"  # the preset's own, from /v1/rules
    assert page.get_attribute("#target-100", "aria-pressed") == "true"  # the default
    page.click("#target-150")
    assert page.input_value("#target") == "150"
    assert page.get_attribute("#target-150", "aria-pressed") == "true"
    assert page.get_attribute("#target-100", "aria-pressed") == "false"

    page.fill("#target", "lots")
    page.click("#start-game")
    assert page.inner_text("#target-error").strip() == "Enter the target score as a whole number of points, such as 150."
    page.fill("#target", "100001")
    page.click("#start-game")
    page.wait_for_selector("#target-error:not([hidden])")
    assert page.inner_text("#target-error").strip() == ("The target score must be from 1 to 100000")

    page.fill("#target", "1234")
    page.click("#start-game")
    page.wait_for_selector("#game:not([hidden])")
    assert pad.text("#game-rules") == "Standard rules · first to 1234 points"
    assert pad.to_target() == {"Ana": "1234", "Ben": "1234"}


def test_a_drawn_hand_asks_first_and_undo_survives_a_reload(pad, page):
    pad.open()
    pad.start(PLAYERS, target=150)
    page.click("#drawn-hand")
    assert pad.text("#confirm-draw-text") == "Record hand 1 as a drawn hand? Nobody scores, and the deal passes left."
    assert page.evaluate("() => document.activeElement.id") == "confirm-draw"
    page.click("#cancel-draw")  # changed their mind: nothing recorded
    assert pad.hand_count() == 0 and page.is_visible("#drawn-hand")
    pad.drawn_hand()
    assert pad.text("#saved-note") == "Hand 1 entered as a drawn hand: nobody scores."
    pad.enter_hand("Dee", {"Ana": 10, "Ben": 12, "Cy": 8})
    assert pad.totals() == {"Ana": 0, "Ben": 0, "Cy": 0, "Dee": 30}

    assert pad.text("#saved-note") == "Hand 2 saved: Dee scores 30."
    page.click("#undo-last")
    pad.wait_hands(1)
    assert pad.text("#notice") == "Hand 2 removed. Put hand 2 back"
    assert pad.text("#saved-note") == "Hand 2 removed."  # #23 point 7: the sticky bar agrees
    tabs = page.locator(".tabs").bounding_box()
    assert in_view(page, "#redo") and page.locator("#redo").bounding_box()["y"] >= tabs["y"] + tabs["height"]  # #33 point 7
    pad.choose_winner("Ana")  # the next hand is being entered: the bar no longer says "removed"
    assert page.is_hidden("#saved-note") and pad.text("#notice") == "Hand 2 removed. Put hand 2 back"
    pad.reload()
    page.wait_for_selector("#redo")  # the offer is kept with the game
    assert pad.text("#notice") == "Hand 2 removed. Put hand 2 back"
    page.click("#redo")
    pad.wait_hands(2)
    assert pad.totals() == {"Ana": 0, "Ben": 0, "Cy": 0, "Dee": 30}
    pad.reload()
    assert page.locator("#redo").count() == 0


def test_save_and_its_confirmation_stay_in_view(pad, page, shots):
    pad.open()
    pad.start(PLAYERS, target=150)
    page.evaluate("() => window.scrollTo(0, 0)")
    pad.fill_hand("Dee", {"Ana": 10, "Ben": ["KH", "10H"], "Cy": 8})
    # four players, one of them with the card picker open: Save is on screen without a scroll
    page.evaluate("() => window.scrollTo(0, 0)")
    assert in_view(page, "#save-hand")
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight / 2)")
    assert in_view(page, "#save-hand")
    # from the keyboard, Save comes right after the entry (and the drawn-hand choice)
    page.focus("#points-2")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "drawn-hand"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "save-hand"
    page.click("#save-hand")
    pad.wait_hands(1)
    assert pad.text("#saved-note") == "Hand 1 saved: Dee scores 38."
    assert in_view(page, "#saved-note") and in_view(page, "#save-hand")
    assert pad.text("#save-hand") == "Save hand 2"
    page.screenshot(path=str(shots / "8-saved-360.png"))


def test_9_picked_here_and_for_another_player_look_different_ranks_first_and_the_total_runs(pad, page):
    pad.open()
    pad.start(["Ana", "Ben", "Cy"])
    pad.choose_winner("Ana")
    page.click("#mode-1-cards + span")
    page.click("#mode-2-cards + span")
    style = (
        "(sel) => { const s = getComputedStyle(document.querySelector(sel)); "
        "return [s.textDecorationLine, s.borderTopStyle, s.backgroundColor]; }"
    )
    # no suit chosen yet: a rank first, then its suits (four 7s in 5 taps, #23 point 9)
    assert page.is_enabled("#rank-1-K")
    assert page.get_attribute("#rank-1-K", "aria-label") == "king: show its suits"

    pad.pick_card(2, "KH")
    pad.pick_card(2, "10H")
    pad.pick_card(2, "AS")
    page.wait_for_function("() => (document.querySelector('#total-2') || {}).textContent === ', 21 points'")
    assert pad.text("#chosen-2-label") == "Picked (3 cards, 21 points), tap a card to take it back:"
    # Ben's picker: K♥ is Cy's (dashed, struck through, "Cy" on it); Cy's own K♥ is picked (filled, ticked)
    page.click("#suit-1-H + span")
    assert page.is_disabled("#rank-1-K")
    assert "taken" in page.get_attribute("#rank-1-K", "class")
    taken = page.evaluate(style, "#rank-1-K")
    assert taken[:2] == ["line-through", "dashed"]
    assert page.inner_text("#rank-1-K").split() == ["K", "Cy"]
    assert page.get_attribute("#rank-1-K", "aria-label") == "king of hearts, already picked for Cy"
    page.click("#suit-2-H + span")
    picked = page.evaluate(style, "#rank-2-K")
    assert "picked" in page.get_attribute("#rank-2-K", "class") and picked[:2] == ["none", "solid"]
    assert picked[2] != taken[2]  # filled: another background
    assert page.get_attribute("#rank-2-K", "aria-label") == "king of hearts, picked"
    assert page.is_enabled("#rank-1-Q")

    # Rank first: "Any suit", then 7, then its four suits: four 7s in 6 taps (suit first: 8).
    page.click("#suit-1-any + span")
    page.click("#rank-1-7")
    for s in "CDHS":
        page.click(f"#pick-1-7{s}")
    assert page.inner_text("#opp-1 .chosen").split()[::2] == ["7♣", "7♦", "7♥", "7♠"]
    assert page.is_disabled("#pick-1-7C") and page.get_attribute("#pick-1-7C", "aria-label") == "7 of clubs, picked"

    page.click("#chip-2-0")  # take K♥ back: the total follows
    page.wait_for_function("() => (document.querySelector('#total-2') || {}).textContent === ', 11 points'")


def test_players_level_with_each_other_each_keep_a_visible_line(pad, page):
    pad.open()
    pad.start(PLAYERS, target=150)
    pad.enter_hand("Dee", {"Ana": 10, "Ben": 12, "Cy": 8})
    pad.enter_hand("Dee", {"Ana": 5, "Ben": 5, "Cy": 5})
    # Ana, Ben and Cy are all at 0: three lines that would lie on top of each other
    lines = page.locator("#chart polyline").evaluate_all("els => els.map(e => e.getAttribute('points'))")
    assert len(lines) == 4 and len(set(lines)) == 4
    ys = [[float(p.split(",")[1]) for p in line.split()] for line in lines[:3]]
    assert all(len(set(row[k] for row in ys)) == 3 for k in range(3))  # apart at every hand
    # and each has its own marker at every hand: 4 players × 2 hands
    markers = page.locator("#chart path.dot").evaluate_all("els => els.map(e => e.getAttribute('class'))")
    assert sorted(markers) == sorted(f"dot series-{i}" for i in range(4) for _ in range(2))
    shapes = page.locator("#chart path.dot").evaluate_all("els => els.map(e => e.getAttribute('d').replace(/[-\\d.]+/g, ''))")
    assert len(set(shapes)) == 4  # circle, square, triangle, diamond
