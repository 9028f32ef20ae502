"""The table snapshot: players, turn, stock, discard pile and melds (contract, State).

Every type here is immutable; a move makes a new :class:`State` (see ``moves.apply_move``).
:func:`validate_state` refuses a snapshot that cannot be a real table and returns its
canonical form (melds in canonical order, each with its kind).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from operator import attrgetter
from typing import Any, cast

from .cards import Card, is_whole_deck, missing_from, repeats, show
from .errors import InvalidInput, Problem
from .finish import dead_end, goes_out
from .melds import Meld, MeldKind, check_meld
from .rules import DEFAULT_PRESET, PRESETS, Rules, meld_limit_allows, restock_limit_allows, restocks_at_turn_end
from .scoring import hand_points, points_won
from .seating import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    default_dealer,
    first_to_play,
    hand_size,
    not_listed,
    player_count_problems,
    same_names,
    seated,
)
from .speech import Sentence, say, say_n
from .stall import STALL_TURNS_PER_PLAYER, stall_limit


class Status(StrEnum):
    """Where the hand stands: still ``playing``; someone went ``out`` (R13); or a drawn hand,
    nobody scoring (R16, R18), whose wire value is ``"draw"``."""

    PLAYING = "playing"
    OUT = "out"
    DRAWN_HAND = "draw"


class Phase(StrEnum):
    """How far the turn has gone: before the draw (wire value ``"draw"``: the player must draw,
    R4) or after it (``"play"``: may meld and lay off, must discard, R5–R7)."""

    BEFORE_DRAW = "draw"
    AFTER_DRAW = "play"


@dataclass(frozen=True, slots=True)
class Player:
    """A seat of a validated state: ``id``, the ``hand`` (in the client's order, a drawn card
    joining at the end) and ``tabled``: whether the player melded or laid off on an earlier turn
    of this hand (R15)."""

    id: str
    hand: tuple[Card, ...]
    tabled: bool = False


@dataclass(frozen=True, slots=True)
class PlayerInput:
    """A seat as a request sends it, before :func:`validate_state`: ``tabled`` None when left
    out (validation infers it, R15); otherwise as :class:`Player`."""

    id: str
    hand: tuple[Card, ...]
    tabled: bool | None = None


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose turn it is and how far it has gone: ``phase`` ``"draw"`` or ``"play"``;
    ``taken_discard`` the card taken from the discard pile this turn (R8); ``melds_made`` melds
    laid this turn (R5); ``laid_off`` whether the player laid off this turn (R6)."""

    player: str
    phase: Phase = Phase.BEFORE_DRAW
    taken_discard: Card | None = None
    melds_made: int = 0
    laid_off: bool = False


@dataclass(frozen=True, slots=True)
class Result:
    """How a hand ended. ``outcome`` ``"out"``: ``winner`` went out, ``rummy`` (R15),
    ``multiplier`` 1 or :data:`~referee.rules.RUMMY_MULTIPLIER`, ``remaining`` each opponent's
    plain card total, ``points`` = multiplier × their sum (R14). ``outcome`` ``"draw"``: nobody scores (R16)."""

    outcome: Status
    points: int = 0
    winner: str | None = None
    rummy: bool = False
    multiplier: int = 1
    remaining: dict[str, int] | None = None


def count(rule: str, about: str, maximum: int) -> Any:
    """A whole-number field of :class:`State` (0 to ``maximum``, 0 by default) that requests send
    and answers show: the wire format takes it from this declaration (``schemas/state.py``), so
    such a field is declared once, here. ``about`` says what it counts, for people."""
    return field(default=0, metadata={"count": True, "rule": rule, "about": about, "maximum": maximum})


