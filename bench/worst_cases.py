"""The request bodies of `bench/worst.py`: known hostile shapes filled up to a body limit
(:func:`families`), and the costliest legitimate requests that only the app itself can make
(sealed tokens deep into a hand, revealed hands, the largest scorepad: :func:`live_cases`)."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

P6 = ["p1", "p2", "p3", "p4", "p5", "p6"]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [r + s for s in "CDHS" for r in RANKS]


def _fill(make, limit: int, lo: int = 1, hi: int = 1000, compact: bool = False):
    """The body ``make(n)`` with the largest n in [lo, hi] that stays within ``limit`` bytes
    (written without spaces when ``compact``)."""
    best = None
    while lo <= hi:
        mid = (lo + hi) // 2
        body = json.dumps(make(mid), separators=(",", ":") if compact else None).encode()
        if len(body) <= limit:
            best, lo = body, mid + 1
        else:
            hi = mid - 1
    return best


def _from_tests(module: str):
    """A support module of the tree's tests (``tests/<module>.py``), or None in a tree without it:
    the bench builds its bodies as the tests do, never from a copy of their code."""
    sys.path.insert(0, str(Path(importlib.import_module("app").__file__).parent / "tests"))
    try:
        return importlib.import_module(module)
    except ImportError:
        return None
    finally:
        sys.path.pop(0)


def _worst_state() -> dict:
    """tests/hostile_support.py ``worst_state``: 11 cards in hand, 13 sets on the table."""
    return _from_tests("hostile_support").worst_state()


def families(limit: int) -> list[tuple[str, str, bytes]]:
    """(name, path, body) of each known costly shape, as large as the limit allows."""
    pts = lambda v: {p: {"points": v} for p in P6[1:]}  # noqa: E731
    max_moves = _schema_limit("max_moves_per_request", 200)
    max_hands = _schema_limit("max_scorepad_hands", 1000)
    out = [
        (
            "scorepad: valid hands, 6 players, points, as many as fit",
            "/v1/scorepad",
            _fill(
                lambda n: {"players": P6, "rules": {"target_score": 100_000}, "hands": [{"winner": "p1", "remaining": pts(1)}] * n},
                limit,
                hi=max_hands,
                compact=True,
            ),
        ),
        (
            "scorepad: valid hands, 6 players, 6 cards each",
            "/v1/scorepad",
            _fill(
                lambda n: {
                    "players": P6,
                    "rules": {"target_score": 100_000},
                    "hands": [{"winner": "p1", "remaining": {p: {"cards": DECK[6 * i : 6 * i + 6]} for i, p in enumerate(P6[1:])}}] * n,
                },
                limit,
                hi=max_hands,
            ),
        ),
        (
            "scorepad: every entry wrong (points as strings)",
            "/v1/scorepad",
            _fill(lambda n: {"players": P6, "hands": [{"winner": "p1", "remaining": pts("1")}] * n}, limit, hi=max_hands),
        ),
        (
            "scorepad: 2 players, every entry wrong (points as strings)",
            "/v1/scorepad",
            _fill(
                lambda n: {"players": ["a", "b"], "hands": [{"winner": "a", "remaining": {"b": {"points": "5"}}}] * n}, limit, hi=max_hands
            ),
        ),
        (
            "scorepad: every entry wrong (impossible points)",
            "/v1/scorepad",
            _fill(lambda n: {"players": P6, "hands": [{"winner": "p1", "remaining": pts(0)}] * n}, limit, hi=max_hands),
        ),
        (
            "scorepad: every card wrong (10 numbers an entry)",
            "/v1/scorepad",
            _fill(
                lambda n: {"players": ["a", "b"], "hands": [{"winner": "a", "remaining": {"b": {"cards": [7] * 10}}}] * n},
                limit,
                hi=max_hands,
            ),
        ),
        (
            "scorepad: unknown players everywhere",
            "/v1/scorepad",
            _fill(
                lambda n: {"players": P6, "hands": [{"winner": "zz", "remaining": {p + "x": {"points": 1} for p in P6}}] * n},
                limit,
                hi=max_hands,
            ),
        ),
        (
            "melds/check: a repeated key, padded to the limit",
            "/v1/melds/check",
            b'{"cards": ["QS"], "x": {' + b",".join([b'"k":1'] * ((limit - 40) // 6)) + b"}}",
        ),
        (
            "melds/check: 1000 one-key objects, a key repeated in the last",
            "/v1/melds/check",
            _fill(lambda n: {"cards": ["QS"], "x": [{"a": [1, 2, 3]}] * n}, limit),
        ),
        (
            "body checks: 18,000 objects, each repeating its key",
            "/v1/melds/check",
            b'{"x":[' + b",".join([b"[" + b",".join([b'{"a":1,"a":2}'] * 300) + b"]"] * ((limit - 20) // 4201)) + b"]}",
        ),
        (
            "body checks: 80,000 empty objects, a key repeated at the top",
            "/v1/melds/check",
            b'{"x":[' + b",".join([b"[" + b",".join([b"{}"] * 1000) + b"]"] * ((limit - 20) // 3002)) + b'], "x": 1}',
        ),
        (
            f"move: {max_moves} lay-offs on the worst table",
            "/v1/move",
            json.dumps(
                {
                    "state": _worst_state(),
                    "moves": ([{"player": "ana", "action": "lay_off", "cards": [c]} for c in _worst_state()["players"][0]["hand"]] * 20)[
                        :max_moves
                    ],
                }
            ).encode(),
        ),
        ("legal-moves: 11 cards, 13 melds", "/v1/legal-moves", json.dumps({"state": _worst_state()}).encode()),
        (
            f"move: {max_moves} moves of wrong types",
            "/v1/move",
            json.dumps({"state": _worst_state(), "moves": [{"player": 1, "action": 2, "cards": [3] * 52}] * max_moves}).encode(),
        ),
        (
            "nesting: 32 levels, 1000-item arrays",
            "/v1/melds/check",
            _fill(lambda n: {"cards": ["QS"], "x": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] * n}, limit, hi=1000),
        ),
        ("strings: 250 KB of escapes in a card code", "/v1/melds/check", b'{"cards": ["' + b"\\u00e9" * ((limit - 20) // 6) + b'"]}'),
    ]
    return [(n, p, b) for n, p, b in out if b is not None and len(b) <= limit]


# --- the endpoints whose costliest bodies the app itself makes (tokens, revealed hands) ---------

LONG = [f"{letter * 39}{i}" for i, letter in enumerate("abcdef")]  # six names of 40 characters, the longest allowed
EVERY_RULE = {  # every option set away from its default: the longest rules object
    "melds_per_turn": 3,
    "going_rummy_doubles": False,
    "taken_discard_if_last": True,
    "final_discard_required": True,
    "restock": "keep_top",
    "max_restocks": 100,
    "aces": "high_or_low",
    "dealer_rotation": "left",
    "target_score": 100_000,
}


def _post(client, path: str, body: dict) -> dict:
    r = client.post(path, data=json.dumps(body), content_type="application/json")
    if r.status_code not in (200, 201):
        raise RuntimeError(f"{path}: {r.status_code} {r.get_data(as_text=True)[:300]}")
    return r.get_json()


def _seat_hand(view: dict, who: str) -> list[str]:
    return next(p for p in view["players"] if p["id"] == who)["hand"]


def _long_table(client, players: list[str], rules: dict | None = None) -> dict:
    """A sealed table played to the end of its first hand by draws from the stock and discards of
    the card drawn (no meld, so the hand runs until R18a or R18 ends it: 300 moves for 6
    players): its seats, the token one move before the end (the longest token of a hand still
    playing, every event kept) and after it (the hand over), and the revealed hand."""
    made = _post(client, "/v1/tables", {"players": players, **({"rules": rules} if rules else {})})
    table, seats = made["table"], made["seats"]
    last = table
    for _ in range(2000):
        who = _post(client, "/v1/tables/view", {"table": table})["view"]["turn"]["player"]
        drew = _post(client, "/v1/tables/move", {"table": table, "seat": seats[who], "move": {"action": "draw", "source": "stock"}})
        if drew["result"] is not None:
            return {"seats": seats, "playing": last, "over": drew["table"], "revealed": drew["view"]["result"]["fairness"]}
        last = drew["table"]
        card = _seat_hand(drew["view"], who)[-1]
        done = _post(client, "/v1/tables/move", {"table": last, "seat": seats[who], "move": {"action": "discard", "card": card}})
        if done["result"] is not None:
            return {"seats": seats, "playing": last, "over": done["table"], "revealed": done["view"]["result"]["fairness"]}
        table = done["table"]
    raise RuntimeError("the hand did not end")


def live_cases(client, limits: dict[str, int]) -> tuple[list[tuple[str, str, bytes]], dict[str, tuple[str, bytes]]]:
    """The costliest requests of the endpoints whose bodies only the app can make or that need a
    real table (hand score, deal, suggest with events, the sealed tables, verify), each within its
    body limit; and an ordinary request of every endpoint (name, body), the measure of each
    endpoint's own ratio."""
    dumps = lambda doc: json.dumps(doc, separators=(",", ":")).encode()  # noqa: E731
    small = _post(client, "/v1/deal", {"players": ["ana", "ben"], "seed": 1})["state"]
    who = small["turn"]["player"]
    short = _long_table(client, ["ana", "ben"])  # 2 players: ends at R18 (restocks), 100 moves
    fresh = _post(client, "/v1/tables", {"players": ["ana", "ben"]})
    fresh_who = fresh["view"]["turn"]["player"]
    ordinary = {
        "/v1/melds/check": ("a run of three", dumps({"cards": ["5S", "6S", "7S"]})),
        "/v1/hand-score": ("one opponent, 3 cards", dumps({"remaining": {"ben": ["KC", "QD", "2S"]}})),
        "/v1/deal": ("2 players, a seed", dumps({"players": ["ana", "ben"], "seed": 1})),
        "/v1/move": ("a draw on a dealt hand of 2", dumps({"state": small, "move": {"player": who, "action": "draw", "source": "stock"}})),
        "/v1/legal-moves": ("a dealt hand of 2", dumps({"state": small})),
        "/v1/suggest": ("a dealt hand of 2, no events", dumps({"state": small})),
        "/v1/scorepad": (
            "3 players, 5 hands",
            dumps(
                {
                    "players": ["ana", "ben", "cy"],
                    "hands": [{"winner": "ana", "remaining": {"ben": {"points": 12}, "cy": {"cards": ["KC", "2S"]}}}] * 5,
                }
            ),
        ),
        "/v1/tables": ("2 players", dumps({"players": ["ana", "ben"]})),
        "/v1/tables/view": ("a seat of a new table of 2", dumps({"table": fresh["table"], "seat": fresh["seats"]["ben"]})),
        "/v1/tables/move": (
            "a draw at a new table of 2",
            dumps({"table": fresh["table"], "seat": fresh["seats"][fresh_who], "move": {"action": "draw", "source": "stock"}}),
        ),
        "/v1/tables/next": ("after a hand of 2 (100 moves)", dumps({"table": short["over"]})),
        "/v1/tables/suggest": (
            "the player to move at a new table of 2",
            dumps({"table": fresh["table"], "seat": fresh["seats"][fresh_who]}),
        ),
        "/v1/verify": ("a hand of 2 (100 moves)", dumps({"fairness": short["revealed"]})),
    }

    long = _long_table(client, LONG, EVERY_RULE)  # 6 players of long names: 300 moves
    moves = len(long["revealed"]["record"]["moves"])
    spectator = _post(client, "/v1/tables/view", {"table": long["playing"]})["view"]
    to_move = spectator["turn"]["player"]
    seat = long["seats"][to_move]
    late = _post(client, "/v1/tables/view", {"table": long["playing"], "seat": seat})["view"]
    # The same moment as an open table, for /v1/suggest: the state /v1/deal would give, with the
    # seat's hand and the rest as the view shows them (an open table knows every hand).
    deal6 = _post(client, "/v1/deal", {"players": LONG, "seed": 3, "rules": EVERY_RULE})["state"]
    events = [{"player": LONG[i % 6], "action": "draw", "source": "stock"} for i in range(200)]
    events = [e if i % 2 == 0 else {"player": e["player"], "action": "discard", "card": DECK[i % 52]} for i, e in enumerate(events)]
    # max_moves moves, every one applied: draw and discard in turn (6 players, so that the turns
    # with no meld stay below R18a's), from a dealt open table.
    max_moves = _schema_limit("max_moves_per_request", 200)
    seat_moves = _schema_limit("max_moves_per_seat_request", 200)
    deal6_long = _post(client, "/v1/deal", {"players": LONG, "seed": 7})["state"]
    applied, s = [], deal6_long
    while len(applied) < max_moves:
        mover = s["turn"]["player"]
        s = _post(client, "/v1/move", {"state": s, "move": {"player": mover, "action": "draw", "source": "stock"}})["state"]
        card = next(p for p in s["players"] if p["id"] == mover)["hand"][-1]
        applied += [{"player": mover, "action": "draw", "source": "stock"}, {"player": mover, "action": "discard", "card": card}]
        s = _post(client, "/v1/move", {"state": s, "move": applied[-1]})["state"]
    applied = applied[:max_moves]
    revealed = long["revealed"]
    after_end = revealed["record"]["moves"][-1]

    def padded_record(n: int) -> dict:
        return {"fairness": {**revealed, "record": {**revealed["record"], "moves": revealed["record"]["moves"] + [after_end] * n}}}

    out = [
        (
            "hand-score: 5 opponents of 40-character names, 6 cards each (all a 6-player deal gives), rummy",
            "/v1/hand-score",
            dumps({"remaining": {p: DECK[6 * i : 6 * i + 6] for i, p in enumerate(LONG[1:])}, "rummy": True, "rules": EVERY_RULE}),
        ),
        (
            f"move: {max_moves} moves, every one applied (draws and discards, 6 players of long names)",
            "/v1/move",
            dumps({"state": deal6_long, "moves": applied}),
        ),
        (
            "scorepad: the largest legitimate pad (100 hands, 6 players, 40-character names, every card listed)",
            "/v1/scorepad",
            _largest_pad(),
        ),
        (
            "scorepad: 2 players, valid hands, as many as the body limit holds",
            "/v1/scorepad",
            _fill(
                lambda n: {
                    "players": ["a", "b"],
                    "rules": {"target_score": 100_000},
                    "hands": [{"winner": "a", "remaining": {"b": {"points": 5}}}] * n,
                },
                limits.get("/v1/scorepad", 12 * 1024),
                hi=_schema_limit("max_scorepad_hands", 2000),
                compact=True,
            ),
        ),
        (
            "hand-score: 5 opponents, every card wrong (numbers)",
            "/v1/hand-score",
            dumps({"remaining": {p: [7] * 10 for p in LONG[1:]}, "rummy": True}),
        ),
        (
            "hand-score: 5 opponents, the same 10 cards each (duplicates)",
            "/v1/hand-score",
            dumps({"remaining": {p: DECK[:10] for p in LONG[1:]}}),
        ),
        (
            "deal: 6 players of 40-character names, every rule set",
            "/v1/deal",
            dumps({"players": LONG, "seed": 2**63 - 1, "rules": EVERY_RULE}),
        ),
        ("deal: 6 players of 40-character names, no seed (CSPRNG)", "/v1/deal", dumps({"players": LONG, "rules": EVERY_RULE})),
        (
            "suggest: 6 players, hard, 200 events",
            "/v1/suggest",
            dumps({"state": deal6, "level": "hard", "events": events}),
        ),
        (
            "suggest: 11 cards on 13 melds (play phase), hard, 200 events",
            "/v1/suggest",
            dumps(
                {"state": _worst_state(), "level": "hard", "events": [{**e, "player": ["ana", "ben"][i % 2]} for i, e in enumerate(events)]}
            ),
        ),
        (
            "suggest: 6 players, 200 events of 11-card melds",
            "/v1/suggest",
            dumps(
                {
                    "state": deal6,
                    "events": [
                        {"player": LONG[i % 6], "action": "meld", "cards": DECK[i % 41 : i % 41 + 11], "meld": f"m{i}"} for i in range(200)
                    ],
                }
            ),
        ),
        (
            "tables: 6 players of 40-character names, every rule set, entropy of 128 characters",
            "/v1/tables",
            dumps({"players": LONG, "rules": EVERY_RULE, "entropy": "é" * 128}),
        ),
        (
            f"tables/view: a seat, 6 players, {moves - 1} moves into the hand",
            "/v1/tables/view",
            dumps({"table": long["playing"], "seat": seat}),
        ),
        (f"tables/view: the spectator, 6 players, {moves - 1} moves in", "/v1/tables/view", dumps({"table": long["playing"]})),
        (
            f"tables/move: {seat_moves} moves (a draw, then discards) {moves - 1} moves into a hand of 6",
            "/v1/tables/move",
            dumps(
                {
                    "table": long["playing"],
                    "seat": seat,
                    "moves": [{"action": "draw", "source": "stock"}]
                    + [{"action": "discard", "card": c} for c in _seat_hand(late, to_move)] * seat_moves,
                }
            ),
        ),
        (
            f"tables/move: {seat_moves} lay-offs that fit nothing, {moves - 1} moves into a hand of 6",
            "/v1/tables/move",
            dumps({"table": long["playing"], "seat": seat, "moves": [{"action": "lay_off", "cards": [c]} for c in DECK] * seat_moves}),
        ),
        (
            f"tables/next: after a hand of 6 ({moves} moves), a seat, entropy",
            "/v1/tables/next",
            dumps({"table": long["over"], "seat": long["seats"][LONG[0]], "entropy": "é" * 128}),
        ),
        (
            f"tables/suggest: hard, 6 players, {moves - 1} moves in",
            "/v1/tables/suggest",
            dumps({"table": long["playing"], "seat": seat, "level": "hard"}),
        ),
        (f"verify: a hand of 6 players of long names, {moves} moves", "/v1/verify", dumps({"fairness": revealed})),
        ("verify: the same, padded with moves after its end", "/v1/verify", None),
        ("verify: the longest legitimate hand, 999 moves of 6 players (R18a stalls)", "/v1/verify", _longest_record()),
    ]
    # Lists cut to their schema's limits: moves per request, and the verify record to its body limit.
    fitted = []
    for name, path, body in out:
        if path == "/v1/tables/move":
            doc = json.loads(body)
            doc["moves"] = doc["moves"][:seat_moves]
            body = dumps(doc)
        if body is None and "padded" in name:
            body = _fill(lambda n: padded_record(n), limits.get(path, 64 * 1024), lo=0, hi=1000 - moves)
            body = dumps(json.loads(body))
        fitted.append((name, path, body))
    return [(n, p, b) for n, p, b in fitted if b is not None and len(b) <= limits.get(p, len(b))], ordinary


