"""Rule options and the three presets (R21), each declared once.

:class:`Rules` is the one declaration of every rule option, one field each with its
:class:`Option` (:data:`OPTIONS` lists them): its type, its allowed values, its value in each
preset, its rule id, a label and a sentence for people, and a sentence for each value.
Everything else follows from it: :data:`PRESETS`, the checks of :func:`resolve_rules`, the
request schema (``schemas/rules.py``) and the ``GET /v1/rules`` document the pages read
(``referee/catalog.py``). A new option is one field of :class:`Rules` (and the code of the rule
it changes).

:func:`resolve_rules` turns the contract's rules object (``{"preset": "basic", "target_score":
150}``) into a :class:`Rules`, refusing unknown options and impossible values with
:class:`~referee.errors.InvalidInput` rather than ignoring them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from typing import Any

from .errors import InvalidInput, Problem
from .speech import Sentence, say


@dataclass(frozen=True, slots=True)
class Value:
    """One allowed value of a choice option (or of a true/false one): what it is called and
    what it means at the table."""

    value: str | bool
    label: str
    sentence: str


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of option values (R21): its label and its character in one line."""

    name: str
    label: str
    character: str


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option (R21).

    - ``kind``: ``bool``, ``int`` or ``str``; ``values``: the allowed values of a ``str`` (and
      the two of a ``bool``), each with its label and sentence;
    - ``minimum``/``maximum``: the range of an ``int``; ``null``: what null means for an option
      that may be null ("no limit"), ``None`` when null is refused;
    - ``default``: its value in the standard preset; ``presets``: where another preset differs;
    - ``rule``: the rule it changes (R5); ``label``, ``sentence``: for people;
    - ``one``/``other``/``null_sentence``: an ``int`` option's value in words (``{n}`` is the
      number), the way ``values`` say it for a choice; ``suggested``: values a page offers first;
    - ``unused_when``: another option that, when set, makes this one mean nothing (``deals``
      replaces ``target_score``).
    """

    name: str
    kind: type
    default: Any
    rule: str
    label: str
    sentence: str
    presets: Mapping[str, Any] = field(default_factory=dict)
    values: tuple[Value, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    null: str | None = None
    one: str = ""
    other: str = ""
    null_sentence: str = ""
    suggested: tuple[int, ...] = ()
    unused_when: str | None = None

    def refusal(self, value: Any) -> Sentence | None:
        """Why ``value`` is impossible for this option, naming it ("going_rummy_doubles must be
        true or false"), or None."""
        if value is None:
            return None if self.null is not None else self._allowed()
        if self.kind is bool:
            return None if type(value) is bool else self._allowed()
        if self.kind is int:
            low, high = self.minimum, self.maximum
            ok = type(value) is int and low is not None and high is not None and low <= value <= high
            return None if ok else self._allowed()
        return None if type(value) is str and value in self.choices else self._allowed()

    def _allowed(self) -> Sentence:
        if self.kind is bool:
            return say("{name} must be true or false", name=self.name)
        if self.kind is int:
            low, high = self.minimum or 0, self.maximum or 0
            if self.null is not None:
                return say(
                    "{name} must be a whole number from {low} to {high}, or null {null}", name=self.name, low=low, high=high, null=self.null
                )
            return say("{name} must be a whole number from {low} to {high}", name=self.name, low=low, high=high)
        return say("{name} must be one of {choices}", name=self.name, choices=", ".join(str(c) for c in self.choices))

    @property
    def choices(self) -> tuple[str | bool, ...]:
        """The allowed values of a choice option, in order."""
        return tuple(v.value for v in self.values)

    def say(self, value: Any) -> str:
        """This option's ``value`` in one sentence for people ("Aces are low: …"); "" when there
        is nothing to say (no fixed number of deals)."""
        if value is None:
            return self.null_sentence
        if self.kind is int:
            pattern = self.one if value == 1 and self.one else self.other
            return Sentence(pattern.msgid, {"n": value}) if isinstance(pattern, Sentence) else pattern.replace("{n}", str(value))
        return next(v.sentence for v in self.values if v.value == value)

    def preset_value(self, preset: str) -> Any:
        """This option's value in the named preset."""
        return self.presets.get(preset, self.default)


RUMMY_MULTIPLIER = 2
"""R15: what going rummy multiplies every opponent's total by where ``going_rummy_doubles``
holds. Declared once, beside the option: the score (:func:`referee.scoring.rummy_multiplier`),
the computer opponents' simulator, the pages (``GET /v1/rules``, ``scoring.rummy_multiplier``)
and every sentence that states the bonus (:data:`_MULTIPLIES`) all ask this. The option's wire
name says "doubles" whatever the number: the contract fixes it."""

_TIMES = {
    2: (say("doubled"), say("doubles")),
    3: (say("tripled"), say("triples")),
    4: (say("quadrupled"), say("quadruples")),
}


def multiplied(multiplier: int, *, verb: bool = False) -> Sentence:
    """A multiplier above 1 in words: "doubled" (``verb``: "doubles"), "tripled", …, else
    "multiplied by 5" ("multiplies by 5"). The options, the narration and the bots' reasons say
    R15's bonus so."""
    said = _TIMES.get(multiplier)
    if said is not None:
        return said[1] if verb else said[0]
    return say("multiplies by {count}", count=multiplier) if verb else say("multiplied by {count}", count=multiplier)


_MULTIPLIES = multiplied(RUMMY_MULTIPLIER, verb=True)
"""R15's bonus as a verb ("doubles"), the one parameter of every sentence of the presets and
options that states it: a new :data:`RUMMY_MULTIPLIER` rewords those ("triples"), in every
language, with no sentence or translation to change. The rulebook's own text (R15, RULES.md and
its translations) says the number in its words and changes with it by hand."""


PRESET_LIST: tuple[Preset, ...] = (
    Preset(
        "basic",
        say("Basic"),
        say("The plainest game: one meld a turn, no bonus for going rummy, the top discard stays when the stock runs out."),
    ),
    Preset(
        "standard",
        say("Standard"),
        say("The usual game: any number of melds a turn, going rummy {multiplies} the points.", multiplies=_MULTIPLIES),
    ),
    Preset(
        "two-restocks",
        say("Two restocks"),
        say("A brisk game: the stock is rebuilt at most twice, then the hand is drawn; the deal passes left."),
    ),
)
DEFAULT_PRESET = "standard"

_NO, _YES = False, True


def option(kind: type, default: Any, rule: str, label: str, sentence: str, **more: Any) -> Any:
    """A field of :class:`Rules` that is a rule option: its default (the standard preset's
    value) and its :class:`Option` (kind, rule, words, allowed values, other presets' values;
    ``more`` are the Option's other fields), named after the field in :data:`OPTIONS`."""
    return field(default=default, metadata={"option": Option("", kind, default, rule, label, sentence, **more)})


@dataclass(frozen=True, slots=True)
class Rules:
    """The resolved options of one game (R21): the preset they started from and one field per
    rule option, each declared here once, with its :class:`Option` (what :data:`OPTIONS`
    lists): ``None`` for an option that may be null means no limit (``melds_per_turn``,
    ``max_restocks``) or no fixed number of deals (``deals``).

    A new option is one field here (and the code of the rule it changes): the request schema,
    ``GET /v1/rules``, the rule book's R21 table and the presets follow from it."""

    preset: str = DEFAULT_PRESET
    # fmt: off
    melds_per_turn: int | None = option(
        int, None, "R5", say("Melds per turn"), say("Melds one player may lay in one turn."),
        presets={"basic": 1}, minimum=1, maximum=100, null=say("for no limit"),
        one=say("A player may lay down at most one meld in a turn; laying off is not limited."),
        other=say("A player may lay down at most {n} melds in a turn; laying off is not limited."),
        null_sentence=say("A player may lay down any number of melds in a turn."),
    )
    going_rummy_doubles: bool = option(
        bool, _YES, "R15", say("Going rummy {multiplies}", multiplies=_MULTIPLIES),
        say("Going rummy {multiplies} every opponent's total.", multiplies=_MULTIPLIES),
        presets={"basic": _NO},
        values=(
            Value(_YES, _MULTIPLIES.capitalized(), say("Going rummy (going out in one turn with nothing melded or laid off before) {multiplies} the points.", multiplies=_MULTIPLIES)),
            Value(_NO, say("No bonus"), say("Going rummy scores the same as going out: there is no bonus.")),
        ),
    )
    taken_discard_if_last: bool = option(
        bool, _NO, "R8", say("Taken discard back if last"),
        say("The card taken from the discard pile may be discarded the same turn when it is the last card in hand."),
        presets={"two-restocks": _YES},
        values=(
            Value(_YES, say("Allowed if last"), say("The card taken from the discard pile may not be thrown back the same turn, unless it is the last card in hand.")),
            Value(_NO, say("Never"), say("The card taken from the discard pile may not be thrown back the same turn.")),
        ),
    )
    final_discard_required: bool = option(
        bool, _NO, "R13", say("Final discard required"),
        say("The last card must be discarded: a meld or lay-off that empties the hand is illegal."),
        values=(
            Value(_YES, say("Required"), say("To go out, the last card must be discarded: a meld or lay-off may not empty the hand.")),
            Value(_NO, say("Not required"), say("A player goes out as soon as their hand is empty, by a meld, a lay-off or a discard.")),
        ),
    )
    restock: str = option(
        str, "turn_over", "R17", say("Restock"), say("How the stock is rebuilt when it runs out."),
        presets={"basic": "keep_top", "two-restocks": "immediate"},
        values=(
            Value("keep_top", say("Keep the top discard"), say("When the stock runs out, the discard pile except its top card is turned over to make a new stock.")),
            Value("turn_over", say("Turn the pile over"), say("When the stock runs out, the whole discard pile is turned over to make a new stock.")),
            Value("immediate", say("At once"), say("As soon as a turn ends with the stock empty, the whole discard pile is turned over to make a new stock.")),
        ),
    )
    max_restocks: int | None = option(
        int, None, "R18", say("Restocks per hand"), say("Restocks allowed before the hand is a draw."),
        presets={"two-restocks": 2}, minimum=0, maximum=1_000, null=say("for no limit"),
        one=say("The stock may be rebuilt once in a hand; the next time it runs out, the hand is drawn and nobody scores."),
        other=say("The stock may be rebuilt {n} times in a hand; the next time it runs out, the hand is drawn and nobody scores."),
        null_sentence=say("The stock may be rebuilt any number of times in a hand."),
    )
    aces: str = option(
        str, "low", "R11", say("Aces"), say("low: A-2-3 only; high_or_low: Q-K-A too, never K-A-2."),
        values=(
            Value("low", say("Low"), say("Aces are low: A 2 3 is a run, Q K A is not, and a run never wraps from the King to the ace.")),
            Value("high_or_low", say("High or low"), say("Aces are high or low: A 2 3 and Q K A are runs, but K A 2 is not.")),
        ),
    )
    dealer_rotation: str = option(
        str, "winner_two_player", "R19", say("Next dealer"), say("Who deals next."),
        presets={"two-restocks": "left"},
        values=(
            Value("winner_two_player", say("Winner deals (two players)"), say("With two players the winner of a hand deals the next; with more, the deal passes to the left.")),
            Value("left", say("Passes left"), say("The deal passes to the left after every hand.")),
        ),
    )
    target_score: int = option(
        int, 100, "R20", say("Target score"), say("Points that end the game."),
        minimum=1, maximum=100_000, suggested=(100, 150, 200, 250, 500), unused_when="deals",
        other=say("The game ends when a player reaches {n} points; the highest total wins, and a tie for highest plays another hand."),
    )
    deals: int | None = option(
        int, None, "R20", say("Number of deals"), say("Play this many hands instead of to the target score."),
        minimum=1, maximum=100, null=say("to play to the target score"),
        one=say("The game lasts one deal; the highest total wins, and a tie for highest plays another hand."),
        other=say("The game lasts {n} deals; the highest total wins, and a tie for highest plays another hand."),
    )
    # fmt: on
    # Rules key the caches of the hot paths (melds, lay-offs): the hash is computed once.
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash(tuple([getattr(self, name) for name in _RULES_FIELDS]))
            object.__setattr__(self, "_hash", h)
        return h


_RULES_FIELDS = tuple(f.name for f in fields(Rules) if f.init)
OPTIONS: tuple[Option, ...] = tuple(replace(f.metadata["option"], name=f.name) for f in fields(Rules) if "option" in f.metadata)
"""Every rule option, in declaration order: each field of :class:`Rules` that is an option."""
OPTION = {o.name: o for o in OPTIONS}
OPTION_NAMES = tuple(OPTION)

PRESETS: dict[str, Rules] = {p.name: Rules(preset=p.name, **{o.name: o.preset_value(p.name) for o in OPTIONS}) for p in PRESET_LIST}


def meld_limit_allows(rules: Rules, melds: int) -> bool:
    """R5: whether ``melds`` melds laid by one player in one turn are within ``melds_per_turn``
    (None: no limit). The one reading of the limit: a meld asks it of the turn's count plus
    one, ``validate_state`` of the count a table shows."""
    return rules.melds_per_turn is None or melds <= rules.melds_per_turn


def restock_limit_allows(rules: Rules, restocks: int) -> bool:
    """R18: whether ``restocks`` rebuilds of the stock in one hand are within ``max_restocks``
    (None: no limit). The one reading of the limit: a restock asks it of the count plus one
    (else the hand is drawn), ``validate_state`` of the count a table shows."""
    return rules.max_restocks is None or restocks <= rules.max_restocks


def restocks_at_turn_end(rules: Rules) -> bool:
    """R17 ``immediate``: whether the stock is rebuilt as soon as a turn ends with it empty (so
    no turn starts without one); under the other modes it waits for a draw from it."""
    return rules.restock == "immediate"


def keeps_top(rules: Rules) -> bool:
    """R17 ``keep_top``: whether a restock leaves the top discard as the new discard pile (the
    rest turned over); under the other modes the whole pile is turned over."""
    return rules.restock == "keep_top"


def resolve_rules(spec: Mapping[str, Any] | None = None) -> Rules:
    """Resolve a rules object (R21): the named preset, then each override.

    ``spec`` is ``None`` (standard preset) or a mapping with an optional ``preset`` and any
    option names of :data:`OPTIONS`. Raises :class:`~referee.errors.InvalidInput` listing every
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
def _resolved(key: tuple[tuple[str, type, Any], ...]) -> Rules:
    return _resolve({name: value for name, _, value in key})


def _resolve(spec: Mapping[str, Any]) -> Rules:
    problems: list[Problem] = []
    preset_name = spec.get("preset", DEFAULT_PRESET)
    if preset_name not in PRESETS:
        problems.append(
            Problem(
                ("preset",),
                say("the preset must be one of {choices}", choices=", ".join(PRESETS)).reworded(f"must be one of {', '.join(PRESETS)}"),
            )
        )
        preset_name = DEFAULT_PRESET
    for name, value in spec.items():
        option = OPTION.get(name)
        if name == "preset":
            continue
        if option is None:
            problems.append(
                Problem((name,), say("unknown rule option {name}; options are {options}", name=repr(name), options=", ".join(OPTION_NAMES)))
            )
        elif (why := option.refusal(value)) is not None:
            problems.append(Problem((name,), why))
    if problems:
        raise InvalidInput(problems)
    return rules_of(preset_name, {k: v for k, v in spec.items() if k != "preset"})


def rules_of(preset: str, overrides: Mapping[str, Any]) -> Rules:
    """The named preset with ``overrides`` (option values already checked, as the request
    schema checks them). The one place a preset and its overrides become :class:`Rules`."""
    return _rules_of(preset, tuple(overrides.items())) if overrides else PRESETS[preset]


@lru_cache(maxsize=1024)
def _rules_of(preset: str, overrides: tuple[tuple[str, Any], ...]) -> Rules:  # every request of a game sends the same rules
    return replace(PRESETS[preset], **dict(overrides))


def describe(rules: Rules) -> list[tuple[Option, str]]:
    """Each option of ``rules`` in words for people, in declaration order, as (option,
    sentence); options with nothing to say (no fixed number of deals; a target score that a
    fixed number of deals replaces) are left out."""
    said = []
    for option in OPTIONS:
        if option.unused_when is not None and getattr(rules, option.unused_when) is not None:
            continue
        sentence = option.say(getattr(rules, option.name))
        if sentence:
            said.append((option, sentence))
    return said
