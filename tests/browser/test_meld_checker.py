"""The "Check a meld" and "Rules" screens at 360 px: a disputed meld settled on the phone in one
sentence from the API's summary (R6, R10–R12), and the rules of the game's preset in plain words
(R21). Screenshots go to the shots folder (RUMMY_SHOTS_DIR, /tmp/shots by default)."""

import re

from .scorepad_driver import api_post

ACES_LOW = "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King"


def pick(page, key, codes):
    for code in codes:
        page.click(f"#suit-{key}-{code[-1]} + span")
        page.click(f"#rank-{key}-{code[:-1]}")


def check(page):
    page.click("#check-meld")
    page.wait_for_selector("#verdict:not([hidden])")
    return page.inner_text("#verdict-word").strip(), page.inner_text("#verdict-summary").strip()


def in_view(page, selector):
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def test_a_disputed_meld_refused_then_one_accepted(pad, page, server_url, shots):
    pad.open()
    page.click("#nav-check")  # one tap from the scorepad
    page.wait_for_selector("#check-screen:not([hidden])")
    assert page.get_attribute("#nav-check", "aria-current") == "page"
    assert page.evaluate("() => document.activeElement.id") == "check-title"
    # without a game the rules in play are the default preset's
    assert page.input_value("#check-rules") == "standard"

    pick(page, "meld", ["QS", "KS", "AS"])
    assert page.inner_text("#meld-picker .chosen").split()[::2] == ["Q♠", "K♠", "A♠"]
    word, summary = check(page)
    assert word == "No, not a meld"
    assert summary == ACES_LOW
    # the sentence is the API's summary, word for word
    status, answer = api_post(server_url, "/v1/melds/check", {"cards": ["QS", "KS", "AS"]})
    assert status == 200 and answer["summary"] == summary
    assert page.is_hidden("#verdict-reasons")  # the one reason is the sentence already shown
    assert page.inner_text("#verdict-rules").strip() == "Read the rule (rule R11 in the rulebook)"
    # the rule id opens its rule in the rulebook page
    assert page.get_attribute("#verdict-rules a[href^='/rules']", "href") == "/rules#R11"
    assert in_view(page, "#verdict-word") and in_view(page, "#verdict-summary")
    size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('#verdict-word')).fontSize)")
    assert size >= 28, size  # large type, to read across the table
    page.screenshot(path=str(shots / "5-check-refused-360.png"))

    page.click("#clear-check")
    assert page.is_hidden("#verdict")
    pick(page, "meld", ["5S", "6S", "7S"])
    word, summary = check(page)
    assert (word, summary) == ("Yes, a meld", "5♠ 6♠ 7♠ is a run of spades")
    assert "valid" in page.get_attribute("#verdict", "class")
    assert page.inner_text("#verdict-rules").strip() == "Read the rule (rule R11 in the rulebook)"
    page.screenshot(path=str(shots / "6-check-accepted-360.png"))

    # changing the cards takes the old verdict away
    page.click("#chip-meld-2")
    assert page.is_hidden("#verdict")

    # the checker keeps its cards over a reload, and the scorepad is one tap back
    pad.reload()
    assert page.is_visible("#check-screen")
    assert page.inner_text("#meld-picker .chosen").split()[::2] == ["5♠", "6♠"]
    page.click("#nav-pad")
    page.wait_for_selector("#setup:not([hidden])")
    assert page.is_hidden("#check-screen")


def test_a_lay_off_onto_a_run(pad, page):
    pad.open()
    page.click("#nav-check")
    page.click("label[for=lay-off]")
    assert page.inner_text("#cards-legend") == "Cards to lay off"
    pick(page, "onto", ["5S", "6S", "7S"])
    pick(page, "meld", ["8S"])
    # a card of the meld on the table shows as picked in the other picker, not as pickable
    assert page.is_disabled("#rank-meld-6")
    assert page.get_attribute("#rank-meld-6", "aria-label") == "6 of spades, already picked in the meld on the table"
    word, summary = check(page)
    assert (word, summary) == ("Yes, it fits", "8♠ fits 5♠ 6♠ 7♠: 5♠ 6♠ 7♠ 8♠ is a run of spades")

    page.click("#chip-meld-0")
    pick(page, "meld", ["9S"])
    word, summary = check(page)
    assert word == "No, it does not fit"
    assert summary == "9♠ does not fit 5♠ 6♠ 7♠: the ranks are not consecutive, 8♠ is missing"
    # the reasons below, each a sentence to read aloud
    assert page.locator("#verdict-reasons li").all_inner_texts() == ["5♠ 6♠ 7♠ 9♠ would not be a run (a gap in the ranks)"]

    # a "meld on the table" that is no meld is said so, beside that picker
    page.click("#chip-onto-2")
    page.click("#chip-onto-1")
    page.click("#check-meld")
    page.wait_for_selector("#onto-error:not([hidden])")
    assert page.inner_text("#onto-error").strip() == (
        "The meld on the table is not a meld: 5♠ is not a meld: a meld needs at least three cards"
    )


