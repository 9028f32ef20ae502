"""The offline judge (static/js/judge: the meld checker and the scorepad with no connection)
gives the service's own answers, word for word (R1, R2, R2a, R6, R10–R12, R14–R16, R19, R20 and
the aces house rule): one rulebook, held equal by this differential test rather than kept by hand.

- every meld of up to four cards (one of each class up to the names of the suits, suits renamed
  and cards shuffled by a seeded draw) under both aces options, the referee asked live;
- every five-card meld the same way, against the digest of the referee's answers
  (tests/offline_judge_golden.json, made again with any change to the meld code: a test fails
  while it is stale);
- random melds (duplicates, any order), lay-offs, hand scores and scorepads (slips included),
  through the service itself (its HTTP answers, 422s included);
- in Spanish and Russian (issue 36): every meld of up to three cards, 3000 of four, and random
  melds and lay-offs (600), scorepads (800) and hand scores (200), the judge saying its
  sentences through the browser catalogs (static/i18n/<tag>.json), the referee through the
  gettext catalogs.
"""

from __future__ import annotations

import json
import random
import shutil
import unicodedata
import warnings

import pytest
from flask.testing import FlaskClient
from offline_judge_support import (
    ACES,
    GOLDEN,
    NAME_ALPHABET,
    NAMES_DATA,
    RANKS,
    SUITS,
    canonical,
    compact,
    five_card_digest,
    five_card_requests,
    judge,
    judge_five_card_melds,
    meld_requests,
    names_data,
    referee_meld_answer,
    sources_digest,
)

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="the offline judge runs in node (apt-get install nodejs)")

DECK = [r + s for s in SUITS for r in RANKS]
PRESETS = ("basic", "standard", "two-restocks")


@pytest.fixture(scope="module")
def service(app):
    # The plain Flask client: thousands of requests, each already checked against openapi.yaml
    # by the rest of the suite.
    return FlaskClient(app, app.response_class)


@pytest.fixture(scope="module")
def doc(service):
    return service.get("/v1/rules").get_json()


def _first_difference(requests, expected, got):
    for request, want, have in zip(requests, expected, got, strict=True):
        if canonical(want) != canonical(have):
            return f"{json.dumps(request, ensure_ascii=False)}\n referee: {canonical(want)}\n   judge: {canonical(have)}"
    return None


def test_r10_r11_every_meld_of_up_to_four_cards_under_both_aces_options(doc):
    requests = meld_requests([1, 2, 3, 4], seed=1)
    assert len(requests) == 2 * (13 + 169 + 1755 + 16432)
    expected = [{"status": 200, "body": referee_meld_answer(r["body"])} for r in requests]
    got = judge(requests, doc)
    assert _first_difference(requests, expected, got) is None
    # the test sees real verdicts of every kind, not one answer repeated
    codes = {reason["code"] for e in expected for reason in e["body"]["reasons"]}
    assert codes == {"too_few_cards", "set_rank_mismatch", "run_suit_mismatch", "run_gap", "ace_high", "run_wraps"}
    # runs of three and four (11 + 10 starts, 12 + 11 with Q K A and J Q K A) and sets of 13 ranks
    assert sum(e["body"]["valid"] for e in expected) == (11 + 10 + 13 + 13) + (12 + 11 + 13 + 13)


def test_r10_r11_every_five_card_meld_under_both_aces_options(doc):
    golden = json.loads(GOLDEN.read_text())
    count, answers = judge_five_card_melds(doc)
    assert count == golden["melds"] == 2 * 134459
    if golden["sources"] != sources_digest():  # the referee's meld code changed: ask it again
        warnings.warn(
            "tests/offline_judge_golden.json is stale: `.venv/bin/python -m tests.offline_judge_support` makes this test fast again",
            stacklevel=1,
        )
        golden["answers"] = five_card_digest(five_card_requests())
    if answers != golden["answers"]:  # found slowly, only when it fails
        requests = five_card_requests()
        for request, line in zip(requests, judge(requests, doc, bodies=True), strict=True):
            assert line == compact(referee_meld_answer(request["body"])), json.dumps(request, ensure_ascii=False)


def test_r10_r11_the_five_card_golden_file_is_current():
    """The five-card test above still holds the judge to the referee when the golden file is
    stale, but asks the referee all 268,918 melds again on every run (some 20 s of CPU, unseen
    but for a warning: it went stale once when Meld moved into referee/melds.py). A change to
    the meld code comes with the file made again, as openapi.yaml and RULES.md do."""
    assert json.loads(GOLDEN.read_text())["sources"] == sources_digest(), "run `.venv/bin/python -m tests.offline_judge_support`"


