"""A move in words: what a legal move did (:func:`describe`), what the table waits for
(:func:`what_next`), and a run of moves as one clause (:func:`made`). ``apply_moves`` and the
sealed tables' summaries tell a table with these, so each sentence is written once."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, Move, Source
from .cards import show
from .melds import MeldKind, meld_named, meld_of
from .rules import multiplied
from .seating import said
from .speech import Sentence, say
from .stall import stall_words
from .state import Phase, State, Status

# A restock (R17) in words: the open API's summaries and the sealed tables' say it alike.
RESTOCKED = say("the discard pile was turned over to make a new stock")


def made(done: Sequence[Sentence], applied: int) -> Sentence:
    """The moves made, as one clause: all of them up to three, else how many and the last."""
    if applied <= 3:
        joined = done[0]
        for then in done[1:]:
            joined = say("{first}, then {then}", first=joined, then=then)
        return joined
    return say("{count} moves were made, the last: {last}", count=applied, last=done[-1])


def by(player: str, did: Sentence) -> Sentence:
    """What ``player`` (an id) did, with their name: "ana drew from the stock"."""
    return say("{player} {did}", player=said(player), did=did)


def describe(before: State, move: Move, after: State) -> Sentence:
    """What a legal ``move`` did, in words without its player (:func:`by` adds the name), from
    the table ``before`` and ``after`` it: "drew from the stock", "took 7♦ from the discard
    pile", "melded 5♠ 6♠ 7♠, a run of spades", "laid off 8♠ on ben's meld 5♠ 6♠ 7♠ (now 5♠ 6♠
    7♠ 8♠)", "discarded K♣"; with a restock (R17) when the stock was rebuilt. A card drawn from
    the stock is never named. Names are shown by :func:`~referee.seating.said` (R2a: "“You”
    discarded K♣")."""
    restocked = after.restocks > before.restocks
    if move.action == Action.DRAW:
        if move.source == Source.DISCARD_PILE:
            return say("took {card} from the discard pile", card=before.discard[-1].symbol)
        if after.status == Status.DRAWN_HAND:
            return say("drew from the empty stock")
        if restocked:
            return say("drew from the stock ({restocked} first)", restocked=RESTOCKED)
        return say("drew from the stock")
    if move.action == Action.DISCARD:
        if restocked:
            return say("discarded {card}; the stock was empty, so {restocked}", card=move.discarded.symbol, restocked=RESTOCKED)
        return say("discarded {card}", card=move.discarded.symbol)
    if move.action == Action.MELD:
        new = after.melds[-1]
        if new.known_kind == MeldKind.SET:
            return say("melded {cards}, a set of {ranks}", cards=show(new.cards), ranks=meld_of(new.known_kind, new.cards))
        return say("melded {cards}, a run of {suits}", cards=show(new.cards), suits=meld_of(new.known_kind, new.cards))
    grown = next(m for m in after.melds if m not in before.melds)
    was = before.meld(grown.id) or grown
    return say(
        "laid off {cards} on {meld} (now {grown})", cards=show(move.cards), meld=meld_named(was.cards, was.owner), grown=show(grown.cards)
    )


def may_play() -> Sentence:
    """What a player who has drawn may do, without their name."""
    return say("may now meld or lay off, then discard")


def what_next(state: State, to: str | None = None) -> Sentence:
    """What the table waits for, in words: whose turn and what they do (R4–R7), or how the hand
    ended and what it scores (R13–R16, R18a). Said to the player ``to`` (a seat of a sealed
    table: "your turn: draw", "you went out … and score …"), else in the third person."""
    result = state.result()
    if result is not None and result.outcome == Status.OUT:
        you = result.winner == to
        if result.multiplier > 1:
            doubled = multiplied(result.multiplier)
            if result.rummy:
                if you:
                    return say(
                        "you went out, going rummy, and score {points} points ({doubled}); the hand is over",
                        points=result.points,
                        doubled=doubled,
                    )
                return say(
                    "{player} went out, going rummy, and scores {points} points ({doubled}); the hand is over",
                    player=said(result.winner),
                    points=result.points,
                    doubled=doubled,
                )
            if you:
                return say("you went out and score {points} points ({doubled}); the hand is over", points=result.points, doubled=doubled)
            return say(
                "{player} went out and scores {points} points ({doubled}); the hand is over",
                player=said(result.winner),
                points=result.points,
                doubled=doubled,
            )
        if result.rummy:
            if you:
                return say("you went out, going rummy, and score {points} points; the hand is over", points=result.points)
            return say(
                "{player} went out, going rummy, and scores {points} points; the hand is over",
                player=said(result.winner),
                points=result.points,
            )
        if you:
            return say("you went out and score {points} points; the hand is over", points=result.points)
        return say("{player} went out and scores {points} points; the hand is over", player=said(result.winner), points=result.points)
    if result is not None and state.stalled:
        return say("{stalled}: the hand is a draw, and nobody scores", stalled=stall_words(len(state.players)))
    if result is not None:
        return say("the stock ran out: the hand is a draw, and nobody scores")
    player = state.turn.player
    if state.turn.phase == Phase.BEFORE_DRAW:
        return say("your turn: draw") if player == to else say("{player} is to draw", player=said(player))
    return say("you may now meld or lay off, then discard") if player == to else by(player, may_play())
