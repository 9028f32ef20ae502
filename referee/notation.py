"""A table in one line of text, to paste into a test, a benchmark or a bug report (python-chess's
FEN is the model)::

    ana:8H 4H 2C 6D / ben:8D 3C 3D KH | m1@ben:5S 6S 7S | QD | KC ... | ana play | taken_discard=QD

Six fields separated by ``|``, in this order (the last may be left out):

1. the seats in seating order (R3), separated by ``/``: ``id:cards``, the hand in the player's
   order; a ``*`` after the id says the player has ``tabled`` (R15; without it, it is inferred
   as :func:`~referee.state.validate_state` infers it);
2. the melds on the table, separated by ``/``: ``id@owner:cards`` (``id:cards`` for a meld of
   no one); ``-`` for none;
3. the discard pile, bottom card first (the last is the visible top); ``-`` when empty;
4. the stock, top card first; a last ``...`` stands for every card written nowhere else, in deck
   order (A♣ … K♣, A♦ … K♠); ``-`` when empty;
5. the turn: the player to move and ``draw`` (before the draw) or ``play`` (after it, R4);
6. ``name=value`` words, each only when it is not its default: the turn's ``taken_discard``
   (R8), ``melds_made`` (R5) and ``laid_off`` (R6); the state's ``dealer`` (default: the last
   seat, R3), each of its counts (``restocks``, ``stalled_turns``…) and ``status`` (``out``,
   ``draw``); ``rules``, a preset (default ``standard``), and each option of R21 whose value
   differs from the preset's (``aces=high_or_low``, ``melds_per_turn=null``).

Cards are written as the contract spells them (``10H``, ``QS``). :func:`parse_position` reads a
line into the canonical :class:`~referee.state.State` (validated: an impossible table raises
:class:`~referee.errors.InvalidInput`, a line that is no position :class:`NotationError`);
:func:`position_of` writes a valid state back, and ``parse_position(position_of(state)) ==
state`` for every valid state whose names hold no space and none of ``| / : @ * =``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .cards import DECK, Card, CardError, parse_card
from .errors import InvalidInput
from .melds import Meld
from .rules import DEFAULT_PRESET, OPTION, OPTIONS, PRESETS, Rules, resolve_rules
from .seating import default_dealer
from .state import Phase, PlayerInput, Snapshot, State, StateInput, Status, Turn, melded_earlier, validate_state

REST = "..."
NONE = "-"
_RESERVED = frozenset("|/:@*=")
_COUNTS = tuple(f.name for f in dataclasses.fields(Snapshot) if f.metadata.get("count"))
_TURN_WORDS = ("taken_discard", "melds_made", "laid_off")


class NotationError(ValueError):
    """A line that is not a position: ``field`` names the part at fault ("stock", "seat 2"),
    ``message`` says what is wrong there."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"position, {field}: {message}")
        self.field = field
        self.message = message


# --- reading -------------------------------------------------------------------------------


def parse_position(text: str) -> State:
    """The table that ``text`` (one line, see the module's docstring) writes, validated and
    canonical. Raises :class:`NotationError` for a line that is not a position, and
    :class:`~referee.errors.InvalidInput` for one that writes an impossible table (a card
    twice, a hand too large, …)."""
    if not isinstance(text, str):
        raise NotationError("position", f"a position is one line of text, not {type(text).__name__}")
    parts = [p.strip() for p in text.strip().split("|")]
    if len(parts) not in (5, 6):
        raise NotationError(
            "position", f"a position has 5 or 6 fields separated by '|' (seats | melds | discard | stock | turn | words), not {len(parts)}"
        )
    seats, melds, discard, stock, turn = parts[:5]
    players = tuple(_seat(s, i) for i, s in enumerate(_items(seats, "seats", empty_ok=False)))
    table = tuple(_meld(m, i) for i, m in enumerate(_items(melds, "melds")))
    pile = _cards(discard, "discard")
    stock_words = stock.split()
    rest = bool(stock_words) and stock_words[-1] == REST
    top = _cards(" ".join(stock_words[:-1]) if rest else stock, "stock")
    if rest:
        written = {c for p in players for c in p.hand} | {c for m in table for c in m.cards} | set(pile) | set(top)
        top += tuple(c for c in DECK if c not in written)
    words = _words(parts[5] if len(parts) == 6 else "")
    state = StateInput(
        players=players,
        turn=_turn(turn, words),
        stock=top,
        discard=pile,
        melds=table,
        dealer=words.pop("dealer", None),
        rules=_rules(words),
        status=_status(words.pop("status", Status.PLAYING.value)),
        **{name: _number(words.pop(name), name) for name in _COUNTS if name in words},
    )
    if words:
        raise NotationError("words", f"unknown word {next(iter(words))!r}: {_known_words()}")
    return validate_state(state)