def _random_cards(rng, low, high):
    n = rng.randint(low, high)
    cards = rng.sample(DECK, n)
    if n and rng.random() < 0.15:  # a card named twice (R1)
        cards.insert(rng.randrange(n + 1), rng.choice(cards))
    return cards


def _random_rules(rng):
    rules = {"preset": rng.choice(PRESETS)}
    if rng.random() < 0.5:
        rules["aces"] = rng.choice(ACES)
    return rules


def _valid_meld(rng):
    suit = rng.choice(SUITS)
    if rng.random() < 0.4:
        rank = rng.choice(RANKS)
        return [rank + s for s in rng.sample(SUITS, rng.randint(3, 4))]
    length = rng.randint(3, 6)
    start = rng.randint(0, 13 - length)
    return [r + suit for r in RANKS[start : start + length]]


def _meld_and_lay_off_requests(rng, count):
    requests = []
    for i in range(count):
        body = {"cards": _random_cards(rng, 0, 7), "rules": _random_rules(rng)}
        if i % 2:
            body["cards"] = _random_cards(rng, 1, 3) if rng.random() < 0.5 else rng.sample(DECK, 1)
            onto = _valid_meld(rng) if rng.random() < 0.85 else _random_cards(rng, 3, 4)
            if rng.random() < 0.5:  # a card that fits, often
                body["cards"][0] = rng.choice(DECK)
            body["onto"] = onto
        requests.append({"url": "/v1/melds/check", "body": body})
    return requests


def _ask(service, requests, lang=None):
    answers = []
    headers = {"Accept-Language": lang} if lang else {}
    for r in requests:
        resp = service.post(r["url"], json=r["body"], headers=headers)
        body = resp.get_json()
        if resp.status_code == 422:
            body.pop("request_id", None)  # the request's own id (the server's log), not the verdict
        answers.append({"status": resp.status_code, "body": body})
    return answers


def test_r6_r10_r11_random_melds_and_lay_offs_as_the_service_answers(service, doc):
    requests = _meld_and_lay_off_requests(random.Random(6), 2000)
    expected = _ask(service, requests)
    got = judge(requests, doc)
    assert _first_difference(requests, expected, got) is None
    statuses = [e["status"] for e in expected]
    assert statuses.count(422) > 50 and statuses.count(200) > 1500
    codes = {reason["code"] for e in expected if e["status"] == 200 for reason in e["body"]["reasons"]}
    assert {"duplicate_card", "does_not_fit", "set_too_large", "run_gap"} <= codes


LANGS = ("es", "ru")


@pytest.mark.parametrize("lang", LANGS)
def test_r10_r11_melds_of_up_to_four_cards_in_the_language(doc, lang):
    # every meld of up to three cards, and a seeded sample of the four-card ones (all 16432
    # classes take the referee about a minute a language on a loaded machine)
    four = meld_requests([4], seed=1)
    requests = meld_requests([1, 2, 3], seed=1) + random.Random(4).sample(four, 3000)
    assert len(requests) == 2 * (13 + 169 + 1755) + 3000
    expected = [{"status": 200, "body": referee_meld_answer(r["body"], lang)} for r in requests]
    got = judge(requests, doc, lang=lang)
    assert _first_difference(requests, expected, got) is None
    english = judge(requests[-200:], doc)
    # the sentences are the language's, not English: every refusal and summary differs
    assert all(e["body"]["summary"] != g["body"]["summary"] for e, g in zip(english, got[-200:], strict=True))
    words = {"es": "no es una escalera", "ru": "не последовательность"}[lang]
    assert any(words in g["body"]["summary"] for g in got)


@pytest.mark.parametrize("lang", LANGS)
def test_r6_r10_r11_random_melds_and_lay_offs_in_the_language(service, doc, lang):
    requests = _meld_and_lay_off_requests(random.Random(36), 600)
    expected = _ask(service, requests, lang)
    got = judge(requests, doc, lang=lang)
    assert _first_difference(requests, expected, got) is None
    assert sum(e["status"] == 422 for e in expected) > 10
    codes = {reason["code"] for e in expected if e["status"] == 200 for reason in e["body"]["reasons"]}
    assert {"duplicate_card", "does_not_fit", "run_gap"} <= codes


NAMES = ("Ana", "Ben", "Cleo", "Dan", "Éva", "O'Neil", "Zoë", "Li Wei", "Pat", "Al", "Mam", "0tto", "Straße")
# R2a: names the referee reads as one of NAMES (case, width, accents written apart, confusable
# letters: AI and A1 for Al, Marn for Mam, Otto for 0tto, STRASSE for Straße), and names the judge
# leaves to the service (Cyrillic, full-width).
TWINS = ("ana", "AI", "A1", "Marn", "Otto", "STRASSE", "Zoe\u0308", "Li  Wei", "Аna", "ＡＮＡ")


