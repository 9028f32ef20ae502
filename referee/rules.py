"""Rule options and the three presets (R21).

:class:`Rules` is an immutable set of option values. :func:`resolve_rules` turns the contract's
rules object (``{"preset": "basic", "target_score": 150}``) into one, refusing unknown options
and impossible values with :class:`RulesError` rather than ignoring them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any

from .errors import InvalidInput, Problem

RESTOCK_MODES = ("keep_top", "turn_over", "immediate")
ACE_MODES = ("low", "high_or_low")
DEALER_ROTATIONS = ("winner_two_player", "left")


@dataclass(frozen=True, slots=True)
class Rules:
    """The resolved options of one game (R21). Every field has a value; ``None`` means no limit.

    - ``melds_per_turn``: melds a player may lay in one turn (R5), ``None`` = no limit.
    - ``going_rummy_doubles``: going rummy doubles every opponent's total (R15).
    - ``taken_discard_if_last``: the card taken from the discard pile may be discarded the same
      turn when it is the last card in hand (R8).
    - ``final_discard_required``: the last card must be discarded; a meld or lay-off that would
      empty the hand is illegal (R13).
    - ``restock``: ``keep_top`` | ``turn_over`` | ``immediate`` (R17).
    - ``max_restocks``: restocks allowed in a hand before it is a draw (R18), ``None`` = no limit.
    - ``aces``: ``low`` or ``high_or_low`` (R11).
    - ``dealer_rotation``: ``winner_two_player`` or ``left`` (R19).
    - ``target_score``: points that end the game (R20).
    - ``deals``: a fixed number of hands instead of a target (R20), ``None`` = use the target.
    """

    preset: str = "standard"
    melds_per_turn: int | None = None
    going_rummy_doubles: bool = True
    taken_discard_if_last: bool = False
    final_discard_required: bool = False
    restock: str = "turn_over"
    max_restocks: int | None = None
    aces: str = "low"
    dealer_rotation: str = "winner_two_player"
    target_score: int = 100
    deals: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """The preset and every option's resolved value, as the contract echoes rules."""
        return {name: getattr(self, name) for name in _RULES_FIELDS}


PRESETS: dict[str, Rules] = {
    "basic": Rules(preset="basic", melds_per_turn=1, going_rummy_doubles=False, restock="keep_top"),
    "standard": Rules(preset="standard"),
    "two-restocks": Rules(
        preset="two-restocks",
        taken_discard_if_last=True,
        restock="immediate",
        max_restocks=2,
        dealer_rotation="left",
    ),
}
_RULES_FIELDS = tuple(f.name for f in fields(Rules))
DEFAULT_PRESET = "standard"
OPTION_NAMES = tuple(f.name for f in fields(Rules) if f.name != "preset")
MAX_TARGET_SCORE = 100_000
MAX_DEALS = 1_000
MAX_RESTOCKS_OPTION = 1_000


def _check_option(name: str, value: Any) -> str | None:
    """Why ``value`` is impossible for option ``name``, or None when it is fine."""
    is_int = isinstance(value, int) and not isinstance(value, bool)
    if name in ("going_rummy_doubles", "taken_discard_if_last", "final_discard_required"):
        return None if isinstance(value, bool) else "must be true or false"
    if name == "restock":
        return None if value in RESTOCK_MODES else f"must be one of {', '.join(RESTOCK_MODES)}"
    if name == "aces":
        return None if value in ACE_MODES else f"must be one of {', '.join(ACE_MODES)}"
    if name == "dealer_rotation":
        return None if value in DEALER_ROTATIONS else f"must be one of {', '.join(DEALER_ROTATIONS)}"
    if name == "melds_per_turn":
        if value is None or (is_int and 1 <= value <= 100):
            return None
        return "must be a whole number of at least 1, or null for no limit"
    if name == "max_restocks":
        if value is None or (is_int and 0 <= value <= MAX_RESTOCKS_OPTION):
            return None
        return f"must be a whole number from 0 to {MAX_RESTOCKS_OPTION}, or null for no limit"
    if name == "target_score":
        if is_int and 1 <= value <= MAX_TARGET_SCORE:
            return None
        return f"must be a whole number from 1 to {MAX_TARGET_SCORE}"
    if name == "deals":
        if value is None or (is_int and 1 <= value <= MAX_DEALS):
            return None
        return f"must be a whole number from 1 to {MAX_DEALS}, or null to play to the target score"
    return "is not a rule option"


def resolve_rules(spec: Mapping[str, Any] | None = None) -> Rules:
    """Resolve a rules object (R21): the named preset, then each override.

    ``spec`` is ``None`` (standard preset) or a mapping with an optional ``preset`` and any
    option names of :class:`Rules`. Raises :class:`~referee.errors.InvalidInput` listing every
    unknown option and impossible value, each with its path (``("target_score",)``).
    """
    if spec is None:
        return PRESETS[DEFAULT_PRESET]
    try:  # every request of a game sends the same rules: resolved once (1 and True kept apart)
        key = tuple((name, type(value), value) for name, value in spec.items())
        return _resolved(key)
    except TypeError:  # an unhashable value: no option takes one, so it is refused below
        return _resolve(spec)


@lru_cache(maxsize=1024)
def _resolved(key: tuple) -> Rules:
    return _resolve({name: value for name, _, value in key})


def _resolve(spec: Mapping[str, Any]) -> Rules:
    problems: list[Problem] = []
    preset_name = spec.get("preset", DEFAULT_PRESET)
    if preset_name not in PRESETS:
        problems.append(Problem(("preset",), f"must be one of {', '.join(PRESETS)}"))
        preset_name = DEFAULT_PRESET
    overrides = {}
    for name, value in spec.items():
        if name == "preset":
            continue
        why = _check_option(name, value)
        if why is None:
            overrides[name] = value
        else:
            problems.append(
                Problem(
                    (name,),
                    f"{name} {why}" if name in OPTION_NAMES else f"unknown rule option {name!r}; options are {', '.join(OPTION_NAMES)}",
                )
            )
    if problems:
        raise InvalidInput(problems)
    preset = PRESETS[preset_name]
    return replace(preset, **overrides) if overrides else preset
