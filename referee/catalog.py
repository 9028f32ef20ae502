"""What the pages need to know about the game, in one document (``GET /v1/rules``): the presets
with every option value, each preset's label and character, each option's label, sentence,
allowed values and rule id, the limits (players, hand sizes, target score, deals) and the
computer opponents' levels. Everything is read from the declarations of the core
(:data:`referee.rules.OPTIONS`, :data:`referee.rules.PRESET_LIST`, :mod:`referee.seating`,
:data:`referee.policy.LEVELS`), so the pages keep no copies."""

from __future__ import annotations

from functools import cache
from typing import Any

from .cards import DECK, RANKS
from .policy import LEVELS
from .rules import DEFAULT_PRESET, OPTION, OPTIONS, PRESET_LIST, PRESETS, RUMMY_MULTIPLIER, Option, describe
from .seating import MAX_PLAYERS, MIN_PLAYERS, hand_size
from .speech import LANGUAGES, language_name, term

_TYPES = {bool: "boolean", int: "integer", str: "string"}
# The computer opponents' levels as a menu names them (a level without one: its name, capitalized).
_LEVEL_LABELS = {"easy": term("bot level", "Easy"), "medium": term("bot level", "Medium"), "hard": term("bot level", "Hard")}


def _option(option: Option) -> dict[str, Any]:
    """One option as the document gives it."""
    return {
        "name": option.name,
        "label": option.label,
        "rule": option.rule,
        "sentence": option.sentence,
        "type": _TYPES[option.kind],
        "allows_null": option.null is not None,
        "null_means": option.null,
        "minimum": option.minimum,
        "maximum": option.maximum,
        "values": [{"value": v.value, "label": v.label, "sentence": v.sentence} for v in option.values],
        "sentences": {"null": option.null_sentence or None, "one": option.one or None, "other": option.other or None},
        "suggested": list(option.suggested),
        "unused_when": option.unused_when,
        "defaults": {p.name: option.preset_value(p.name) for p in PRESET_LIST},
    }


@cache
def rules_document() -> dict[str, Any]:
    """The ``GET /v1/rules`` answer (contract: ``default_preset`` and ``presets``; the rest is
    what the pages read instead of keeping copies). Built once: it is the same for every request."""
    target, deals = OPTION["target_score"], OPTION["deals"]
    return {
        "default_preset": DEFAULT_PRESET,
        "presets": list(PRESETS.values()),
        "preset_notes": [
            {
                "preset": p.name,
                "label": p.label,
                "character": p.character,
                "described": [{"option": o.name, "rule": o.rule, "sentence": s} for o, s in describe(PRESETS[p.name])],
            }
            for p in PRESET_LIST
        ],
        "options": [_option(o) for o in OPTIONS],
        "limits": {
            "players": {"minimum": MIN_PLAYERS, "maximum": MAX_PLAYERS},
            "hand_sizes": [{"players": n, "cards": hand_size(n)} for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
            "target_score": {"minimum": target.minimum, "maximum": target.maximum},
            "deals": {"minimum": deals.minimum, "maximum": deals.maximum},
        },
        "scoring": {
            "rummy_multiplier": RUMMY_MULTIPLIER,
            "card_points": [{"rank": rank, "points": DECK[i].points} for i, rank in enumerate(RANKS)],
        },
        "bot_levels": [{"level": level, "label": _LEVEL_LABELS.get(level, level.capitalize())} for level in LEVELS],
        "languages": [{"tag": tag, "name": language_name(tag)} for tag in LANGUAGES],
    }