def _largest_pad() -> bytes | None:
    """The largest legitimate scorepad as the tree's tests build it (tests/scorepad_support.py
    ``longest_pad``: the scorepad's body limit is sized for it), or None in a tree without it."""
    support = _from_tests("scorepad_support")
    if support is None or not hasattr(support, "longest_pad"):
        return None
    return support.compact(support.longest_pad())


def _longest_record() -> bytes | None:
    """The longest hand a record holds as the tree's tests build it (tests/fairness_support.py
    ``longest_hand``: 999 moves, within /v1/verify's body limit), revealed; None in a tree
    without it."""
    support = _from_tests("fairness_support")
    if support is None or not hasattr(support, "longest_hand"):
        return None
    from referee.fairness import reveal
    from schemas.wire import to_json

    fair, players, rules, _, events = support.longest_hand()
    return json.dumps({"fairness": to_json(reveal(fair, players, players[-1], rules, events))}, separators=(",", ":")).encode()


def _schema_limit(name: str, default: int) -> int:
    """A limit of ``info.x-limits`` as the tree states it (an older tree: ``default``)."""
    try:
        from referee.rules import OPTION
        from schemas.state import MAX_MOVES, MAX_TURN_MOVES
    except ImportError:
        return default
    return {
        "max_moves_per_request": MAX_MOVES,
        "max_moves_per_seat_request": MAX_TURN_MOVES,
        "max_scorepad_hands": OPTION["deals"].maximum,
    }.get(name, default)
