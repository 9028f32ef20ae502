"""A whole game played hand after hand (R19, R20), with computer opponents in their seats.

A :class:`Game` is what a sealed table holds: the seating, the rules, the hands already scored,
the hand being played (a :class:`~referee.state.State`), the moves of that hand as every player
saw them (:class:`~referee.view.Event`) and ``seq``, the number of changes made to the table.
Scores come from :func:`referee.scorepad.replay` over the hands played, so a sealed game and
``/v1/scorepad`` never disagree; the next dealer and the end of the game come from there too.

Every function returns a new :class:`Game`; none changes its input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from .actions import Move
from .cards import Card
from .deal import deal
from .errors import IllegalMove, InvalidInput, Problem, Reason
from .legal import legal_moves
from .moves import MovesOutcome, apply_move
from .policy import LEVELS, Policy
from .rules import Rules
from .scorepad import Carried, HandEntry, Pad, Remaining, replay
from .seating import ONE_OF_THE_PLAYERS, not_listed
from .speech import say
from .state import State, Status, validate_state
from .view import Event, SeatView, seat_view, seen

KEPT_HANDS = 1  # finished hands a game keeps one by one (the last); the older ones are in its running totals


class GameOver(ValueError):
    """Refusal to deal: the hand is still being played, or the game is over (R20)."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game of Rummy at one table.

    - ``players``: ids in seating order (R3); ``rules``: the game's options (R21);
      ``first_dealer``: who dealt hand 1.
    - ``bots``: player id → level (``referee.policy.LEVELS``) for seats the service plays, by
      the policy the functions below are given.
    - ``hands``: the hands already scored and still kept one by one, as a scorepad holds them
      (``HandEntry``), before the hand in ``state``: the last ``KEPT_HANDS``; ``carried`` the
      running totals of the hands before them (``referee.scorepad.Carried``; None: none), so
      a game of any length is a table of the same size.
    - ``state``: the hand being played (or just ended).
    - ``events``: the moves of this hand as every player saw them, oldest first, all of them
      (a fair deal's record needs every move, however long the hand).
    - ``seq``: changes made to the table so far: every move applied, and every hand dealt after
      the first.
    """

    players: tuple[str, ...]
    rules: Rules
    first_dealer: str
    state: State
    bots: Mapping[str, str]
    hands: tuple[HandEntry, ...] = ()
    events: tuple[Event, ...] = ()
    seq: int = 0
    carried: Carried | None = None

    @property
    def number(self) -> int:
        """The hand being played, 1 for the first."""
        return (0 if self.carried is None else self.carried.hands) + len(self.hands) + 1

    def scored_hands(self) -> tuple[HandEntry, ...]:
        """Every hand finished so far, the current one included once it is over."""
        entry = hand_entry(self.state)
        return self.hands if entry is None else (*self.hands, entry)

    def pad(self) -> Pad:
        """The game's scores so far (R14–R16, R19, R20), exactly as ``/v1/scorepad`` gives them
        for the same hands."""
        return replay(self.players, self.rules, self.scored_hands(), self.first_dealer, self.carried)

    def scores(self) -> Pad:
        """The scores a view shows: :meth:`pad`, whose ``next_dealer`` is None while a hand is
        being played (it is known once the hand ends, R19)."""
        pad = self.pad()
        return replace(pad, next_dealer=None) if self.state.status == Status.PLAYING else pad

    def view(self, viewer: str | None) -> SeatView:
        """What ``viewer`` (None: a spectator) may see, with ``events`` the moves since the
        viewer's last move (a spectator, or a player yet to move this hand: all of them)."""
        return seat_view(self.state, viewer, events_since(self.events, viewer))


def hand_entry(state: State) -> HandEntry | None:
    """The scorepad entry of a finished hand (None while it is playing): the winner, going
    rummy (R15) and each opponent's points left (R14), or a drawn hand (R16)."""
    result = state.result()
    if result is None:
        return None
    if result.outcome != Status.OUT:
        return HandEntry(drawn_hand=True)
    return HandEntry(result.winner, result.rummy, {p: Remaining(points=n) for p, n in (result.remaining or {}).items()})


def events_since(events: Sequence[Event], viewer: str | None) -> tuple[Event, ...]:
    """The events after ``viewer``'s last one (all of them for a spectator or a player who has
    not moved this hand)."""
    if viewer is not None:
        for i in range(len(events) - 1, -1, -1):
            if events[i].player == viewer:
                return tuple(events[i + 1 :])
    return tuple(events)


def check_bots(players: Sequence[str], bots: Mapping[str, str]) -> list[Problem]:
    """Faults in a table's computer opponents: an unknown level, a bot not seated, no human
    seat left. Paths ``("bots", id)`` and ``("bots",)``."""
    problems = []
    for pid, level in bots.items():
        if pid not in players:
            problems.append(Problem(("bots", pid), not_listed(pid, players, ONE_OF_THE_PLAYERS)))
        elif level not in LEVELS:
            problems.append(Problem(("bots", pid), f"a computer opponent plays at level {', '.join(LEVELS)}, not {level!r}"))
    if players and all(p in bots for p in players):
        problems.append(Problem(("bots",), "every seat is a computer opponent: a table needs at least one human player"))
    return problems


def new_game(
    players: Sequence[str],
    rules: Rules,
    dealer: str | None = None,
    bots: Mapping[str, str] | None = None,
    seed: int | None = None,
    bot_seed: int | str = 0,
    deck: Sequence[Card] | None = None,
    policy: Policy | None = None,
) -> Game:
    """A new game at hand 1: dealt (R2, R3; ``seed`` None: from the operating system's
    randomness; ``deck``: that order, top card first), and played by the computer opponents until a human is to move.

    Raises :class:`~referee.errors.InvalidInput` for a wrong seating (R2), an unknown dealer or
    a fault of :func:`check_bots`.
    """
    bots = dict(bots or {})
    problems = check_bots(players, bots)
    if problems:
        raise InvalidInput(problems)
    state = validate_state(deal(players, rules, dealer, seed, deck))
    game = Game(tuple(players), rules, state.dealer, state, bots)
    return play_bots(game, bot_seed, policy)[0]


def check_next_hand(game: Game) -> Pad:
    """Whether the game's next hand may be dealt (R20): the game's pad when it may. Raises
    :class:`GameOver` while the hand is still being played or once the game is over."""
    if game.state.status == Status.PLAYING:
        raise GameOver(say("hand {n} is still being played: the next hand is dealt when it ends", n=game.number))
    pad = game.pad()
    if pad.game_over:
        if pad.winner is not None:
            raise GameOver(
                say("the game is over: {winner} won with {points} points (R20)", winner=pad.winner, points=pad.totals[pad.winner])
            )
        raise GameOver(say("the game is over: nobody won (R20)"))
    return pad


def next_hand(
    game: Game, seed: int | None = None, bot_seed: int | str = 0, deck: Sequence[Card] | None = None, policy: Policy | None = None
) -> Game:
    """The game's next hand, dealt by the dealer R19 names (from ``deck``, top card first, when
    given), with the scores carried (R20).

    Raises :class:`GameOver` while the hand is still being played or once the game is over.
    """
    pad = check_next_hand(game)
    state = validate_state(deal(game.players, game.rules, pad.next_dealer, seed, deck))
    scored, carried = game.scored_hands(), game.carried
    if len(scored) > KEPT_HANDS:  # the older hands folded into the running totals (R20)
        folded = replay(game.players, game.rules, scored[:-KEPT_HANDS], game.first_dealer, carried)
        after = folded.next_dealer
        assert after is not None, "the game went on after the hands folded, so one of them names the next dealer (R19, R20)"
        carried = Carried((0 if carried is None else carried.hands) + len(scored) - KEPT_HANDS, dict(folded.totals), after)
        scored = scored[-KEPT_HANDS:]
    nxt = replace(game, state=state, hands=scored, carried=carried, events=(), seq=game.seq + 1)
    return play_bots(nxt, bot_seed, policy)[0]


def play(
    game: Game, moves: Sequence[Move], bot_seed: int | str = 0, policy: Policy | None = None
) -> tuple[MovesOutcome, Game, tuple[Event, ...]]:
    """Apply a human's ``moves`` in order up to the first illegal one (as
    :func:`referee.apply_moves`), then every computer opponent's turn until a human is to move
    or the hand ends.

    Returns the outcome of the human's moves (its ``state`` is the table after the bots too),
    the new game, and the events since the request: the human's moves then the bots', as every
    player saw them. Raises :class:`~referee.errors.InvalidInput` (path ``(i, "player")``) for a
    move by a player not at the table.
    """
    state, events, applied = game.state, list(game.events), 0
    reasons: tuple[Reason, ...] = ()
    new: list[Event] = []
    for i, move in enumerate(moves):
        try:
            after = apply_move(state, move)
        except IllegalMove as illegal:
            reasons = illegal.reasons
            break
        except InvalidInput as bad:
            raise bad.under(i) from None
        new.append(seen(state, move, after))
        state, applied = after, applied + 1
    game = replace(game, state=state, events=tuple(events + new), seq=game.seq + applied)
    game, by_bots = play_bots(game, bot_seed, policy)
    outcome = MovesOutcome(not reasons, reasons, applied, game.state, game.state.result())
    return outcome, game, tuple(new) + by_bots


def play_bots(game: Game, bot_seed: int | str = 0, policy: Policy | None = None) -> tuple[Game, tuple[Event, ...]]:
    """Every computer opponent's move, in turn, while one is to move and the hand goes on, as
    ``policy`` plays it. Each bot decides from its own view only. Returns the game after them
    and their events. Raises ValueError when a computer opponent is to move and no policy was
    given."""
    state, events, new = game.state, game.events, []
    while state.status == Status.PLAYING and state.turn.player in game.bots:
        bot = state.turn.player
        if policy is None:
            raise ValueError(f"{bot} is a computer opponent, and no policy was given to play its turn")
        view = seat_view(state, bot, events)
        move = policy(view, game.bots[bot], bot_seed)
        try:
            after = apply_move(state, move)
        except (IllegalMove, InvalidInput):  # a bot's fault must not stop the table: its first legal move
            move = next(iter(legal_moves(state)))
            after = apply_move(state, move)
        event = seen(state, move, after)
        new.append(event)
        events = events + (event,)
        state = after
    if not new:
        return game, ()
    return replace(game, state=state, events=events, seq=game.seq + len(new)), tuple(new)
