"""A whole three-player game to 100 on the phone scorepad, as a player would enter it.

Covers R14 (hand score), R15 (going rummy doubles under standard), R16 (a drawn hand scores
nothing), R19 (the deal passes left with three players, also after a drawn hand) and R20 (the
game ends once a player reaches the target, the highest total winning). Every number checked on
the page is the API's; the test also posts the stored pad to the API itself and compares.
"""

from .scorepad_driver import api_post


def test_three_player_game_to_100(pad, page, server_url, shots):
    pad.open()
    pad.fill_setup(["Ana", "Ben", "Cy"], preset="standard", target=100, first_dealer="Ana")
    page.screenshot(path=str(shots / "1-setup-360.png"), full_page=True)
    page.click("#start-game")
    pad.players = ["Ana", "Ben", "Cy"]
    page.wait_for_selector("#game:not([hidden])")
    assert pad.text("#entry-title") == "Hand 1"
    assert pad.text("#entry-dealer") == "Dealer: Ana"

    # Hand 1 (Ana deals): Ana goes out; Ben says 20 points, Cy's cards are picked: K♥ 10♥ A♠ = 21.
    pad.fill_hand("Ana", {"Ben": 20, "Cy": ["KH", "10H", "AS"]})
    assert page.inner_text("#opp-2 .chosen").split() == ["K♥", "✕", "10♥", "✕", "A♠", "✕"]
    # a card already picked cannot be picked twice
    page.click("#suit-2-H + span")
    assert page.is_disabled("#rank-2-K")
    pad.save_hand(expect_hands=1)
    assert pad.totals() == {"Ana": 41, "Ben": 0, "Cy": 0}
    assert pad.to_target() == {"Ana": "59", "Ben": "100", "Cy": "100"}
    assert pad.next_dealer_text() == "Next dealer: Ben"
    assert pad.text("#entry-title") == "Hand 2"
    assert "Left in hand: Ben 20, Cy 21" in pad.history_text(0)

    # Hand 2 (Ben deals): Ben goes rummy; 15 + 10 left, doubled = 50.
    pad.enter_hand("Ben", {"Ana": 15, "Cy": 10}, rummy=True)
    assert pad.totals() == {"Ana": 41, "Ben": 50, "Cy": 0}
    assert pad.standings_order()[0] == "Ben"
    assert "Ben went rummy: +50 (×2)" in pad.history_text(1)
    assert pad.next_dealer_text() == "Next dealer: Cy"

    # Hand 3 (Cy deals): a drawn hand; nobody scores, the deal passes left.
    pad.drawn_hand()
    assert pad.totals() == {"Ana": 41, "Ben": 50, "Cy": 0}
    assert "Drawn hand" in pad.history_text(2)
    assert pad.next_dealer_text() == "Next dealer: Ana"

    # Correct hand 1: Ben actually held 30, not 20.
    page.click("#edit-0")
    assert pad.text("#entry-title") == "Correct hand 1"
    assert page.is_checked("#winner-0")
    assert page.input_value("#points-1") == "20"
    assert page.inner_text("#opp-2 .chosen").split()[::2] == ["K♥", "10♥", "A♠"]
    page.fill("#points-1", "30")
    page.click("#save-hand")
    page.wait_for_function("() => document.querySelector('#entry-title').textContent === 'Hand 4'")
    assert pad.totals() == {"Ana": 51, "Ben": 50, "Cy": 0}
    assert pad.standings_order()[0] == "Ana"
    assert "Left in hand: Ben 30, Cy 21" in pad.history_text(0)

    # The page's numbers are the API's: post the stored pad and compare.
    stored = pad.stored()
    status, answer = api_post(server_url, "/v1/scorepad", stored["pad"])
    assert status == 200
    assert pad.totals() == answer["totals"]
    assert pad.standings_order() == [s["player"] for s in answer["standings"]]
    assert pad.next_dealer_text() == f"Next dealer: {answer['next_dealer']}"

    # A reload (or a closed browser) keeps the game.
    pad.reload()
    page.wait_for_selector("#game:not([hidden])")
    assert pad.totals() == {"Ana": 51, "Ben": 50, "Cy": 0}
    assert pad.hand_count() == 3
    assert pad.next_dealer_text() == "Next dealer: Ana"
    assert pad.text("#entry-title") == "Hand 4"
    assert page.locator("#chart svg polyline").count() == 3
    page.screenshot(path=str(shots / "2-mid-game-360.png"), full_page=True)

    # Hand 4 (Ana deals): Cy goes out; Ana holds Q♣ J♣ (20), Ben says 5.
    pad.enter_hand("Cy", {"Ana": ["QC", "JC"], "Ben": 5})
    assert pad.totals() == {"Ana": 51, "Ben": 50, "Cy": 25}
    assert pad.next_dealer_text() == "Next dealer: Ben"

    # Hand 5 (Ben deals): Ana goes out with 30 + 25 = 55 and reaches 106: game over.
    pad.enter_hand("Ana", {"Ben": 30, "Cy": 25})
    assert pad.totals() == {"Ana": 106, "Ben": 50, "Cy": 25}
    assert pad.text("#winner-banner") == "Ana wins with 106 points!"
    assert pad.text("#entry-title") == "Game over"
    assert page.locator("#save-hand").count() == 0
    assert pad.next_dealer_text() == "Game over after 5 hands."
    assert pad.to_target()["Ana"] in ("reached", "0")
    page.screenshot(path=str(shots / "3-game-over-360.png"), full_page=True)

    # The end survives a reload too.
    pad.reload()
    page.wait_for_selector("#winner-banner:not([hidden])")
    assert pad.text("#winner-banner") == "Ana wins with 106 points!"
