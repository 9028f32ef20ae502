"""What the scorepad tests share: presets, hand entries written short, and the 422 problems of
POST /v1/scorepad."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee import PRESETS, HandEntry, InvalidInput, Remaining, parse_cards, replay

STANDARD = PRESETS["standard"]
BASIC = PRESETS["basic"]
TWO_RESTOCKS = PRESETS["two-restocks"]
ANA_BEN_CY = ["Ana", "Ben", "Cy"]
PROBLEM_JSON = "application/problem+json"


def cards(text: str) -> Remaining:
    return Remaining(cards=parse_cards(text.split()))


def pts(n: int) -> Remaining:
    return Remaining(points=n)


def won(winner: str, rummy: bool = False, **remaining: Remaining) -> HandEntry:
    return HandEntry(winner=winner, rummy=rummy, remaining=remaining)


DRAW = HandEntry(drawn_hand=True)


def rules(base=STANDARD, **overrides):
    return replace(base, **overrides)


def problems_of(players, rules_, hands, first_dealer=None):
    with pytest.raises(InvalidInput) as exc:
        replay(players, rules_, hands, first_dealer)
    return exc.value.problems


def only_problem(players, rules_, hands, first_dealer=None):
    found = problems_of(players, rules_, hands, first_dealer)
    assert len(found) == 1, [(p.path, p.message) for p in found]
    return found[0]


def dealers(pad):
    return [line.dealer for line in pad.hands]


def post(client, body):
    return client.post("/v1/scorepad", json=body)


def unprocessable(client, body):
    """The 422 problem's errors for ``body``, after checking it is problem+json."""
    r = post(client, body)
    assert r.status_code == 422, r.get_json()
    assert r.mimetype == PROBLEM_JSON
    doc = r.get_json()
    assert doc["status"] == 422 and doc["title"] and doc["type"]
    assert doc["errors"], doc
    for e in doc["errors"]:
        assert set(e) == {"pointer", "detail"} and e["detail"]
    return doc["errors"]


def error_at(errors, pointer):
    found = [e for e in errors if e["pointer"] == pointer]
    assert found, (pointer, errors)
    return found[0]["detail"]


# --- the largest legitimate pad (what the scorepad's body limit is sized for) ----------------------


def longest_pad(name_char: str = "\U0001f600", card_spelling=None) -> dict:
    """The largest scorepad a real game can send, from the schema's own maxima: the ``deals``
    option's maximum of hands of ``MAX_PLAYERS`` players, names of ``MAX_NAME_LENGTH``
    characters (``name_char``, by default one of 4 bytes in UTF-8, the widest), a winner in
    each hand and every opponent's cards listed (``hand_size(MAX_PLAYERS)`` each, the 30 cards
    of longest spelling, spelled by ``card_spelling``: by default each card's longest accepted
    spelling), ``rummy`` and ``draw`` written out. Written compactly (no spaces, UTF-8 unescaped,
    as ``JSON.stringify`` sends it) it is the largest legitimate ``/v1/scorepad`` body."""
    from referee.cards import _BY_SPELLING, DECK
    from referee.rules import OPTION
    from referee.seating import MAX_PLAYERS, hand_size
    from schemas.fields import MAX_NAME_LENGTH

    if card_spelling is None:
        longest = {}
        for spelling, card in _BY_SPELLING.items():
            if len(spelling.encode()) > len(longest.get(card, "").encode()):
                longest[card] = spelling
        card_spelling = longest.__getitem__
    deals = OPTION["deals"].maximum
    names = [name_char * (MAX_NAME_LENGTH - 1) + str(i) for i in range(MAX_PLAYERS)]
    dealt = hand_size(MAX_PLAYERS)
    # The cards of longest spelling first (the tens): every hand lists the 30 longest.
    deck = sorted(DECK, key=lambda c: -len(card_spelling(c).encode()))
    hands = []
    for h in range(deals):
        winner = names[h % MAX_PLAYERS]
        opponents = [n for n in names if n != winner]
        cards = deck[: dealt * len(opponents)]
        remaining = {n: {"cards": [card_spelling(c) for c in cards[i * dealt : (i + 1) * dealt]]} for i, n in enumerate(opponents)}
        hands.append({"winner": winner, "rummy": False, "remaining": remaining, "draw": False})
    return {"rules": {"preset": "standard", "deals": deals}, "players": names, "first_dealer": names[0], "hands": hands}


def compact(body: dict) -> bytes:
    """``body`` as JSON without spaces, UTF-8 unescaped (as a browser's JSON.stringify writes it)."""
    import json

    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
