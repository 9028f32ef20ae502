"""/play as a rummy app (#23): each point the issue saw, reproduced in Chromium and shown fixed.
The opponents' pace is zero (``?pace=0``) except where a test holds a move on the board."""

import re

import pytest
from live_server import serving
from playwright.sync_api import expect

from app import create_app
from schemas.wire import TABLE_WIRE
from tables import Sealer, Tables

from .axe import assert_accessible
from .play_driver import Play, card_text, shown

SIZES = {
    "phone-light": ({"width": 360, "height": 740}, "light"),
    "phone-dark": ({"width": 360, "height": 740}, "dark"),
    "desktop-light": ({"width": 1280, "height": 800}, "light"),
    "desktop-dark": ({"width": 1280, "height": 800}, "dark"),
}


@pytest.fixture
def play(page, server_url):
    return Play(page, server_url)


@pytest.fixture(params=sorted(SIZES))
def sized(request, browser, server_url):
    """A page at each of the four sizes and colour schemes."""
    viewport, scheme = SIZES[request.param]
    ctx = browser.new_context(viewport=viewport, color_scheme=scheme, has_touch=viewport["width"] < 600, base_url=server_url)
    ctx.set_default_timeout(10_000)
    pg = ctx.new_page()
    errors = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield Play(pg, server_url)
    ctx.close()
    assert not errors, errors


IN_VIEW = """(sel) => [...document.querySelectorAll(sel)].map((el) => {
  const r = el.getBoundingClientRect();
  return {id: el.id || el.dataset.card, inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
          width: r.width, height: r.height};
})"""