def _random_remaining(rng, players, winner, dealt):
    remaining = {}
    for p in players:
        if p == winner and rng.random() > 0.01:
            continue
        if p != winner and rng.random() < 0.01:
            continue  # missing
        if rng.random() < 0.5:
            entry = {
                "points": rng.choice([rng.randint(1, 10 * dealt), rng.randint(1, 30), 0, 10 * dealt + 1])
                if rng.random() < 0.05
                else rng.randint(1, 40)
            }
        else:
            entry = {"cards": rng.sample(DECK, rng.randint(1, dealt))}
            if rng.random() < 0.02:
                entry["cards"].append(entry["cards"][0])
        if rng.random() < 0.005:
            entry = {"cards": ["2C"], "points": 3} if rng.random() < 0.5 else {"cards": []}
        remaining[p] = entry
    if rng.random() < 0.01:
        remaining["Nobody"] = {"points": 5}
    if rng.random() < 0.02 and len(remaining) >= 2:  # the same card for two players (R1)
        with_cards = [p for p, e in remaining.items() if e.get("cards")]
        if len(with_cards) >= 2:
            remaining[with_cards[1]]["cards"].append(remaining[with_cards[0]]["cards"][0])
    return remaining


def _random_pad(rng):
    count = rng.randint(2, 6)
    players = rng.sample(NAMES, count)
    if rng.random() < 0.05:
        players.append(rng.choice([*TWINS, players[0]]))
    if rng.random() < 0.005:
        players = players[:1]
    dealt = 10 if len(players) == 2 else 7 if len(players) <= 4 else 6
    rules = _random_rules(rng)
    if rng.random() < 0.5:
        rules["going_rummy_doubles"] = rng.random() < 0.5
    if rng.random() < 0.3:
        rules["dealer_rotation"] = rng.choice(["winner_two_player", "left"])
    if rng.random() < 0.3:
        rules["deals"] = rng.randint(1, 8)
    else:
        rules["target_score"] = rng.choice([rng.randint(1, 60), 100, 150])
    pad = {"rules": rules, "players": players, "hands": []}
    if rng.random() < 0.5:
        pad["first_dealer"] = rng.choice(players) if rng.random() > 0.02 else "Nobody"
    for _ in range(rng.randint(0, 12)):
        if rng.random() < 0.1:
            hand = {"draw": True}
            if rng.random() < 0.05:
                hand["winner"] = rng.choice(players)
        else:
            winner = rng.choice(players) if rng.random() > 0.01 else "Nobody"
            hand = {"winner": winner, "rummy": rng.random() < 0.15, "remaining": _random_remaining(rng, players, winner, dealt)}
            if rng.random() < 0.01:
                del hand["winner"]
        pad["hands"].append(hand)
    return pad


def _left_to_the_service(body):
    names = [*body.get("players", ()), *body.get("remaining", ())] + [
        n for h in body.get("hands", ()) for n in (h.get("winner", ""), *h.get("remaining", ()))
    ]
    strange = any(ch not in NAME_ALPHABET for name in names for ch in name) or any(unicodedata.normalize("NFC", n) != n for n in names)
    crowded = any(len(h.get("remaining", ())) > 6 for h in body.get("hands", ()))
    return strange or crowded or not 2 <= len(body.get("players", "ab")) <= 6 or _most_cards(body) > 10


def _most_cards(body):
    if "players" not in body:  # a hand score (each opponent has 1 to 10 cards left)
        return max(len(cards) if cards else 99 for cards in body["remaining"].values())
    return max((len(e.get("cards") or ()) for h in body["hands"] for e in h.get("remaining", {}).values()), default=0)


def _pads_and_hand_scores(rng, pads, scores):
    """``pads`` random scorepads (slips included), then ``scores`` random hand scores (1 to 5
    opponents, 0 to 11 cards each, going rummy 3 times in 10), as requests."""
    requests = [{"url": "/v1/scorepad", "body": _random_pad(rng)} for _ in range(pads)]
    for _ in range(scores):
        players = rng.sample(NAMES[:8], rng.randint(1, 5))
        body = {"remaining": {p: _random_cards(rng, 0, 11) for p in players}, "rummy": rng.random() < 0.3, "rules": _random_rules(rng)}
        requests.append({"url": "/v1/hand-score", "body": body})
    return requests


