"""Undo, put back, delete, a game of a number of deals, a new game, and sharing the results."""

import csv
import io


def test_undo_put_back_delete_and_new_game(pad, page):
    pad.open()
    # two players, basic rules, three deals: the winner deals next (R19), rummy does not double (R15)
    pad.start(["Ana", "Ben"], preset="basic", deals=3, first_dealer="Ben")
    assert pad.text("#entry-title") == "Hand 1 of 3"
    assert pad.text("#entry-dealer") == "Dealer: Ben"
    assert not page.is_visible("#to-target-head")
    pad.enter_hand("Ana", {"Ben": 10}, rummy=True)
    assert pad.totals() == {"Ana": 10, "Ben": 0}
    assert "Ana went rummy: +10 (no bonus)" in pad.history_text(0)
    assert pad.next_dealer_text() == "Next dealer: Ana"
    pad.enter_hand("Ben", {"Ana": 7})
    assert pad.totals() == {"Ana": 10, "Ben": 7}
    assert pad.next_dealer_text() == "Next dealer: Ben"

    # undo the last hand, then put it back
    page.click("#undo-last")
    pad.wait_hands(1)
    assert pad.totals() == {"Ana": 10, "Ben": 0}
    assert pad.text("#entry-title") == "Hand 2 of 3"
    page.click("#redo")
    pad.wait_hands(2)
    assert pad.totals() == {"Ana": 10, "Ben": 7}

    # delete hand 1 (asks first; "Keep it" keeps it)
    page.click("#delete-0")
    page.click("#keep-0")
    assert pad.hand_count() == 2
    page.click("#delete-0")
    page.click("#confirm-delete-0")
    pad.wait_hands(1)
    assert pad.totals() == {"Ana": 0, "Ben": 7}
    assert "Ben went out: +7" in pad.history_text(0)
    assert "dealt by Ben" in pad.history_text(0)

    # play the deals out: the game ends after three hands, highest total winning
    pad.drawn_hand()
    pad.enter_hand("Ana", {"Ben": 3})
    assert pad.text("#winner-banner") == "Ben wins with 7 points!"

    # a new game starts from the same players and rules; "back" keeps the old game
    page.click("#new-game")
    page.wait_for_selector("#setup:not([hidden])")
    assert page.input_value("#player-0") == "Ana" and page.input_value("#player-1") == "Ben"
    assert page.input_value("#preset") == "basic"
    assert page.is_checked("#length-deals")
    page.click("#cancel-setup")
    assert pad.text("#winner-banner") == "Ben wins with 7 points!"
    page.click("#new-game")
    page.click("#start-game")
    page.wait_for_selector("#game:not([hidden])")
    assert pad.hand_count() == 0
    assert pad.totals() == {"Ana": 0, "Ben": 0}
    pad.reload()
    assert pad.hand_count() == 0


def test_copy_as_text_and_csv_download(pad, page, context, server_url):
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
    pad.open()
    pad.start(["Ana", "Ben, Jr.", "Cy"], target=100)
    pad.enter_hand("Ana", {"Ben, Jr.": 20, "Cy": ["KH", "10H", "AS"]})
    pad.drawn_hand()

    page.click("#copy-text")
    page.wait_for_selector("#share-said:not([hidden])")
    # #23, point 8: said beside the button, in view where it was tapped (not at the page's top)
    assert page.inner_text("#share-said") == "Results copied: paste them into a message."
    box = page.locator("#share-said").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]
    text = page.evaluate("() => navigator.clipboard.readText()")
    assert "first to 100 points" in text
    assert "1. Ana 41" in text
    assert "1. dealer Ana: Ana went out, +41 (Ben, Jr. 20, Cy 21)" in text
    assert "2. dealer Ben, Jr.: drawn hand" in text

    with page.expect_download() as info:
        page.click("#download-csv")
    download = info.value
    assert download.suggested_filename.endswith(".csv")
    rows = list(csv.reader(io.StringIO(open(download.path(), encoding="utf-8-sig").read())))
    # each player's points in each hand: scored, held when another went out, running total
    assert rows[0] == [
        "hand",
        "dealer",
        "went out",
        "rummy",
        "drawn",
        "points",
        "Ana scored",
        "Ana held",
        "Ana total",
        "Ben, Jr. scored",
        "Ben, Jr. held",
        "Ben, Jr. total",
        "Cy scored",
        "Cy held",
        "Cy total",
    ]
    assert rows[1] == ["1", "Ana", "Ana", "no", "no", "41", "41", "", "41", "0", "20", "0", "0", "21", "0"]
    assert rows[2] == ["2", "Ben, Jr.", "", "no", "yes", "0", "0", "", "41", "0", "", "0", "0", "", "0"]