def _items(text: str, field: str, empty_ok: bool = True) -> list[str]:
    if text == NONE and empty_ok:
        return []
    if not text:
        raise NotationError(field, f"empty: write {NONE!r} for none" if empty_ok else "empty: a table has players")
    return [item.strip() for item in text.split("/")]


def _cards(text: str, field: str) -> tuple[Card, ...]:
    if text == NONE:
        return ()
    try:
        return tuple(parse_card(t) for t in text.split())
    except CardError as bad:
        if bad.text == REST:
            raise NotationError(field, f"{REST!r} comes only at the end of the stock") from None
        raise NotationError(field, bad.message) from None


def _split(item: str, field: str) -> tuple[str, str]:
    head, colon, cards = item.partition(":")
    if not colon:
        raise NotationError(field, f"{item!r} has no ':' between the name and the cards")
    if not head.strip():
        raise NotationError(field, f"{item!r} has no name before ':'")
    return head.strip(), cards.strip()


def _seat(item: str, i: int) -> PlayerInput:
    field = f"seat {i + 1}"
    head, cards = _split(item, field)
    tabled = head.endswith("*")
    return PlayerInput(head.removesuffix("*"), _cards(cards, field) if cards else (), True if tabled else None)


def _meld(item: str, i: int) -> Meld:
    field = f"meld {i + 1}"
    head, cards = _split(item, field)
    meld_id, at, owner = head.partition("@")
    if at and not owner:
        raise NotationError(field, f"{item!r} has no owner after '@'")
    return Meld(meld_id, owner or None, _cards(cards, field))


def _words(text: str) -> dict[str, str]:
    words: dict[str, str] = {}
    for word in text.split():
        name, equals, value = word.partition("=")
        if not equals or not name or not value:
            raise NotationError("words", f"{word!r} is not name=value")
        if name in words:
            raise NotationError("words", f"{name} is given twice")
        words[name] = value
    return words


def _known_words() -> str:
    return "the words are " + ", ".join((*_TURN_WORDS, "dealer", *_COUNTS, "status", "rules", *OPTION))


def _turn(text: str, words: dict[str, str]) -> Turn:
    said = text.split()
    if len(said) != 2 or said[1] not in (Phase.BEFORE_DRAW.value, Phase.AFTER_DRAW.value):
        raise NotationError("turn", f"{text!r} is not the player to move then draw or play, as in 'ana draw'")
    taken = _cards(words.pop("taken_discard", NONE), "taken_discard")
    if len(taken) > 1:
        raise NotationError("words", "taken_discard is one card")
    return Turn(
        said[0],
        Phase(said[1]),
        taken[0] if taken else None,
        _number(words.pop("melds_made", "0"), "melds_made"),
        _truth(words.pop("laid_off", "false"), "laid_off"),
    )


def _number(value: str, name: str) -> int:
    if not value.isdigit() or not value.isascii():
        raise NotationError("words", f"{name}={value}: {name} is a whole number")
    return int(value)


