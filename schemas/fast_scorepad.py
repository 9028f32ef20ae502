"""The scorepad's request and answer without marshmallow's per-field cost, and a bound on the
work a wrong pad can cause.

A scorepad of 1,000 hands of six players is 6,000 nested fields: marshmallow takes ≈ 86 µs a
hand to load it and ≈ 17 µs a hand to dump the answer; these take 4.3 and 0.4 (bench/README.md). Marshmallow stays the
schema of record, as for the moves (schemas/fast.py):

- :func:`load_scorepad_request` loads each hand in the usual shape itself, giving exactly the
  objects ``HandEntrySchema`` gives; a hand in any other shape is loaded by ``HandEntrySchema``
  field itself, so its errors are marshmallow's, word for word. Everything but the hands (rules,
  players, first dealer: a few fields) is always loaded by marshmallow. After
  ``MAX_PROBLEMS`` faults the remaining hands are not looked at: the error says checking stopped
  (:class:`StoppedValidation`), so a pad whose every entry is wrong costs no more than one whose
  first hundred are.
- :func:`dump_scorepad_response` dumps what ``ScorepadResponse`` dumps, key for key.

Each checks once that the schemas still have the fields it expects, and the dumper that it
agrees with marshmallow on a sample game; otherwise it switches itself off (marshmallow does the
work, correct but slower). tests/test_fast_scorepad.py compares both with marshmallow.
"""
from __future__ import annotations

from functools import lru_cache

from marshmallow import Schema, ValidationError

from referee import HandEntry, Remaining
from referee.cards import card_by_spelling
from referee.errors import MAX_PROBLEMS

from .errors import count_messages
from .fields import name_problem

_SPELLINGS = card_by_spelling()
_GOOD_NAMES: set[str] = set()
_MAX_NAMES = 4096

_SHAPES = {
    "ScorepadRequest": {"rules", "players", "first_dealer", "hands"},
    "HandEntrySchema": {"winner", "rummy", "remaining", "draw"},
    "RemainingSchema": {"cards", "points"},
    "ScorepadResponse": {"hands", "totals", "standings", "next_dealer", "game_over", "winner", "to_target", "rules"},
    "HandLineSchema": {"number", "dealer", "winner", "rummy", "multiplier", "draw", "points", "remaining", "totals"},
    "StandingSchema": {"player", "total", "rank"},
}


class StoppedValidation(ValidationError):
    """Marshmallow's error for a body whose checking stopped after ``MAX_PROBLEMS`` faults:
    ``stopped`` tells the HTTP layer that more faults may follow those listed."""

    stopped = True


@lru_cache(maxsize=None)
def _schemas():
    """The schemas this module stands in for, or None when one no longer has the fields it
    expects (then the fast paths are off)."""
    from . import api
    for name, fields in _SHAPES.items():
        if set(getattr(api, name)._declared_fields) != fields:
            return None
    hand = api.HandEntrySchema._declared_fields
    return {
        "top": api.ScorepadRequest(exclude=("hands",)),
        "hand": api.ScorepadRequest().fields["hands"].inner,  # the Nested field: its errors, exactly
        "max_hands": _max_length(api.ScorepadRequest._declared_fields["hands"]),
        "max_entries": _max_length(hand["remaining"]),
        "max_cards": api.RemainingSchema._declared_fields["cards"].max_length,
    }


def _max_length(field) -> int:
    from marshmallow import validate
    return next(v.max for v in field.validators if isinstance(v, validate.Length))


def _name(v) -> bool:
    if type(v) is not str:
        return False
    if v in _GOOD_NAMES:
        return True
    if name_problem(v) is not None:
        return False
    if len(_GOOD_NAMES) < _MAX_NAMES:
        _GOOD_NAMES.add(v)
    return True


def _hand(h, max_entries: int, max_cards: int) -> HandEntry | None:
    """One hand as ``HandEntrySchema`` loads it, or None when it is not in the usual shape."""
    if type(h) is not dict:
        return None
    winner = h.get("winner")
    rummy = h.get("rummy", False)
    draw = h.get("draw", False)
    remaining = h.get("remaining", {})
    if (len(h) > 4 or not h.keys() <= _SHAPES["HandEntrySchema"] or (winner is not None and not _name(winner))
            or type(rummy) is not bool or type(draw) is not bool or type(remaining) is not dict or len(remaining) > max_entries):
        return None
    entries = {}
    for who, rem in remaining.items():
        if type(rem) is not dict or not rem.keys() <= _SHAPES["RemainingSchema"]:
            return None
        cards = rem.get("cards")
        points = rem.get("points")
        if cards is not None:
            if type(cards) is not list or len(cards) > max_cards:
                return None
            try:
                cards = tuple([_SPELLINGS[c] for c in cards])
            except (KeyError, TypeError):
                return None
        elif "cards" in rem:
            return None
        if points is not None:
            if type(points) is not int:
                return None
        elif "points" in rem:
            return None
        entries[who] = Remaining(cards, points)
    return HandEntry(winner, rummy, entries, draw)


