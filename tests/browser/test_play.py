"""The play page (GET /play): a hand against computer opponents in the browser, on sealed tables
through the public HTTP API only. Every test compares what the page shows with what the referee
answers (its sentences, counts and scores); the opponents' pacing is zero (``?pace=0``) except
where the test skips it by tapping Skip."""

import json
import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .play_driver import Play, card_text, expect_refusal, points, shown
from .scorepad_driver import api_post
from .test_scorepad_access import audit, low_contrast

MAX_ACTIONS = 400  # a hand against two Easy opponents takes far fewer of the player's moves


@pytest.fixture
def play(page, server_url):
    return Play(page, server_url)


def test_a_whole_hand_against_two_easy_opponents_then_the_next_hand(play, page, shots):
    """The test plays every move the Hard hint advises, by tapping, until the hand ends. Target
    500: one hand scores at most 2 × 140 (two hands of 7 cards, doubled), so the game goes on."""
    play.start(opponents=2, levels=("easy", "easy"), target=500)
    expect(page.locator("#players .player")).to_have_count(3)
    expect(page.locator("#player-Bob .name")).to_have_text("Bob · Easy")
    expect(page.locator("#player-Ana .count")).to_have_text("7 cards")  # R2: 7 each with 3 players
    assert len(play.hand()) == 7

    # The hint is the referee's: the same move and sentence as POST /v1/tables/suggest.
    s = play.saved()
    move, sentence = play.hint()
    assert {"move": move, "summary": sentence} == play.api("/v1/tables/suggest", {"table": s["table"], "seat": s["seat"], "level": "hard"})

    shot_taken = False
    for n in range(MAX_ACTIONS):
        if play.ended():
            break
        move, _ = play.hint() if n else (move, sentence)
        play.play(move)
        expect(page.locator("#refusal")).to_be_hidden()  # the advice is always legal
        # The mid-hand picture: after one of the player's discards, with a meld down if one comes early.
        if not shot_taken and not play.ended() and move["action"] == "discard" and (page.locator("#melds .meld").count() or n >= 9):
            assert play.no_sideways_scroll()
            page.screenshot(path=str(shots / "play-mid-hand.png"), full_page=True)
            shot_taken = True
    assert play.ended(), f"the hand did not end within {MAX_ACTIONS} of the player's moves"

    # The end screen says what the referee's view says, and the arithmetic holds.
    view = play.seat_view()
    r = view["result"]
    audit(page, "end of hand")
    page.screenshot(path=str(shots / "play-end-of-hand.png"), full_page=True)
    if r["outcome"] == "out":
        winner = "You" if r["winner"] == "Ana" else r["winner"]
        expect(page.locator("#end-title")).to_have_text(f"{winner} went out")
        losers = [p["id"] for p in view["players"] if p["id"] != r["winner"]]
        expect(page.locator("#end-hands tbody tr")).to_have_count(3)  # every hand, the winner's too
        expect(page.locator(f"#left-{r['winner']} td.num")).to_have_text(f"+{r['points']}")
        for p in losers:
            left = r["remaining_cards"][p]
            row = page.locator(f"#left-{p}")
            expect(row.locator(".pcard")).to_have_count(len(left))
            expect(row.locator(".pcard .sr-only").first).to_have_text(re.compile(r"^\w+ of \w+$"))  # said in words
            assert r["remaining"][p] == sum(points(c) for c in left)
            expect(row.locator("td.num")).to_have_text(str(r["remaining"][p]))
        assert r["points"] == r["multiplier"] * sum(r["remaining"][p] for p in losers)
        expect(page.locator("#end-points")).to_have_text(
            f"{winner} {'score' if winner == 'You' else 'scores'} {r['points']} points{' (doubled)' if r['multiplier'] == 2 else ''}"
        )
        expect(page.locator("#end-rummy")).to_have_text(
            "Going rummy: every card left counts double." if r["rummy"] else "Not rummy: the cards left count once."
        )
        expect(
            page.locator(f"#end-totals tbody tr:has(th:text-is('{r['winner']}{' (you)' if r['winner'] == 'Ana' else ''}')) td")
        ).to_have_text(str(r["points"]))
        assert view["scores"]["totals"][r["winner"]] == r["points"]
    else:
        expect(page.locator("#end-title")).to_have_text("The hand is a draw")

    # The deal was shuffled with the page's own entropy (16 random bytes, hex), drawn after the
    # service pledged hand 1's seed; "Check this deal" compares the reveal with all five things
    # the page knows (tests/browser/test_play_fairness.py shows the dishonest services caught).
    fair = r["fairness"]
    assert re.fullmatch(r"[0-9a-f]{32}", fair["entropy"]), fair["entropy"]
    page.click("#check-deal")
    expect(page.locator("#fair-said strong")).to_have_text("✓ Your cards were dealt fairly")
    expect(page.locator("#fair-facts dd").nth(2)).to_have_text(fair["entropy"])  # the entropy the page sent

    # Next hand: hand 2, dealt by the player to the left of hand 1's dealer (R19, 3 players).
    assert view["dealer"] == "Cy" and view["scores"]["next_dealer"] == "Ana"
    expect(page.locator("#end-next")).to_have_text("You deal the next hand.")
    page.click("#next-hand")
    play.wait_idle()
    view2 = play.seat_view()
    assert view2["hand"] == 2 and view2["dealer"] == "Ana"
    assert re.fullmatch(r"[0-9a-f]{32}", view2["fairness"]["entropy"]) and view2["fairness"]["entropy"] != fair["entropy"]
    # Hand 2's deck was committed before the page sent its entropy: its commitment is hand 1's
    # next_commitment, which the page keeps to compare when "Check this deal" is pressed.
    assert view["fairness"]["next_commitment"] == view2["fairness"]["commitment"] != fair["commitment"]
    kept = {e["hand"]: e for e in play.saved()["session"]["expectations"]}  # the table session's
    assert kept[2]["promised"] == view2["fairness"]["commitment"] and kept[1]["promised"] == fair["commitment"]  # hand 1: the pledge's
    assert kept[2]["entropy"] == view2["fairness"]["entropy"] and kept[2]["dealer"] == "Ana"
    if play.ended():
        # Bob and Cy play before Ana, who dealt, and one of them went out at once (19 of 24,000
        # such deals through the API, about 1 in 1,300): the end screen is hand 2's, and the
        # table, hidden, was not drawn again since hand 1 (its caption still says "Hand 1").
        won = view2["result"]
        assert won["winner"] in ("Bob", "Cy") and view2["scores"]["next_dealer"] == "Bob"
        assert view2["scores"]["totals"] == {
            p: t + (won["points"] if p == won["winner"] else 0) for p, t in view["scores"]["totals"].items()
        }
        expect(page.locator("#end-totals caption")).to_have_text("Hand 2, playing to 500")
        expect(page.locator("#end-next")).to_have_text("Bob deals the next hand.")  # Ana dealt hand 2 (R19)
        for p, total in view2["scores"]["totals"].items():
            expect(page.locator(f"#end-totals tr:has(th:text-is('{p}{' (you)' if p == 'Ana' else ''}')) td")).to_have_text(str(total))
    else:
        expect(page.locator("#scores caption")).to_have_text("Hand 2, playing to 500")
        expect(page.locator("#player-Ana .dealer")).to_have_text("dealer")
        for p, total in view["scores"]["totals"].items():
            expect(page.locator(f"#player-{p} .score")).to_have_text(f"{total} pts")