@pytest.mark.parametrize("opponents", [1, 5])
def test_4_during_a_turn_the_table_hand_and_actions_are_in_view_without_scrolling(sized, opponents):
    """Point 4: at 360×740 (and 1280×800, light and dark) the piles, the melds, every card of the
    hand and the Meld, Lay off, Discard and Hint buttons are inside the viewport, the page not
    scrolled; cards are at least 44 px to tap. One opponent: 11 cards after the draw; five: six
    players' strip."""
    play, page = sized, sized.page
    play.start(opponents=opponents, levels=("hard",) * opponents)
    page.click("#stock")
    play.wait_idle()
    assert page.evaluate("window.scrollY") == 0
    cards = page.evaluate(IN_VIEW, "#hand .hand-card")
    assert len(cards) == (11 if opponents == 1 else 7)
    assert all(c["inside"] for c in cards), cards
    assert all(c["width"] >= 44 and c["height"] >= 44 for c in cards), cards
    actions = page.evaluate(IN_VIEW, "#meld, #lay-off, #discard-card, #hint, #stock, #discard, #melds-box, #players")
    assert all(a["inside"] for a in actions), actions
    assert play.no_sideways_scroll()
    # The hint sits above the hand, in view with the pile it names (marked).
    move, _ = play.hint()
    hint = page.evaluate(IN_VIEW, "#hint-box")
    assert hint[0]["inside"], hint
    if move["action"] == "discard":
        assert play.raised() == [move["card"]]
    # A refusal too, with a card raised: everything stays in view, nothing scrolled.
    play.raise_only([play.hand()[0]])
    page.click("#meld")
    play.wait_idle()
    expect(page.locator("#refusal")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    seen = page.evaluate(IN_VIEW, "#refusal, #hand .hand-card, #meld, #lay-off, #discard-card, #hint, #stock, #discard")
    assert all(a["inside"] for a in seen), seen


def test_1_new_game_asks_first_and_the_game_and_the_form_survive_a_reload(play, page):
    play.start(opponents=3, levels=("easy", "medium", "hard"), preset="basic", target=150)
    page.click("#stock")
    play.wait_idle()
    hand = play.hand()
    page.click("#quit")
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#confirm-text")).to_contain_text("This game is not over")
    assert_accessible(page, "the New game confirmation")
    page.click("#confirm-keep")  # the game goes on, untouched
    expect(page.locator("#confirm")).to_be_hidden()
    assert play.hand() == hand and play.saved()["table"]
    page.reload()
    play.wait_idle()
    assert play.hand() == hand
    page.click("#quit")
    page.click("#confirm-leave")
    expect(page.locator("#setup")).to_be_visible()
    # The form keeps the last game's choices.
    expect(page.locator("#opponents")).to_have_value("3")
    expect(page.locator("#level-2")).to_have_value("hard")
    expect(page.locator("#preset")).to_have_value("basic")
    expect(page.locator("#target")).to_have_value("150")


def test_2_a_new_game_starts_with_nothing_since_your_last_turn(play, page):
    play.first_turn()  # a hand that goes on to Ana's next turn, its log on the table
    assert page.locator("#log li").count() >= 2  # the opponents' moves
    page.click("#quit")
    page.click("#confirm-leave")
    page.select_option("#opponents", "1")
    page.click("#start")
    play.wait_idle()
    # Ana leads a new game with one opponent (she is first, the dealer last): nothing happened yet.
    expect(page.locator("#log li")).to_have_text(["Nothing yet."])
    expect(page.locator("#summary")).to_have_text("Your turn: draw")
    page.click("#stock")
    play.wait_idle()
    expect(page.locator("#log li")).to_have_text(["Nothing yet."])


def test_3_the_opponents_moves_change_the_board_one_line_at_a_time(play, page):
    # After Skip, the table at Ana's next turn: a deal where Bob or Cy goes out at once ends on
    # the end screen instead, so the test deals again.
    for _ in play.deals():
        play.start(pace=600_000)  # each opponent's move stays on the board until Skip
        page.click("#stock")
        play.wait_idle()
        mine = play.hand()[-1]
        play.raise_only([mine])
        page.click("#discard-card")
        page.wait_for_selector("#replay:not([hidden])")
        line = shown(page.locator("#replay-line"))
        assert re.fullmatch(r"Bob (drew from the stock|took .+ from the discard pile)\.", line), line
        # The board is at Bob's first move, not at the end of the round.
        expect(page.locator("#player-Bob .count")).to_have_text("8 cards")
        expect(page.locator("#player-Cy .count")).to_have_text("7 cards")
        expect(page.locator("#player-Bob .badge:not(.dealer)")).to_have_text("to play")
        expect(page.locator("#player-Ana .badge:not(.dealer)")).to_have_count(0)
        expect(page.locator("#turn")).to_have_text("Bob is playing")
        if line.startswith("Bob drew"):
            expect(page.locator("#discard-top .sr-only")).to_have_text(re.compile(r"of"))
            assert shown(page.locator("#discard-top")) == card_text(mine)  # Ana's discard still on top
        expect(page.locator("#discard-card")).to_be_disabled()
        page.click("#skip")
        play.wait_idle()
        expect(page.locator("#replay")).to_be_hidden()
        if not play.ended():
            break
    view = play.seat_view()
    for p in view["players"]:
        expect(page.locator(f"#player-{p['id']} .count")).to_have_text(f"{p['cards']} cards")
    expect(page.locator("#player-Ana .badge:not(.dealer)")).to_have_text("to play")


def test_3_the_pace_is_the_players_choice_and_kept(play, page):
    play.open(pace=None)
    page.wait_for_selector("#setup:not([hidden])")
    expect(page.locator("#pace option")).to_have_text(["Slow (1.5 s a move)", "Normal (0.7 s a move)", "Fast (0.3 s a move)", "At once"])
    page.select_option("#pace", "instant")
    page.click("#start")
    play.wait_idle()
    expect(page.locator("#pace-table")).to_have_value("instant")
    page.select_option("#pace-table", "fast")
    page.reload()
    play.wait_idle()
    expect(page.locator("#pace-table")).to_have_value("fast")


def test_5_the_game_survives_a_restart_of_the_service_with_its_key(play, page, browser):
    """Two processes' worth of app with the same seal key (as `make serve` keeps in .dev-seal-key):
    the page's requests go to the second after the first game's moves, and the game goes on. With
    another key the page says what happened in a player's words."""
    same = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY"
    other = "ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA"

    def app_with(k):
        return create_app({"TABLES": Tables(Sealer.from_environment({"RUMMY_SEAL_KEYS": k}), wire=TABLE_WIRE)})

    # These apps run without a table store: the page's pledge request is refused (409) and hand 1
    # is dealt without one, a refusal the browser logs.
    page.allow_network_errors = True
    with serving(app_with(same)) as first, serving(app_with(same)) as second, serving(app_with(other)) as stranger:
        page.route("**/v1/tables**", lambda route: route.continue_(url=route.request.url.replace(play.base, first)))
        play.start()
        page.click("#stock")
        play.wait_idle()
        hand = play.hand()
        page.unroute("**/v1/tables**")
        page.route("**/v1/tables**", lambda route: route.continue_(url=route.request.url.replace(play.base, second)))
        page.reload()  # "the service restarted": a new process, the same key
        play.wait_idle()
        assert play.hand() == hand
        play.raise_only([hand[0]])
        page.click("#discard-card")
        play.wait_idle()
        # discarded (an opponent may go out at once: then the end screen's row of cards left)
        assert hand[0] not in play.my_cards()
        page.unroute("**/v1/tables**")
        page.route("**/v1/tables**", lambda route: route.continue_(url=route.request.url.replace(play.base, stranger)))
        page.reload()  # another key: the table cannot be opened now, but the game is kept (#33 point 8)
        expect(page.locator("#error")).to_contain_text("The Rummy Referee does not know this game just now")
        expect(page.locator("#error")).not_to_contain_text("sealed")
        expect(page.locator("#error")).not_to_contain_text("key")
        expect(page.locator("#discard-game")).to_be_visible()
        assert play.saved()["table"]
        page.unroute("**/v1/tables**")
        page.route("**/v1/tables**", lambda route: route.continue_(url=route.request.url.replace(play.base, second)))
        page.click("#retry")  # the right key is back: the same game goes on
        play.wait_idle()
        expect(page.locator("#error")).to_be_hidden()
        assert hand[0] not in play.my_cards() and len(play.my_cards()) == len(hand) - 1


def test_6_the_drawn_card_is_marked_and_a_sort_stays_on(play, page):
    for n in play.deals():  # the mark's end is seen on the table at Ana's next turn
        play.start()
        if not n:  # a new game keeps the sort (test_play_nits.py): the next deal is by suit already
            page.click("#sort")  # by suit, before the draw
        expect(page.locator("#sort-now")).to_have_text("Sorted by suit")
        before = set(play.hand())
        page.click("#stock")
        play.wait_idle()
        drawn = (set(play.hand()) - before).pop()
        expect(page.locator("#hand .drawn")).to_have_count(1)
        expect(page.locator(f"#card-{drawn}")).to_have_class(re.compile(r"\bdrawn\b"))
        expect(page.locator(f"#card-{drawn} .sr-only")).to_have_text(re.compile(r", just drawn$"))
        suits = [c[-1] for c in play.hand()]
        assert suits == sorted(suits, key="CDHS".index)  # the new card took its place in the sort
        play.raise_only([play.hand()[0] if play.hand()[0] != drawn else play.hand()[1]])
        page.click("#discard-card")
        play.wait_idle()
        if not play.ended():
            break
    expect(page.locator("#hand .drawn")).to_have_count(0)


def test_6_refusals_speak_to_the_player(play, page):
    play.start()
    play.raise_only([play.hand()[0]])
    page.click("#meld")  # before drawing
    play.wait_idle()
    expect(page.locator("#refusal")).to_have_text("You must draw a card before melding, laying off or discarding")


def test_6_the_scorepad_links_to_play(page, server_url):
    page.goto(server_url + "/")
    link = page.get_by_role("link", name=re.compile("Play against the computer"))
    expect(link).to_have_attribute("href", "/play")
    link.click()
    expect(page).to_have_url(re.compile(r"/play$"))


def test_every_opponent_at_its_own_level_and_a_rematch_at_the_end(play, page):
    play.start(opponents=5, levels=("easy", "medium", "hard", "medium", "easy"), target=1)
    for name, level in zip(["Bob", "Cy", "Dee", "Eve", "Fay"], ["Easy", "Medium", "Hard", "Medium", "Easy"]):
        expect(page.locator(f"#player-{name} .name")).to_have_text(f"{name} · {level}")
    for _ in range(200):
        if play.ended():
            break
        play.play(play.hint()[0])
    assert play.ended()
    view = play.seat_view()
    if view["result"]["outcome"] == "out":  # target 1: the hand's winner wins the game
        expect(page.locator("#end-winner")).to_be_visible()
        page.click("#rematch")
        # The new game's table on screen: the end screen stays (not busy) until its table is dealt.
        page.wait_for_selector("body:not(.busy) #table:not([hidden])")
        after = play.seat_view()
        assert after["hand"] == 1 and set(after["scores"]["totals"].values()) == {0}
        assert after["table_id"] != view["table_id"]
        expect(page.locator("#player-Dee .name")).to_have_text("Dee · Hard")


def test_cards_dragged_with_a_mouse_and_a_finger(play, page):
    play.start()
    page.click("#stock")
    play.wait_idle()
    first, third = play.hand()[0], play.hand()[2]
    # A mouse drags the first card onto the third: it takes the third's place.
    a, b = page.locator(f"#card-{first}").bounding_box(), page.locator(f"#card-{third}").bounding_box()
    page.mouse.move(a["x"] + 20, a["y"] + 30)
    page.mouse.down()
    page.mouse.move(b["x"] + 20, b["y"] + 30, steps=6)
    page.mouse.up()
    assert play.hand().index(first) == 1 and play.raised() == []
    expect(page.locator("#sort-now")).to_have_text("Your order")
    # A finger drags a card onto the discard pile: it is discarded.
    card = play.hand()[-1]
    c, d = page.locator(f"#card-{card}").bounding_box(), page.locator("#discard").bounding_box()
    cdp = page.context.new_cdp_session(page)
    start, end = (c["x"] + 20, c["y"] + 30), (d["x"] + d["width"] / 2, d["y"] + d["height"] / 2)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]})
    for i in range(1, 9):
        x, y = start[0] + (end[0] - start[0]) * i / 8, start[1] + (end[1] - start[1]) * i / 8
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    play.wait_idle()
    assert card not in play.my_cards()  # on the end screen's row when an opponent went out at once
    view = play.seat_view()  # discarded: on the pile, or taken from it by the next player
    assert card in view["discard"] or {"player": "Bob", "action": "draw", "source": "discard", "card": card} in view["events"]