def load_scorepad_request(data) -> dict | None:
    """What ``ScorepadRequest`` loads from ``data``, or None (marshmallow loads it) when the
    hands are not a list within the limit. Raises marshmallow's ``ValidationError`` for faults,
    a :class:`StoppedValidation` once more than ``MAX_PROBLEMS`` are found."""
    s = _schemas()
    if s is None or type(data) is not dict:
        return None
    hands = data.get("hands", [])
    if type(hands) is not list or len(hands) > s["max_hands"]:
        return None
    errors, found = {}, 0
    try:
        top = Schema.load(s["top"], {k: v for k, v in data.items() if k != "hands"})  # marshmallow's own load
    except ValidationError as e:
        top = None
        errors = dict(e.messages)
        found = count_messages(errors)
    loaded, bad = [], {}
    for i, h in enumerate(hands):
        if found > MAX_PROBLEMS:
            break
        entry = _hand(h, s["max_entries"], s["max_cards"])
        if entry is None:
            try:
                entry = s["hand"].deserialize(h)
            except ValidationError as e:
                bad[i] = e.messages
                found += count_messages(e.messages)
                continue
        loaded.append(entry)
    if bad:
        errors["hands"] = bad
    if errors:
        raise (StoppedValidation if found > MAX_PROBLEMS else ValidationError)(errors)
    return {**top, "hands": loaded}


# --- the answer -------------------------------------------------------------------------------

def dump_scorepad_response(d) -> dict | None:
    """What ``ScorepadResponse`` dumps for the scorepad view's answer ``d``, or None (marshmallow
    dumps it) when this module is off."""
    if not _dump_on() or type(d) is not dict:
        return None
    return _dump(d)


def _dump(d: dict) -> dict:
    from .rules import ResolvedRulesSchema
    to_target = d["to_target"]
    return {
        "hands": [{"number": h.number, "dealer": h.dealer, "winner": h.winner, "rummy": h.rummy,
                   "multiplier": h.multiplier, "draw": h.draw, "points": h.points,
                   "remaining": dict(h.remaining), "totals": dict(h.totals)} for h in d["hands"]],
        "totals": dict(d["totals"]),
        "standings": [{"player": s.player, "total": s.total, "rank": s.rank} for s in d["standings"]],
        "next_dealer": d["next_dealer"],
        "game_over": d["game_over"],
        "winner": d["winner"],
        "to_target": None if to_target is None else dict(to_target),
        "rules": _rules_schema(ResolvedRulesSchema).dump(d["rules"]),
    }


@lru_cache(maxsize=None)
def _rules_schema(cls):
    return cls()


@lru_cache(maxsize=None)
def _dump_on() -> bool:
    """Whether the dumper gives marshmallow's answer on a sample game (with a drawn hand, a
    rummy and a finished game); checked once."""
    if _schemas() is None:
        return False
    from referee import PRESETS, replay

    from .api import ScorepadResponse
    players = ["Ana", "Ben", "Cy"]
    hands = [HandEntry("Ana", False, {"Ben": Remaining(points=30), "Cy": Remaining(points=12)}),
             HandEntry(draw=True),
             HandEntry("Cy", True, {"Ana": Remaining(points=40), "Ben": Remaining(points=50)})]
    for rules in (PRESETS["standard"], PRESETS["basic"]):
        pad = replay(players, rules, hands)
        answer = {"hands": pad.hands, "totals": pad.totals, "standings": pad.standings, "next_dealer": pad.next_dealer,
                  "game_over": pad.game_over, "winner": pad.winner, "to_target": pad.to_target, "rules": rules}
        if _dump(answer) != Schema.dump(ScorepadResponse(), answer):  # marshmallow's own dump
            return False
    return True


def fast_paths_on() -> bool:
    """Whether both scorepad fast paths are on (tests/test_fast_scorepad.py insists)."""
    return _schemas() is not None and _dump_on()