def test_a_refused_move_shows_the_referees_sentence_and_changes_nothing(play, page, shots):
    play.start()
    top = play.seat_view()["discard"][-1]
    page.click("#discard")  # take the top discard…
    play.wait_idle()
    assert play.hand()[-1] == top
    before = play.saved()["table"]
    turn = page.inner_text("#turn")
    play.raise_only([top])
    page.click("#discard-card")  # …and try to throw it straight back (R8)
    play.wait_idle()
    said = play.api("/v1/tables/move", {"table": before, "seat": play.saved()["seat"], "move": {"action": "discard", "card": top}})
    assert said["legal"] is False and said["reasons"][0]["code"] == "taken_discard"
    assert card_text(top) in said["summary"]
    expect_refusal(page, said["summary"])  # the referee's sentence, said to the player
    # Nothing changed: the same table, the same hand with the card still raised, the same turn.
    assert play.saved()["table"] == before
    assert len(play.hand()) == 8 and play.raised() == [top]
    expect(page.locator("#turn")).to_have_text(turn)
    assert play.no_sideways_scroll()
    page.screenshot(path=str(shots / "play-refused.png"), full_page=True)


def test_the_game_survives_a_reload_in_the_middle_of_a_turn(play, page):
    play.start()
    page.click("#stock")
    play.wait_idle()
    page.click("#sort")  # by suit
    expect(page.locator("#sort-now")).to_have_text("Sorted by suit")
    order = play.hand()
    suits = [c[-1] for c in order]
    assert suits == sorted(suits, key="CDHS".index) and len(order) == 8
    stock = page.inner_text("#stock-count")
    page.reload()
    play.wait_idle()
    assert play.hand() == order  # the cards and the player's own order
    expect(page.locator("#turn")).to_have_text("Your turn: meld, lay off, discard")
    expect(page.locator("#stock-count")).to_have_text(stock)
    page.click("#sort")  # by rank
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    by_rank = [ranks.index(c[:-1]) for c in play.hand()]
    assert by_rank == sorted(by_rank)
    # The game goes on from the reloaded page: the discard is played and the opponents answer.
    card = play.hand()[0]
    play.raise_only([card])
    page.click("#discard-card")
    play.wait_idle()
    # Bob or Cy may go out before Ana's next turn: the end screen then lists her cards left
    assert card not in play.my_cards() and len(play.my_cards()) == 7
    if not play.ended():
        assert play.seat_view()["turn"]["player"] == "Ana"