@dataclass(frozen=True, slots=True, kw_only=True)
class Snapshot:
    """The fields a table snapshot holds whether or not it has been validated (contract, State):
    ``stock`` is top card first; ``discard`` is bottom first, its last card the visible top;
    ``restocks`` counts stock rebuilds this hand (R17); ``stalled_turns`` the turns played in a
    row with no meld and no lay-off (R18a). :class:`StateInput` and :class:`State` add the turn
    and the dealer, which only the input may leave out; a validated state's seats are all
    of :class:`Player`, whose ``tabled`` is always known."""

    players: tuple[Player | PlayerInput, ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    melds: tuple[Meld, ...] = ()
    rules: Rules = PRESETS[DEFAULT_PRESET]
    restocks: int = count("R17", "Times the stock was rebuilt this hand.", 1000)
    status: Status = Status.PLAYING
    stalled_turns: int = count(
        "R18a",
        f"Turns played in a row with no meld and no lay-off by anyone: 0 after a deal or a turn that melded or laid off; at {STALL_TURNS_PER_PLAYER} per player the hand is a draw.",
        1000,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class StateInput(Snapshot):
    """A snapshot as a request sends it, before :func:`validate_state`: ``turn`` and ``dealer``
    may be left out (None), and validation gives R3's defaults (the last player deals, the
    dealer's left draws first)."""

    turn: Turn | None = None
    dealer: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class State(Snapshot):
    """A validated table snapshot (contract, State; see :class:`Snapshot` for its fields): whose
    ``turn`` it is and who dealt are always known. Only :func:`validate_state`, a deal and a
    move make one.

    Built by keyword only (``State(players=…, turn=…, stock=…, discard=…, dealer=…)``), so a
    new field with a default breaks no caller."""

    turn: Turn
    dealer: str
    players: tuple[Player, ...]

    @property
    def stalled(self) -> bool:
        """Whether the turns in a row with no meld or lay-off reached the limit (R18a)."""
        return self.stalled_turns >= stall_limit(len(self.players))

    def player(self, player_id: str) -> Player:
        """The seat of ``player_id``; raises KeyError when nobody sits there."""
        return seated(self.players, player_id)

    def seat(self, player_id: str) -> int:
        """Index of ``player_id`` in ``players`` (play goes down the list, R3)."""
        for i, p in enumerate(self.players):
            if p.id == player_id:
                return i
        raise KeyError(player_id)

    def meld(self, meld_id: str) -> Meld | None:
        """The table meld named ``meld_id``, or None."""
        for m in self.melds:
            if m.id == meld_id:
                return m
        return None

    @property
    def mover(self) -> Player:
        """The player whose turn it is."""
        return self.player(self.turn.player)

    def left_of(self, player_id: str) -> str:
        """The next seat after ``player_id``, wrapping (R3)."""
        return self.players[(self.seat(player_id) + 1) % len(self.players)].id

    def with_player(self, player: Player) -> State:
        """This state with ``player`` replacing the seat of the same id."""
        return self.changed(players=tuple([player if p.id == player.id else p for p in self.players]))

    def changed(self, **changes: Any) -> State:
        """This state with the fields named changed, as ``dataclasses.replace(self, **changes)``
        makes it (a TypeError for a name that is no field): every move makes a new State, and
        the generic replace, which looks each field up by name, cost a third more."""
        values = dict(zip(_STATE_FIELDS, _READ_STATE(self)))  # every field read in one call
        values.update(changes)
        return State(**values)

    @property
    def gone_out(self) -> Player | None:
        """The player who went out (R13: the one whose hand is empty), or None."""
        return next((p for p in self.players if goes_out(p.hand)), None)

    def result(self) -> Result | None:
        """The hand's :class:`Result` when it is over, else None (R14–R16)."""
        if self.status == Status.PLAYING:
            return None
        if self.status == Status.DRAWN_HAND:
            return Result(Status.DRAWN_HAND)
        winner = self.gone_out
        assert winner is not None, "status out with every hand holding cards: validate_state refuses it (R13)"
        remaining = {p.id: hand_points(p.hand) for p in self.players if p is not winner}
        scored = points_won(remaining, not winner.tabled, self.rules)  # R15: going rummy had tabled nothing
        return Result(Status.OUT, scored.points, winner.id, scored.rummy, scored.multiplier, remaining)


_STATE_FIELDS = tuple(f.name for f in fields(State))
_READ_STATE = attrgetter(*_STATE_FIELDS)


def melded_earlier(melds: Iterable[Meld], turn: Turn) -> set[str]:
    """R15: the players who own a meld on the table laid on an earlier turn of this hand (the
    player to move owns ``turn.melds_made`` melds of this turn besides), so have tabled. What
    :func:`validate_state` insists on, and infers ``tabled`` from when it is left out."""
    owned: dict[str, int] = {}
    for m in melds:
        if m.owner is not None:
            owned[m.owner] = owned.get(m.owner, 0) + 1
    return {p for p, n in owned.items() if n - (turn.melds_made if p == turn.player else 0) > 0}


def _place(state: Snapshot, path: tuple[Any, ...]) -> Sentence:
    """Where a card lies, in words: "in ana's hand (card 7)", "in the stock (card 1)"."""
    n = str(path[-1] + 1)
    if path[0] == "players":
        return say("in {player}'s hand (card {n})", player=state.players[path[1]].id, n=n)
    if path[0] == "melds":
        return say("in meld {meld} (card {n})", meld=state.melds[path[1]].id, n=n)
    return say("in the stock (card {n})", n=n) if path[0] == "stock" else say("in the discard pile (card {n})", n=n)


def place_of(state: State, card: Card) -> tuple[tuple[str | int, ...], Sentence]:
    """Where ``card`` lies in ``state`` (valid: every card once, R1): its path
    (``("players", 1, "hand", 6)``, ``("melds", 0, "cards", 2)``, ``("stock", 0)``,
    ``("discard", 3)``) and the same in words ("in ben's hand (card 7)")."""
    return places_in(state)(card)


def places_in(state: State) -> Callable[[Card], tuple[tuple[str | int, ...], Sentence]]:
    """:func:`place_of` for many cards of one state (the events of a hand name dozens): the
    table is read once, not once a card, and the words are made only for the cards asked about."""
    places: list[tuple[tuple[str | int, ...], tuple[Card, ...]]] = [(("players", i, "hand"), p.hand) for i, p in enumerate(state.players)]
    places += [(("melds", i, "cards"), m.cards) for i, m in enumerate(state.melds)]
    places += [(("stock",), state.stock), (("discard",), state.discard)]
    paths: dict[Card, tuple[str | int, ...]] = {}
    for where, cards in places:
        for k, card in enumerate(cards):
            paths.setdefault(card, (*where, k))  # the first place, were a card in two

    def place(card: Card) -> tuple[tuple[str | int, ...], Sentence]:
        path = paths.get(card)
        if path is None:
            raise ValueError(f"{card.code} is nowhere in the state")
        return path, _place(state, path)

    return place


def validate_state(state: StateInput | State) -> State:
    """Refuse a snapshot that cannot be a real table; return its canonical form.

    Checks the contract's "malformed state" list, one question per function below: 2–6 players
    (R2) with distinct ids; a known ``dealer``, ``turn.player`` and meld ``owner``; distinct meld
    ids; every meld valid (R10, R11); all 52 cards present exactly once across hands, stock,
    discard pile and melds (R1); no hand larger than R2 deals (one more for the player to move
    in ``play``); a consistent turn (R5, R8, R9); ``restocks`` within ``max_restocks`` (R18);
    ``tabled`` true for an owner of an earlier meld (R15); the turns without a meld under the
    limit (R18a); a ``status`` that agrees with the hands and the stock (R13, R17, R18). A
    ``dealer`` or ``turn`` left None takes R3's default (:func:`~referee.seating.default_dealer`,
    :func:`~referee.seating.first_to_play`). Raises :class:`~referee.errors.InvalidInput`
    listing every fault with its path.
    """
    ids: dict[str, int] = {}
    for i, p in enumerate(state.players):
        ids.setdefault(p.id, i)
    seating = list(ids) or [""]  # R3's defaults: the last player deals, the dealer's left draws first
    dealer = state.dealer if state.dealer is not None else default_dealer(seating)
    turn = state.turn if state.turn is not None else Turn(first_to_play(seating, dealer))
    problems = _seating_problems(state, ids, turn, state.dealer)
    melds, meld_problems = _canonical_melds(state, ids)
    problems += meld_problems
    problems += _deck_problems(state)
    problems += _hand_size_problems(state, turn)
    problems += _turn_problems(state, ids, turn, melds)
    players, tabled_problems = _tabled(state, turn)
    problems += tabled_problems
    problems += _stall_and_stock_problems(state, turn)
    problems += _status_problems(state, turn)
    if problems:
        raise InvalidInput(problems)
    values = {name: getattr(state, name) for name in _STATE_FIELDS}
    values.update(players=players, turn=turn, melds=melds, dealer=dealer)
    return State(**values)


def _seating_problems(state: Snapshot, ids: dict[str, int], turn: Turn, dealer: str | None) -> list[Problem]:
    """R2, R2a, R3: 2–6 players with distinct ids; a dealer (when sent) and a player to move who sit there."""
    problems: list[Problem] = player_count_problems(len(state.players))
    problems += same_names([p.id for p in state.players], suffix=("id",))  # R2a
    if dealer is not None and dealer not in ids:
        problems.append(Problem(("dealer",), say("dealer {why}", why=not_listed(dealer, ids))))
    if turn.player not in ids:
        problems.append(Problem(("turn", "player"), say("turn player {why}", why=not_listed(turn.player, ids))))
    return problems


def _canonical_melds(state: Snapshot, ids: dict[str, int]) -> tuple[tuple[Meld, ...], list[Problem]]:
    """R10, R11: each table meld valid, its id used once, its owner at the table, its kind (when
    sent) the kind its cards make. Returns the melds in canonical order, each with its kind (an
    invalid one as sent, without a kind), and the problems."""
    problems: list[Problem] = []
    canonical = []
    meld_ids: set[str] = set()
    for i, m in enumerate(state.melds):
        if m.id in meld_ids:
            problems.append(Problem(("melds", i, "id"), say("meld id {id} is used twice", id=repr(m.id))))
        meld_ids.add(m.id)
        if m.owner is not None and m.owner not in ids:
            problems.append(Problem(("melds", i, "owner"), say("meld owner {why}", why=not_listed(m.owner, ids))))
        check = check_meld(m.cards, state.rules)
        if not check.valid:
            problems.append(
                Problem(
                    ("melds", i, "cards"),
                    say("meld {id} on the table is not a valid meld: {why}", id=repr(m.id), why=check.reasons[0].message),
                )
            )
            canonical.append(Meld(m.id, m.owner, m.cards))
        else:
            if m.kind and m.kind != check.kind:
                if check.kind == MeldKind.SET:
                    kind_fault = say("meld {id} is a set, not a run", id=repr(m.id))
                else:
                    kind_fault = say("meld {id} is a run, not a set", id=repr(m.id))
                problems.append(Problem(("melds", i, "kind"), kind_fault))
            canonical.append(Meld(m.id, m.owner, check.cards, check.kind))
    return tuple(canonical), problems


def _deck_problems(state: Snapshot) -> list[Problem]:
    """R1: every card exactly once across hands, stock, discard pile and melds; each card seen
    twice named where it lies, the missing ones listed."""
    every = [c for p in state.players for c in p.hand]
    every += state.stock
    every += state.discard
    for m in state.melds:
        every += m.cards
    if is_whole_deck(every):  # the usual case: nothing to name
        return []
    places: list[tuple[tuple[str | int, ...], tuple[Card, ...]]] = [(("players", i, "hand"), p.hand) for i, p in enumerate(state.players)]
    places += [(("stock",), state.stock), (("discard",), state.discard)]
    places += [(("melds", i, "cards"), m.cards) for i, m in enumerate(state.melds)]
    problems = [
        Problem(
            (*cast(tuple[str | int, ...], where), j),
            say(
                "{card} ({code}) is on the table twice: also {place} (R1)",
                card=card.symbol,
                code=card.code,
                place=_place(state, (*cast(tuple[str | int, ...], first), k)),
            ),
        )
        for where, j, card, (first, k) in repeats(places)
    ]
    missing = missing_from(every)
    if missing:
        listed: str = show(missing)
        if len(missing) > 13:
            listed = say("{cards} and {count} more", cards=show(missing[:13]), count=len(missing) - 13)
        problems.append(
            Problem(
                (),
                say_n(
                    "{count} of the 52 cards is missing from hands, stock, discard pile and melds: {cards} (R1)",
                    "{count} of the 52 cards are missing from hands, stock, discard pile and melds: {cards} (R1)",
                    len(missing),
                    cards=listed,
                ),
            )
        )
    return problems


def _hand_size_problems(state: Snapshot, turn: Turn) -> list[Problem]:
    """R2: no hand larger than the deal (one more for the player who has drawn)."""
    players = state.players
    if player_count_problems(len(players)):
        return []
    size = hand_size(len(players))
    problems = []
    for i, p in enumerate(players):
        allowed = size + (1 if p.id == turn.player and turn.phase == Phase.AFTER_DRAW else 0)
        if len(p.hand) > allowed:
            problems.append(
                Problem(
                    ("players", i, "hand"),
                    say(
                        "{player} holds {count} cards; with {players} players at most {most} are possible (R2)",
                        player=p.id,
                        count=len(p.hand),
                        players=len(players),
                        most=allowed,
                    ),
                )
            )
    return problems


def _turn_problems(state: Snapshot, ids: dict[str, int], turn: Turn, melds: tuple[Meld, ...]) -> list[Problem]:
    """R4, R5, R8, R9, R18: a turn that play could reach. Nothing melded, laid off or taken
    before the draw; the taken discard still in hand and not stranded there; the melds this
    turn and the restocks this hand within the rules' limits."""
    problems = []
    rules = state.rules
    if turn.phase == Phase.BEFORE_DRAW:
        if turn.taken_discard is not None:
            problems.append(Problem(("turn", "taken_discard"), say("a player who has not drawn yet cannot have taken a discard this turn")))
        if turn.melds_made or turn.laid_off:
            problems.append(Problem(("turn", "phase"), say("a player who has not drawn yet cannot have melded or laid off this turn")))
    if turn.taken_discard is not None and turn.player in ids and state.status == Status.PLAYING:
        hand = state.players[ids[turn.player]].hand
        if turn.taken_discard not in hand:
            problems.append(
                Problem(
                    ("turn", "taken_discard"),
                    say("the taken discard {card} is not in {player}'s hand", card=turn.taken_discard.symbol, player=turn.player),
                )
            )
        elif dead_end(rules, turn.taken_discard, hand, [m for m in melds if m.kind]):
            problems.append(
                Problem(
                    ("turn", "taken_discard"),
                    say(
                        "{player} holds only {card}, the card taken from the discard pile this turn, which can be neither discarded nor "
                        "laid off: no legal play leads here (R9)",
                        player=turn.player,
                        card=turn.taken_discard.symbol,
                    ),
                )
            )
    if not meld_limit_allows(rules, turn.melds_made):
        problems.append(
            Problem(
                ("turn", "melds_made"),
                say(
                    "{count} melds this turn is more than these rules allow in one turn ({most}, R5)",
                    count=turn.melds_made,
                    most=rules.melds_per_turn or 0,
                ),
            )
        )
    if not restock_limit_allows(rules, state.restocks):
        problems.append(
            Problem(
                ("restocks",),
                say(
                    "the stock was rebuilt {count} times, more than these rules allow in one hand ({most}, R18)",
                    count=state.restocks,
                    most=rules.max_restocks or 0,
                ),
            )
        )
    return problems


def _tabled(state: Snapshot, turn: Turn) -> tuple[tuple[Player, ...], list[Problem]]:
    """R15: a player who owns a meld on the table melded on an earlier turn; ``tabled`` false
    would score a false going rummy. Left out (None), tabled is inferred from the same fact
    (contract, State). Returns the players with ``tabled`` filled in, and the problems."""
    earlier = melded_earlier(state.melds, turn)
    players = []
    problems = []
    for i, p in enumerate(state.players):
        if p.tabled is not None and p.id in earlier and not p.tabled:
            problems.append(
                Problem(
                    ("players", i, "tabled"),
                    say("{player} owns a meld on the table laid on an earlier turn, so tabled must be true (R15)", player=p.id),
                )
            )
        players.append(Player(p.id, p.hand, p.id in earlier if p.tabled is None else p.tabled))
    return tuple(players), problems


def _stall_and_stock_problems(state: Snapshot, turn: Turn) -> list[Problem]:
    """R18a: fewer turns in a row with no meld or lay-off than the limit, unless they drew the
    hand. R17, R18: a drawn hand has no stock left (unless it stalled); under immediate
    restocks no turn starts without one."""
    problems = []
    stalled = False
    if MIN_PLAYERS <= len(state.players) <= MAX_PLAYERS:
        limit = stall_limit(len(state.players))
        stalled = state.stalled_turns >= limit
        if state.stalled_turns < 0:
            problems.append(Problem(("stalled_turns",), say("turns in a row with no meld or lay-off cannot be fewer than 0 (R18a)")))
        elif state.stalled_turns > limit or (stalled and state.status != Status.DRAWN_HAND):
            problems.append(
                Problem(
                    ("stalled_turns",),
                    say(
                        "{count} turns in a row with no meld or lay-off: after {limit} ({each} per player) "
                        "the hand is a drawn hand, with status draw (R18a)",
                        count=state.stalled_turns,
                        limit=limit,
                        each=STALL_TURNS_PER_PLAYER,
                    ),
                )
            )
    if state.status == Status.DRAWN_HAND and state.stock and not stalled:
        problems.append(
            Problem(
                ("status",),
                say(
                    "status is draw, but {count} cards are still in the stock: a hand is drawn only when the stock runs out "
                    "(R18) or after {each} turns per player in a row with no meld or lay-off (R18a)",
                    count=len(state.stock),
                    each=STALL_TURNS_PER_PLAYER,
                ),
            )
        )
    if state.status == Status.PLAYING and restocks_at_turn_end(state.rules) and turn.phase == Phase.BEFORE_DRAW and not state.stock:
        problems.append(
            Problem(
                ("stock",),
                say(
                    "the stock is empty at the start of a turn, which these rules never allow: the stock is rebuilt, or the hand drawn, "
                    "as the turn before ends (R17, R18)"
                ),
            )
        )
    return problems


def _status_problems(state: Snapshot, turn: Turn) -> list[Problem]:
    """R13: the status agrees with the hands: out exactly when one player, the one whose turn
    it was, has no cards."""
    players = state.players
    empty = [i for i, p in enumerate(players) if goes_out(p.hand)]
    if state.status != Status.OUT:
        return [
            Problem(
                ("players", i, "hand"),
                say(
                    "{player} has no cards, so the hand is over: status must be out, not {status} (R13)",
                    player=players[i].id,
                    status=str(state.status),
                ),
            )
            for i in empty
        ]
    if len(empty) != 1:
        return [
            Problem(
                ("status",), say("status is out, but {count} players have no cards: exactly one player goes out (R13)", count=len(empty))
            )
        ]
    if players[empty[0]].id != turn.player:
        return [
            Problem(
                ("status",),
                say(
                    "status is out, but {player}, who has no cards, is not the player whose turn it was (R13)", player=players[empty[0]].id
                ),
            )
        ]
    return []