def _truth(value: str, name: str) -> bool:
    if value not in ("true", "false"):
        raise NotationError("words", f"{name}={value}: {name} is true or false")
    return value == "true"


def _status(value: str) -> Status:
    try:
        return Status(value)
    except ValueError:
        raise NotationError("words", f"status={value}: the status is {', '.join(s.value for s in Status)}") from None


def _rules(words: dict[str, str]) -> Rules:
    spec: dict[str, Any] = {"preset": words.pop("rules", DEFAULT_PRESET)}
    for name in [n for n in words if n in OPTION]:
        value, kind = words.pop(name), OPTION[name].kind
        if value == "null":
            spec[name] = None
        elif kind is bool:
            spec[name] = _truth(value, name)
        elif kind is int:
            spec[name] = _number(value, name)
        else:
            spec[name] = value
    try:
        return resolve_rules(spec)
    except InvalidInput as bad:
        raise NotationError("words", "; ".join(p.message for p in bad.problems)) from None


# --- writing -------------------------------------------------------------------------------


def position_of(state: State) -> str:
    """``state`` (valid, as :func:`~referee.state.validate_state` answers it) in one line, the
    shortest the notation allows (see the module's docstring). Raises :class:`NotationError`
    for a name the notation cannot write (a space, or one of ``| / : @ * =``)."""
    for name in [p.id for p in state.players] + [m.id for m in state.melds]:
        if not name or name == NONE or any(c in _RESERVED or c.isspace() for c in name):
            raise NotationError("names", f"{name!r} cannot be written in a position: no space and none of | / : @ * =")
    inferred = melded_earlier(state.melds, state.turn)  # tabled, unless written otherwise (R15)
    seats = " / ".join(f"{p.id}{'*' if p.tabled and p.id not in inferred else ''}:{_codes(p.hand)}".rstrip() for p in state.players)
    melds = " / ".join(f"{m.id}{'@' + m.owner if m.owner else ''}:{_codes(m.cards)}" for m in state.melds) or NONE
    turn = state.turn
    fields = [seats, melds, _codes(state.discard) or NONE, _stock(state.stock), f"{turn.player} {turn.phase.value}"]
    words = []
    if turn.taken_discard is not None:
        words.append(f"taken_discard={turn.taken_discard.code}")
    if turn.melds_made:
        words.append(f"melds_made={turn.melds_made}")
    if turn.laid_off:
        words.append("laid_off=true")
    if state.dealer != default_dealer([p.id for p in state.players]):
        words.append(f"dealer={state.dealer}")
    words += [f"{name}={getattr(state, name)}" for name in _COUNTS if getattr(state, name)]
    if state.status != Status.PLAYING:
        words.append(f"status={state.status.value}")
    words += _rule_words(state.rules)
    return " | ".join(fields + ([" ".join(words)] if words else []))


def _codes(cards: tuple[Card, ...]) -> str:
    return " ".join(c.code for c in cards)


def _stock(stock: tuple[Card, ...]) -> str:
    """The stock with its longest tail in deck order written as ``...`` (those are exactly the
    cards written nowhere else, every card being somewhere once)."""
    start = len(stock) - 1
    while start > 0 and stock[start - 1].index < stock[start].index:
        start -= 1
    if start >= len(stock) - 1:  # no stock, or a tail of one card: written as it is
        return _codes(stock) or NONE
    return " ".join([*(c.code for c in stock[:start]), REST])


def _rule_words(rules: Rules) -> list[str]:
    preset = PRESETS[rules.preset]
    words = [f"rules={rules.preset}"] if rules.preset != DEFAULT_PRESET else []
    for option in OPTIONS:
        value = getattr(rules, option.name)
        if value != getattr(preset, option.name):
            words.append(f"{option.name}={'null' if value is None else str(value).lower() if isinstance(value, bool) else value}")
    return words