def test_the_rules_in_play_and_the_rules_screen(pad, page, shots):
    pad.open()
    pad.start(["Ana", "Ben"], preset="basic", target=150)
    page.click("#nav-check")
    page.wait_for_selector("#check-screen:not([hidden])")  # the tab is a link: the screen follows its hashchange
    assert page.input_value("#check-rules") == "game"
    assert page.inner_text("#check-rules option:checked") == "This game’s rules (Basic)"
    pick(page, "meld", ["QS", "KS", "AS"])
    assert check(page)[1] == ACES_LOW

    assert page.inner_text("#verdict-rules") == "Read the rule (rule R11 in the rulebook)"
    page.click("#read-rule")  # from the verdict to the rule itself
    page.wait_for_selector("#rules-screen:not([hidden]) #rule-going_rummy_doubles")
    # it lands on the rule for the meld: focused, on screen (#33: it was ~1,000 px below)
    assert page.evaluate("() => document.activeElement.id") == "rule-aces"
    box = page.locator("#rule-aces").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]
    # the rules that decided it are marked: the aces option, and what a run is
    assert page.locator("#rules-body li.pointed").all_inner_texts() == [
        "The rule for your meld:\nAces are low: A 2 3 is a run, Q K A is not, and a run never wraps from the King to the ace. Rule R11",
        "The rule for your meld:\nA run is three or more cards of one suit in a row. Rule R11",
    ]
    assert page.inner_text("#rules-body h3 >> nth=0") == "Basic rules"
    sentences = {li.get_attribute("id"): li.locator("span").inner_text() for li in page.locator("#rules-body li[id]").all()}
    assert sentences["rule-melds_per_turn"] == "A player may lay down at most one meld in a turn; laying off is not limited."
    assert sentences["rule-going_rummy_doubles"] == "Going rummy scores the same as going out: there is no bonus."
    assert sentences["rule-restock"] == "When the stock runs out, the discard pile except its top card is turned over to make a new stock."
    assert sentences["rule-target_score"] == (
        "The game ends when a player reaches 150 points; the highest total wins, and a tie for highest plays another hand."
    )
    assert sentences["rule-aces"].startswith("Aces are low: A 2 3 is a run, Q K A is not")
    for text in sentences.values():  # rule ids only in small print, never in the sentence
        assert not re.search(r"\bR\d", text), text
    assert page.inner_text("#rule-aces .rule-id") == "Rule R11"
    assert page.get_attribute("#rule-aces .rule-id a", "href") == "/rules#R11"
    page.screenshot(path=str(shots / "7-rules-360.png"))

    page.select_option("#rules-preset", "two-restocks")
    assert page.inner_text("#rule-max_restocks span") == (
        "The stock may be rebuilt 2 times in a hand; the next time it runs out, the hand is drawn and nobody scores."
    )
    assert page.inner_text("#rule-dealer_rotation span") == "The deal passes to the left after every hand."
    assert page.inner_text("#rule-going_rummy_doubles span").endswith("doubles the points.")


def test_the_checker_with_the_keyboard_alone(pad, page):
    pad.open()
    page.focus("#nav-check")
    page.keyboard.press("Enter")
    page.wait_for_selector("#check-screen:not([hidden])")
    page.keyboard.press("Tab")  # the suit radios
    assert page.evaluate("() => document.activeElement.id") == "suit-meld-C"
    for _ in range(3):
        page.keyboard.press("ArrowDown")  # ♦ ♥ ♠
    assert page.is_checked("#suit-meld-S")
    page.keyboard.press("Tab")  # the ranks: A 2 3 4 5
    for _ in range(4):
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "rank-meld-5"
    for _ in range(3):
        page.keyboard.press("Enter")  # 5, then focus moves on: 6, 7
    assert page.inner_text("#meld-picker .chosen").split()[::2] == ["5♠", "6♠", "7♠"]
    page.keyboard.press("Tab")  # on past the other ranks, the lay-off box and the rules to Check
    for _ in range(30):
        if page.evaluate("() => document.activeElement.id") == "check-meld":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "check-meld"
    page.keyboard.press("Enter")
    page.wait_for_selector("#verdict:not([hidden])")
    assert page.inner_text("#verdict-summary") == "5♠ 6♠ 7♠ is a run of spades"
    # the skip link jumps to the content and keeps the screen shown
    page.focus(".skip")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "main"
    assert page.is_visible("#check-screen") and page.is_hidden("#pad-screen")


def test_9_the_aces_house_rule_in_the_scorepad_and_the_checker(pad, page):
    """high_or_low (R11, a house rule the API supports): offered when a game starts, kept in the
    game's rules (the checker then uses it), and as a choice in the checker on its own."""
    pad.open()
    page.click("#nav-check")
    page.select_option("#check-rules", "standard")
    for code in ("QS", "KS", "AS"):
        pad.pick_card("meld", code)
    page.click("#check-meld")
    page.wait_for_selector("#verdict:not([hidden])")
    assert page.inner_text("#verdict-summary") == "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King"
    page.check("#check-aces")
    page.click("#check-meld")
    page.wait_for_function("() => document.querySelector('#verdict-summary').textContent.includes('is a run')")
    assert page.inner_text("#verdict-summary") == "Q♠ K♠ A♠ is a run of spades"

    page.click("#nav-pad")
    pad.fill_setup(["Ana", "Ben"], target=100)
    page.check("#aces-high")
    page.click("#start-game")
    page.wait_for_selector("#game:not([hidden]) #entry-title")
    assert pad.stored()["pad"]["rules"]["aces"] == "high_or_low"
    assert "aces high or low" in page.inner_text("#game")
    page.click("#nav-check")
    page.select_option("#check-rules", "game")
    assert page.is_checked("#check-aces") and page.is_disabled("#check-aces")  # the game's own rule