def test_the_opponents_moves_play_out_one_at_a_time_and_can_be_skipped(play, page):
    play.start(pace=600_000)  # ten minutes a move: only Skip gets past them
    page.click("#stock")
    play.wait_idle()
    play.raise_only([play.hand()[-1]])
    page.click("#discard-card")
    page.wait_for_selector("#replay:not([hidden])")
    expect(page.locator("#replay-line")).to_contain_text(re.compile(r"^Bob (drew from the stock|took .+ from the discard pile)\."))
    expect(page.locator("#turn")).to_have_text("Bob is playing")
    expect(page.locator("#player-Bob")).to_have_class(re.compile(r"\bnow\b"))
    expect(page.locator("#discard-card")).to_be_disabled()
    page.click("#skip")
    play.wait_idle()
    expect(page.locator("#replay")).to_be_hidden()
    seen = play.seat_view()["events"]  # the moves since Ana's last one: the opponents'
    expect(page.locator("#log li")).to_have_count(len(seen))
    for li, e in zip(page.locator("#log li").all(), seen):
        if e["action"] == "discard":
            assert shown(li) == f"{e['player']} discarded {card_text(e['card'])}."
        elif e["action"] == "draw" and e["source"] == "stock":
            assert shown(li) == f"{e['player']} drew from the stock."


def test_labels_targets_width_contrast_and_the_keyboard(play, page):
    play.open()
    page.wait_for_selector("#setup:not([hidden])")
    page.select_option("#opponents", "5")
    expect(page.locator("#levels select")).to_have_count(5)
    # the target's default and range are the service's (GET /v1/rules), none kept by the page
    option = next(o for o in page.request.get("/v1/rules").json()["options"] if o["name"] == "target_score")
    expect(page.locator("#target")).to_have_value(str(option["defaults"]["standard"]))
    assert page.get_attribute("#target", "max") == str(option["maximum"]) and page.get_attribute("#target", "min") == str(option["minimum"])
    audit(page, "setup")
    page.fill("#target", "0")
    page.click("#start")  # the referee refuses the rules, in words
    expect(page.locator("#error")).to_have_text("The target score must be from 1 to 100000")
    expect(page.locator("#setup")).to_be_visible()
    page.fill("#target", "100")
    page.click("#start")
    play.wait_idle()
    expect(page.locator("#players .player")).to_have_count(6)
    assert len(play.hand()) == 6  # R2: 6 cards each with 6 players
    # The keyboard alone: Tab to a card, Space raises it, Enter draws from the stock.
    page.focus("#stock")
    page.keyboard.press("Enter")
    play.wait_idle()
    assert len(play.hand()) == 7
    assert page.evaluate("document.activeElement.id") == "stock"  # focus kept through the request
    first = play.hand()[0]
    page.focus(f"#card-{first}")
    page.keyboard.press("Space")
    assert play.raised() == [first]
    page.focus("#meld")
    page.keyboard.press("Enter")  # one card is no meld: the referee says why
    play.wait_idle()
    expect(page.locator("#refusal")).to_contain_text(card_text(first))
    assert page.evaluate("document.activeElement.id") == "meld"
    play.hint()
    audit(page, "table")
    assert not low_contrast(
        page, ["#turn", "#hand .hand-card", ".player .name", ".badge", "#stock-count", "#refusal", "#hint-text", "#scores .total"]
    )
    assert page.viewport_size == PHONE


