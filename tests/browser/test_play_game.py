"""A whole game on /play at 360×740, start to winner, against three opponents (Easy, Medium,
Hard) to 100 points, played through the page as a player who follows the Hint ("Play it"), with
one refused move on the way. Screenshots (RUMMY_SHOTS_DIR, default /tmp/shots): mid-hand, the
refusal, the end of a hand, the end of the game. And the time of a round against Hard, printed
(never asserted)."""

import statistics
import time

from playwright.sync_api import expect

from .axe import assert_accessible
from .play_driver import Play

# A game to 100 with four players, the player following the hint, took 1–11 hands in 150 games
# played through the API (median 3; 10 of them 8 hands or more). The tail shrinks by about 0.7 a
# hand, so a bound of 12 hands failed about one game in 80 (once in fresh-clone CI, 2026-12-05).
# 40 hands only stops a game that never ends: a real game goes past it less than once in a million.
MAX_HANDS = 40
MAX_MOVES = 400  # the player's moves in one hand, far above any real hand


def test_a_whole_game_to_100_against_easy_medium_and_hard(page, server_url, shots):
    play = Play(page, server_url)
    play.start(opponents=3, levels=("easy", "medium", "hard"), target=100)
    expect(page.locator("#player-Dee .name")).to_have_text("Dee · Hard")
    taken = set()
    hands = 0
    while hands < MAX_HANDS:
        hands += 1
        for n in range(MAX_MOVES):
            if play.ended():
                break
            if "refusal" not in taken and page.evaluate("document.querySelector('#turn').textContent.startsWith('Your turn: meld')"):
                # A refused move: a single card is no meld. The referee says why, to the player.
                play.raise_only([play.hand()[0]])
                page.click("#meld")
                play.wait_idle()
                expect(page.locator("#refusal")).to_be_visible()
                assert not page.inner_text("#refusal").startswith("Ana")  # said to the player
                page.screenshot(path=str(shots / "play-game-refusal.png"))
                assert_accessible(page, "a refusal")
                taken.add("refusal")
                play.raise_only([])
            play.hint()
            page.click("#hint-play")
            play.wait_idle()
            expect(page.locator("#refusal")).to_be_hidden()  # the advice is always legal
            if "mid" not in taken and not play.ended() and (page.locator("#melds .meld").count() or n >= 6):
                page.screenshot(path=str(shots / "play-game-mid-hand.png"))
                assert_accessible(page, "mid-hand")
                taken.add("mid")
        assert play.ended(), f"hand {hands} did not end within {MAX_MOVES} moves"
        view = play.seat_view()
        expect(page.locator("#end-hands tbody tr")).to_have_count(4)
        if view["scores"]["game_over"]:
            break
        if "end-hand" not in taken:
            page.screenshot(path=str(shots / "play-game-end-of-hand.png"), full_page=True)
            assert_accessible(page, "the end of a hand")
            taken.add("end-hand")
        page.click("#next-hand")
        play.wait_idle()
    scores = view["scores"]
    assert scores["game_over"], f"no winner within {MAX_HANDS} hands: {scores['totals']}"
    winner = scores["winner"]
    assert scores["totals"][winner] >= 100 and winner == max(scores["totals"], key=scores["totals"].get)
    play.expect_game_won(scores)
    page.screenshot(path=str(shots / "play-game-end-of-game.png"), full_page=True)
    assert_accessible(page, "the end of the game")
    print(f"\nwhole game: {hands} hands, totals {scores['totals']}, winner {winner}")


def test_a_round_against_hard_timed(page, server_url):
    """From the player's discard to the page ready for the next turn, against one Hard opponent
    (pace 0: the referee's work and the page's). Printed, never asserted."""
    play = Play(page, server_url)
    play.start(opponents=1, levels=("hard",), target=500)
    took = []
    for _ in range(8):
        if play.ended():
            break
        page.click("#stock")
        play.wait_idle()
        play.raise_only([play.hand()[-1]])
        t0 = time.perf_counter()
        page.click("#discard-card")
        play.wait_idle()
        took.append(time.perf_counter() - t0)
    assert took
    print(
        f"\na round against Hard (discard → ready, {len(took)} rounds): median {statistics.median(took) * 1000:.0f} ms, max {max(took) * 1000:.0f} ms"
    )