def test_r14_r16_r19_r20_random_scorepads_as_the_service_answers(service, doc):
    rng = random.Random(14)
    requests = _pads_and_hand_scores(rng, 2000, 500)
    expected = _ask(service, requests)
    got = judge(requests, doc)
    # The judge leaves to the service what the page never sends (a table of 1 or 7 players, 11
    # cards left in one hand): the request's schema refuses it in its own words.
    unjudged = [r for r, g in zip(requests, got, strict=True) if g["status"] == 0]
    assert unjudged and all(_left_to_the_service(r["body"]) for r in unjudged)
    kept = [i for i, g in enumerate(got) if g["status"] != 0]
    assert _first_difference([requests[i] for i in kept], [expected[i] for i in kept], [got[i] for i in kept]) is None
    pads = [e for r, e in zip(requests, expected, strict=True) if r["url"] == "/v1/scorepad"]
    assert sum(e["status"] == 422 for e in pads) > 200
    assert sum(e["status"] == 200 and e["body"]["game_over"] for e in pads) > 50
    assert sum(e["status"] == 200 and not e["body"]["game_over"] for e in pads) > 200


def test_r14_r15_the_judge_takes_its_numbers_from_the_rules_document(doc):
    """One rulebook: the judge's multiplier (R15), card points (R14) and hand sizes (R2) are the
    ones GET /v1/rules gives, not its own: under a document that says otherwise it follows the
    document; with a document that gives none of them (kept from an older service) it leaves the
    answer to the service."""
    assert doc["scoring"]["rummy_multiplier"] == 2  # the service's own (referee.rules.RUMMY_MULTIPLIER)
    other = json.loads(json.dumps(doc))
    other["scoring"]["rummy_multiplier"] = 3
    other["scoring"]["card_points"] = [{**c, "points": 13} if c["rank"] == "K" else c for c in doc["scoring"]["card_points"]]
    other["limits"]["hand_sizes"] = [{**h, "cards": 8} if h["players"] == 3 else h for h in doc["limits"]["hand_sizes"]]
    rummy = {"remaining": {"Ben": ["KS", "5H"], "Cy": ["2C"]}, "rummy": True, "rules": {"preset": "standard"}}
    pad = {
        "players": ["Ana", "Ben", "Cy"],
        "rules": {"preset": "standard"},
        "hands": [{"winner": "Ana", "rummy": True, "remaining": {"Ben": {"cards": ["KS", "5H"]}, "Cy": {"points": 75}}}],
    }
    requests = [{"url": "/v1/hand-score", "body": rummy}, {"url": "/v1/scorepad", "body": pad}]
    service_book, other_book = judge(requests, doc), judge(requests, other)
    assert service_book[0]["body"]["multiplier"] == 2 and service_book[0]["body"]["points"] == 2 * (10 + 5 + 2)
    assert other_book[0]["body"]["multiplier"] == 3 and other_book[0]["body"]["points"] == 3 * (13 + 5 + 2)
    # 75 points left is more than the 7 cards of a 3-player hand hold (R2, R14: 7 × 10); 8 cards of up to 13 can
    assert service_book[1]["status"] == 422 and "7 cards could be worth at most 70" in service_book[1]["body"]["detail"]
    assert other_book[1]["status"] == 200 and other_book[1]["body"]["totals"]["Ana"] == 3 * (13 + 5 + 75)
    assert other_book[1]["body"]["hands"][0]["multiplier"] == 3
    no_numbers = {k: v for k, v in doc.items() if k != "scoring"}
    assert [g["status"] for g in judge(requests, no_numbers)] == [0, 0]


def test_r2a_names_data_is_generated_from_the_referee():
    assert NAMES_DATA.read_text(encoding="utf-8") == names_data(), "run `.venv/bin/python -m tests.offline_judge_support`"


def test_r2a_the_judge_compares_names_as_the_referee(doc):
    from referee.seating import name_key

    rng = random.Random(2)
    letters = list(NAME_ALPHABET)
    names = letters + ["".join(rng.choice(letters) for _ in range(rng.randint(1, 8))) for _ in range(3000)]
    names += [*NAMES, *TWINS[:-2]]
    got = judge([{"url": "name-key", "body": n} for n in names], doc)
    wrong = [(n, name_key(n), g["body"]) for n, g in zip(names, got, strict=True) if g["body"] != name_key(n)]
    assert not wrong


@pytest.mark.parametrize("lang", LANGS)
def test_r14_r16_r20_random_scorepads_and_hand_scores_in_the_language(service, doc, lang):
    rng = random.Random(20)
    requests = _pads_and_hand_scores(rng, 800, 200)
    expected = _ask(service, requests, lang)
    got = judge(requests, doc, lang=lang)
    kept = [i for i, g in enumerate(got) if g["status"] != 0]
    assert _first_difference([requests[i] for i in kept], [expected[i] for i in kept], [got[i] for i in kept]) is None
    refused = [expected[i]["body"]["detail"] for i in kept if expected[i]["status"] == 422]
    assert len(refused) > 80
    hand = {"es": "mano ", "ru": "раздача "}[lang]
    assert sum(d.startswith(hand) for d in refused) > 30