def test_a_game_to_one_point_ends_with_its_winner_after_a_hand_played_by_play_it(play, page):
    """One Medium opponent, the basic preset, target 1: the hand's winner wins the game (R20)."""
    play.start(opponents=1, levels=("medium",), preset="basic", target=1)
    assert len(play.hand()) == 10  # R2: 10 each with 2 players
    for _ in range(MAX_ACTIONS):
        if play.ended():
            break
        play.hint()
        page.click("#hint-play")
        play.wait_idle()
        expect(page.locator("#refusal")).to_be_hidden()
    assert play.ended()
    view = play.seat_view()
    scores = view["scores"]
    if view["result"]["outcome"] == "out":
        assert scores["game_over"] is True and view["rules"]["preset"] == "basic"
        play.expect_game_won(scores)
        expect(page.locator("#next-hand")).to_be_hidden()
        page.click("#new-game")
    else:  # a drawn hand (R16, R18a): nobody reached the target, so the game goes on and leaving it asks first
        assert scores["game_over"] is False
        expect(page.locator("#next-hand")).to_be_visible()
        page.click("#new-game")
        expect(page.locator("#confirm-text")).to_contain_text("This game is not over")
        page.click("#confirm-leave")
    expect(page.locator("#setup")).to_be_visible()
    assert page.evaluate("localStorage.getItem('rummy-referee-play-v1')") is None


FITS_TWO = {  # a view in which 7♥ fits two melds, as the referee would list its lay-offs
    "melds": [{"id": "m1", "owner": "Bob", "cards": ["7C", "7D", "7S"]}, {"id": "m2", "owner": "Cy", "cards": ["4H", "5H", "6H"]}],
    "legal_moves": [
        {"player": "Ana", "action": "lay_off", "cards": ["7H"], "meld": "m1"},
        {"player": "Ana", "action": "lay_off", "cards": ["7H"], "meld": "m2"},
        {"player": "Ana", "action": "discard", "card": "7H"},
    ],
}


def test_lay_off_asks_which_meld_when_the_referee_lists_more_than_one(play, page):
    """The view is the real one with its melds and legal moves replaced (a deal where a card fits
    two melds cannot be asked for): the page offers both melds and sends the one chosen."""
    play.start()
    page.click("#stock")
    play.wait_idle()
    real = play.seat_view()
    me = next(p for p in real["players"] if p["id"] == "Ana")
    me["hand"] = ["7H"] + [c for c in me["hand"][1:] if c != "7H"]
    sent = []

    def fake_view(route):
        route.fulfill(status=200, content_type="application/json", body=json.dumps({"view": {**real, **FITS_TWO}}))

    def capture_move(route):
        sent.append(json.loads(route.request.post_data))
        route.fulfill(
            status=200,
            content_type="application/json",
            body=json.dumps(
                {
                    "legal": False,
                    "applied": 0,
                    "table": play.saved()["table"],
                    "view": {**real, **FITS_TWO},
                    "result": None,
                    "events": [],
                    "reasons": [{"code": "does_not_fit", "message": "the test's referee refuses", "cards": ["7H"], "rule": "R6"}],
                }
            ),
        )

    page.route("**/v1/tables/view", fake_view)
    page.route("**/v1/tables/move", capture_move)
    page.reload()
    play.wait_idle()
    play.raise_only(["7H"])
    page.click("#lay-off")
    expect(page.locator("#choose-meld-title")).to_have_text("7♥ fits more than one meld: which one?")
    expect(page.locator("#choose-meld-list button")).to_have_text(["Bob's: 7♣ 7♦ 7♠", "Cy's: 4♥ 5♥ 6♥"])
    page.click('#choose-meld-list [data-meld="m2"]')
    play.wait_idle()
    assert sent[0]["move"] == {"action": "lay_off", "cards": ["7H"], "meld": "m2"}
    expect_refusal(page, "The test's referee refuses")


