"""The scorepad of a physical-deck game (R2, R14–R16, R19, R20): a stateless replay.

The caller gives the players, the rules and every hand so far; :func:`replay` recomputes the
dealers, points, running totals, standings and the end of the game, so correcting an earlier
hand is just sending the list again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .cards import Card, repeats
from .errors import MAX_PROBLEMS, InvalidInput, Problem
from .rules import Rules
from .scoring import hand_points, points_won
from .seating import ONE_OF_THE_PLAYERS, check_seating, hand_size, left_of, not_listed
from .speech import say


@dataclass(frozen=True, slots=True)
class Remaining:
    """One opponent's entry for a hand: the ``cards`` left in hand, or the ``points`` they
    reported (exactly one of the two)."""

    cards: tuple[Card, ...] | None = None
    points: int | None = None

    @property
    def total(self) -> int:
        """The opponent's plain card total (R14): the points of the cards, or the points
        reported; a ValueError for an entry that gives neither."""
        if self.cards is not None:
            return hand_points(self.cards)
        if self.points is None:
            raise ValueError("an opponent's entry gives the cards or the points left")
        return self.points


@dataclass(frozen=True, slots=True)
class HandEntry:
    """One hand as typed at the table: ``winner`` who went out and ``rummy`` (R15) with each
    opponent's :class:`Remaining`, or ``drawn_hand`` for a drawn hand (R16; the wire calls it
    ``draw``)."""

    winner: str | None = None
    rummy: bool = False
    remaining: Mapping[str, Remaining] = field(default_factory=dict)
    drawn_hand: bool = False


@dataclass(frozen=True, slots=True)
class HandLine:
    """One scored hand: ``number`` (1-based), ``dealer`` (R19), ``winner``, ``rummy``,
    ``multiplier``, ``drawn_hand`` (the wire's ``draw``), ``points`` won, ``remaining`` each opponent's plain total, and
    ``totals`` every player's running total after the hand (points)."""

    number: int
    dealer: str
    winner: str | None
    rummy: bool
    multiplier: int
    drawn_hand: bool
    points: int
    remaining: dict[str, int]
    totals: dict[str, int]


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place: ``total`` points, ``rank`` 1 for the leader (equal totals share one)."""

    player: str
    total: int
    rank: int


@dataclass(frozen=True, slots=True)
class Pad:
    """The game so far: ``hands``, ``totals``, ``standings`` (highest first, ties sharing a
    rank), ``next_dealer`` (None once the game is over), ``game_over``, ``winner``, and
    ``to_target`` each player's points still needed (None when playing a number of deals), and
    the ``rules`` it was scored under."""

    hands: tuple[HandLine, ...]
    totals: dict[str, int]
    standings: tuple[Standing, ...]
    next_dealer: str | None
    game_over: bool
    winner: str | None
    to_target: dict[str, int] | None
    rules: Rules | None = None


@dataclass(frozen=True, slots=True)
class Carried:
    """What a game keeps of the hands it no longer keeps one by one (a sealed table keeps the
    running totals, so its token stays the same size however long the game): how many ``hands``
    they were, the ``totals`` after them, and the ``dealer`` of the hand after them (R19)."""

    hands: int
    totals: dict[str, int]
    dealer: str


def next_dealer(players: Sequence[str], dealer: str, winner: str | None, rules: Rules) -> str:
    """Who deals the next hand (R19): with two players under ``winner_two_player`` the winner of
    the hand; otherwise, and always after a drawn hand (``winner`` None), the dealer's left."""
    if winner is not None and len(players) == 2 and rules.dealer_rotation == "winner_two_player":
        return winner
    return left_of(players, dealer)


def game_winner(totals: Mapping[str, int], hands_played: int, rules: Rules) -> tuple[bool, str | None]:
    """(game_over, winner) after ``hands_played`` hands (R20): the target score — or, with
    ``deals`` set, the number of hands — ends the game, the highest total winning; a tie for
    highest means another hand."""
    if rules.deals is not None:
        due = hands_played >= rules.deals
    else:
        due = any(t >= rules.target_score for t in totals.values())
    if not due:
        return False, None
    best = max(totals.values())
    leaders = [p for p, t in totals.items() if t == best]
    return (True, leaders[0]) if len(leaders) == 1 else (False, None)


def standings(totals: Mapping[str, int]) -> tuple[Standing, ...]:
    """Players by total, highest first; equal totals share a rank (1, 1, 3)."""
    ordered = sorted(totals.items(), key=lambda kv: -kv[1])
    out: list[Standing] = []
    for i, (player, total) in enumerate(ordered):
        rank = out[-1].rank if out and out[-1].total == total else i + 1
        out.append(Standing(player, total, rank))
    return tuple(out)


def _check_hand(n: int, entry: HandEntry, players: Sequence[str], dealt: int) -> list[Problem]:
    """Every slip in hand number ``n`` (1-based); paths are under ``("hands", n - 1)``."""
    where = ("hands", n - 1)
    problems = []
    if entry.drawn_hand:
        if entry.winner is not None or entry.remaining or entry.rummy:
            problems.append(
                Problem(where, say("hand {n} is marked as a drawn hand, so it has no winner, rummy or remaining cards (R16)", n=n))
            )
        return problems
    if entry.winner is None:
        return [Problem((*where, "winner"), say("hand {n}: say who went out, or mark the hand as a draw", n=n))]
    if entry.winner not in players:
        return [Problem((*where, "winner"), say("hand {n}: {why}", n=n, why=not_listed(entry.winner, players, ONE_OF_THE_PLAYERS)))]
    listed = [
        (name, rem.cards)
        for name, rem in entry.remaining.items()
        if name in players and name != entry.winner and rem.cards is not None and rem.points is None
    ]
    again = {(name, j): first for name, j, _, (first, _) in repeats(listed)}  # R1
    for name, rem in entry.remaining.items():
        at = (*where, "remaining", name)
        if name not in players:
            problems.append(Problem(at, say("hand {n}: {why}", n=n, why=not_listed(name, players, ONE_OF_THE_PLAYERS))))
            continue
        if name == entry.winner:
            problems.append(Problem(at, say("hand {n}: {name} went out, so has no entry of cards or points left", n=n, name=name)))
            continue
        if (rem.cards is None) == (rem.points is None):
            both = rem.cards is not None
            problems.append(
                Problem(
                    at,
                    say("hand {n}: give {name}'s cards or points left, not both", n=n, name=name)
                    if both
                    else say("hand {n}: give {name}'s cards or points left, not neither", n=n, name=name),
                )
            )
            continue
        if rem.cards is not None:
            if not rem.cards:
                problems.append(
                    Problem(
                        (*at, "cards"), say("hand {n}: {name} must have at least one card left (only the winner has none)", n=n, name=name)
                    )
                )
            if len(rem.cards) > dealt:
                problems.append(
                    Problem(
                        (*at, "cards"),
                        say(
                            "hand {n}: {name} has {count} cards listed, but only {dealt} were dealt to each of {players} players (R2)",
                            n=n,
                            name=name,
                            count=len(rem.cards),
                            dealt=dealt,
                            players=len(players),
                        ),
                    )
                )
            for j, card in enumerate(rem.cards if again else ()):
                if (name, j) in again:
                    other = again[name, j]
                    also = (
                        say("hand {n}: {card} is listed twice; there is only one in the deck (R1)", n=n, card=card.symbol)
                        if other == name
                        else say(
                            "hand {n}: {card} is listed for both {other} and {name}; there is only one in the deck (R1)",
                            n=n,
                            card=card.symbol,
                            other=other,
                            name=name,
                        )
                    )
                    problems.append(Problem((*at, "cards", j), also))
        elif rem.points is not None:
            most = 10 * dealt
            if not 1 <= rem.points <= most:
                why = (
                    say("an opponent always holds at least one card, so at least 1 point")
                    if rem.points < 1
                    else say("{dealt} cards could be worth at most {most}", dealt=dealt, most=most)
                )
                wrong = say("hand {n}: {name}'s {points} points cannot be right: {why} (R14)", n=n, name=name, points=rem.points, why=why)
                problems.append(Problem((*at, "points"), wrong))
    for name in players:
        if name != entry.winner and name not in entry.remaining:
            problems.append(
                Problem((*where, "remaining", name), say("hand {n}: {name}'s cards or points left are missing", n=n, name=name))
            )
    return problems


def replay(
    players: Sequence[str], rules: Rules, hands: Sequence[HandEntry], first_dealer: str | None = None, carried: Carried | None = None
) -> Pad:
    """Replay a whole game's hands and return the :class:`Pad` (R14–R16, R19, R20); with
    ``carried``, the hands after the carried ones (numbered on from them, their totals added
    to the carried ones, the first dealt by the carried dealer).

    Raises :class:`~referee.errors.InvalidInput` naming each slip (the first ones, past
    ``MAX_PROBLEMS``) by hand number and player
    (paths ``("hands", i, "remaining", player, …)``): a card twice in one hand, more cards than
    were dealt, impossible points, an entry with both or neither of cards and points, an unknown
    or missing player, an entry for the winner, duplicate player names, a wrong player count, a
    hand after the game was already won.
    """
    problems = check_seating(players, first_dealer, "first_dealer")
    if problems:
        raise InvalidInput(problems)
    dealt = hand_size(len(players))
    totals = {p: 0 for p in players} if carried is None else {p: carried.totals[p] for p in players}
    dealer = carried.dealer if carried is not None else first_dealer if first_dealer is not None else players[0]
    before = 0 if carried is None else carried.hands
    lines: list[HandLine] = []
    over, winner = game_winner(totals, before, rules) if before else (False, None)
    for i, entry in enumerate(hands):
        n = before + i + 1
        if over:
            problems.append(
                Problem(
                    ("hands", i),
                    say(
                        "hand {n} comes after the game was already won by {winner} in hand {last} (R20)",
                        n=n,
                        winner=winner,
                        last=len(lines),
                    ),
                )
            )
            break
        problems += _check_hand(n, entry, players, dealt)
        if len(problems) > MAX_PROBLEMS:
            raise InvalidInput(problems, stopped=True)  # enough to correct; the rest unchecked
        if problems:
            continue  # keep checking later hands for slips of their own
        remaining: dict[str, int] = {}
        points, multiplier, rummy = 0, 1, False
        if not entry.drawn_hand and entry.winner is not None:  # _check_hand: a hand not drawn names its winner
            remaining = {p: entry.remaining[p].total for p in players if p != entry.winner}
            rummy = entry.rummy
            scored = points_won(remaining, rummy, rules)
            points, multiplier = scored.points, scored.multiplier
            totals[entry.winner] += points
        lines.append(
            HandLine(
                n, dealer, None if entry.drawn_hand else entry.winner, rummy, multiplier, entry.drawn_hand, points, remaining, dict(totals)
            )
        )
        dealer = next_dealer(players, dealer, None if entry.drawn_hand else entry.winner, rules)
        over, winner = game_winner(totals, n, rules)
    if problems:
        raise InvalidInput(problems)
    to_target = None if rules.deals is not None else {p: max(0, rules.target_score - t) for p, t in totals.items()}
    return Pad(tuple(lines), dict(totals), standings(totals), None if over else dealer, over, winner, to_target, rules)