def test_desktop_width_and_dark_mode(browser, server_url):
    """At 1280 px in dark mode: no sideways scrolling, the four actions on one row, text readable."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark", base_url=server_url)
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        play = Play(page, server_url)
        play.start(opponents=3, levels=("easy", "medium", "hard"))
        expect(page.locator("#player-Dee .name")).to_have_text("Dee · Hard")
        tops = page.eval_on_selector_all(".actions .btn", "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
        assert len(tops) == 4 and len(set(tops)) == 1
        play.hint()
        audit(page, "desktop")
        assert not low_contrast(
            page, ["body", "#turn", "#hand .hand-card", ".player .name", ".badge", "#stock-count", "#hint-text", "#scores .total"]
        )
        assert not errors
    finally:
        ctx.close()


def test_a_reload_without_a_connection_keeps_the_game_to_try_again(play, page):
    play.start()
    hand = play.hand()
    page.allow_network_errors = True
    page.route("**/v1/tables/view", lambda route: route.abort())
    page.reload()
    expect(page.locator("#error")).to_contain_text("Could not reach the Rummy Referee")
    expect(page.locator("#table")).to_be_hidden()
    assert play.saved()["table"]  # the game is kept
    page.unroute("**/v1/tables/view")
    page.click("#retry")
    play.wait_idle()
    expect(page.locator("#error")).to_be_hidden()
    assert play.hand() == hand


def test_a_table_the_service_cannot_open_is_kept_and_a_new_game_offered(play, page):
    play.start()
    page.evaluate("""() => { const g = JSON.parse(localStorage.getItem('rummy-referee-play-v1'));
        g.table = 'rt1.' + 'A'.repeat(80); localStorage.setItem('rummy-referee-play-v1', JSON.stringify(g)); }""")
    page.reload()
    status, problem = api_post(play.base, "/v1/tables/view", {"table": "rt1." + "A" * 80})
    assert status == 422 and problem["errors"][0]["pointer"] == "/table"
    expect(page.locator("#error")).to_have_text(  # in a player's words, not the API's
        "The Rummy Referee does not know this game just now (it may have been restarted, or the game was left too long). "
        "The game is kept on this phone: try again later, or start a new game."
    )
    # kept until the player discards it (#33 point 8: a changed key must not delete it)
    assert page.evaluate("localStorage.getItem('rummy-referee-play-v1')") is not None
    page.click("#discard-game")
    expect(page.locator("#setup")).to_be_visible()
    assert page.evaluate("localStorage.getItem('rummy-referee-play-v1')") is None


def test_a_dropped_answer_is_sent_again_and_the_game_goes_on(play, page):
    """Issue 33 §2: a stock draw reaches the service and its answer is lost on the way back. The
    page's table session sends the same request again, the replay guard answers it as the first
    time (one card drawn, not two), and the next move plays on."""
    page.allow_network_errors = True  # the cut connection, as the browser logs it
    play.start()
    dropped = []

    def drop_once(route):
        if dropped:
            route.continue_()
            return
        route.fetch()  # the service plays the draw…
        dropped.append(route.request.post_data)
        route.abort()  # …and its answer never arrives

    page.route("**/v1/tables/move", drop_once)
    before = play.hand()
    page.click("#stock")
    play.wait_idle()
    page.unroute("**/v1/tables/move")
    assert len(dropped) == 1 and len(play.hand()) == len(before) + 1
    expect(page.locator("#error")).to_be_hidden()
    drawn = next(c for c in play.hand() if c not in before)
    play.raise_only([drawn])
    page.click("#discard-card")
    play.wait_idle()
    # the discard played (on the end screen's row of cards left when an opponent went out at once)
    assert drawn not in play.my_cards() and len(play.my_cards()) == len(before)
    expect(page.locator("#error")).to_be_hidden()


def test_an_older_token_catches_up_from_the_409_and_plays_on(play, page):
    """Issue 33 §2: the page holds an older token than the table's latest (another tab played on,
    or an answer was lost): the next move gets the 409, whose body carries the latest table and
    the seat's view; the page shows the table as it stands, nothing played, and plays on."""
    page.allow_network_errors = True  # the 409, as the browser logs it
    old = play.first_turn()  # dealt again until the latest table is a hand that goes on, to play on from
    latest = play.saved()
    assert latest["table"] != old["table"]
    # the page reloads from the older save: the view of the old token, its turn to draw
    page.evaluate("saved => localStorage.setItem('rummy-referee-play-v1', JSON.stringify(saved))", old)
    page.reload()
    play.wait_idle()
    page.click("#stock")
    play.wait_idle()
    expect(page.locator("#summary")).to_have_text("The game caught up with the table: here it is as it stands now.")
    assert play.saved()["table"] == latest["table"]
    assert sorted(play.hand()) == sorted(
        play.api("/v1/tables/view", {"table": latest["table"], "seat": latest["seat"]})["view"]["players"][0]["hand"]
    )
    page.click("#stock")  # and the game goes on from the latest table
    play.wait_idle()
    assert play.saved()["table"] != latest["table"] and len(play.hand()) == 8
