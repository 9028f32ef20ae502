"""What a hand's events may say, given the table they led to (contract, Computer opponents:
advice with history, ``/v1/suggest``).

A client asking for advice on an open table may send the hand's ``events`` (the latest of them,
oldest first, as sealed tables report them: :class:`~referee.view.Event`). The advice then
reads what each opponent took from or passed on the discard pile, so events that could not
have led to the ``state`` sent would mislead it. :func:`event_problems` lists every way the
events contradict the state or the rules of play, one function per rule:

- :func:`players_seated`: every event is by a player at the table;
- :func:`turns_in_order`: a turn is one player's draw (R4), plays (R5, R6) and discard (R7), and
  the next turn is the left neighbour's (R3);
- :func:`turn_now`: the last event leads to the state's turn (whose turn, its phase, and the card
  taken from the discard pile this turn, R8);
- :func:`turn_counts`: the melds laid and whether cards were laid off this turn are the state's
  (``turn.melds_made``, ``turn.laid_off``, R5, R6);
- :func:`stall_count`: the turns in a row with no meld or lay-off are the state's
  ``stalled_turns`` (R18a), or at least as many when the events do not reach back to one;
- :func:`tabled_players`: a player who melded or laid off in a turn now ended has tabled (R15);
- :func:`top_of_the_pile`: a draw from the discard pile right after a discard takes that card;
- :func:`cards_move_as_cards_can`: each card named moves as cards can: a card laid on the table
  stays there for the hand; a card taken from the discard pile is played or discarded by its
  taker only; a discarded card is taken from the discard pile before it is played again (or,
  after a restock, R17, drawn unseen from the stock);
- :func:`cards_where_the_events_left_them`: where the events last left a card is where the state
  shows it: in the meld it joined, in its taker's hand, on the discard pile (no restock this hand)
  or anywhere but a meld.
- :func:`pile_in_order`: with no restock this hand, the cards discarded in the events and not
  taken since lie on top of the state's discard pile in the order they were discarded.

The events may begin anywhere in the hand (a client sends the latest ones), so no rule assumes
they begin with the deal. Each problem's path is ``("events", i, field)``, or ``("events",)``
for a count the events as a whole contradict.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .actions import Action, Source
from .cards import Card
from .errors import MAX_PROBLEMS, InvalidInput, Problem
from .speech import Sentence, say, say_n
from .stall import after_turn
from .state import Phase, State, place_of, places_in
from .view import Event

_PLAYS = (Action.MELD, Action.LAY_OFF)


def check_events(state: State, events: Sequence[Event]) -> None:
    """Raise :class:`~referee.errors.InvalidInput` listing :func:`event_problems`, if any."""
    problems = event_problems(state, events)
    if problems:
        raise InvalidInput(problems)


def event_problems(state: State, events: Sequence[Event]) -> list[Problem]:
    """Every way ``events`` (oldest first) contradict ``state`` (valid, still being played) or
    the rules of play, at most :data:`~referee.errors.MAX_PROBLEMS`, in the events' order.
    Events by players not at the table are all that is said of them."""
    problems = players_seated(state, events)
    if not problems:
        for rule in (
            turns_in_order,
            turn_now,
            turn_counts,
            stall_count,
            tabled_players,
            top_of_the_pile,
            cards_move_as_cards_can,
            cards_where_the_events_left_them,
            pile_in_order,
        ):
            problems += rule(state, events)
    problems.sort(key=lambda p: p.path[1] if len(p.path) > 1 else -1)
    return problems[:MAX_PROBLEMS]


def _what(e: Event) -> Sentence:
    """An event in words: "ana's draw from the stock", "ben's discard of 5♠"."""
    if e.action == Action.DRAW:
        if e.source == Source.DISCARD_PILE:
            return say("{player}'s draw from the discard pile", player=e.player)
        return say("{player}'s draw from the stock", player=e.player)
    if e.action == Action.DISCARD:
        return say("{player}'s discard of {card}", player=e.player, card=e.discarded.symbol)
    cards = " ".join(c.symbol for c in e.cards)
    if e.action == Action.MELD:
        return say("{player}'s meld of {cards}", player=e.player, cards=cards)
    return say("{player}'s lay-off of {cards}", player=e.player, cards=cards)


def players_seated(state: State, events: Sequence[Event]) -> list[Problem]:
    """Every event is by a player at the table."""
    seated = {p.id for p in state.players}
    return [
        Problem(("events", i, "player"), say("{player} is not at this table", player=repr(e.player)))
        for i, e in enumerate(events)
        if e.player not in seated
    ]


def turns_in_order(state: State, events: Sequence[Event]) -> list[Problem]:
    """R3, R4, R7: after a discard, the left neighbour of the discarder draws; until they
    discard, only the player whose turn it is moves, and draws once."""
    problems = []
    for i in range(1, len(events)):
        before, e = events[i - 1], events[i]
        if before.action == Action.DISCARD:
            nxt = state.left_of(before.player)
            if e.player != nxt:
                problems.append(
                    Problem(
                        ("events", i, "player"),
                        say(
                            "after {event} (event {i}) it is {next}'s turn, not {player}'s (R3)",
                            event=_what(before),
                            i=i - 1,
                            next=nxt,
                            player=e.player,
                        ),
                    )
                )
            elif e.action != Action.DRAW:
                if e.action == Action.MELD:
                    begins = say("{player}'s turn begins with a draw (R4), not a meld", player=nxt)
                elif e.action == Action.LAY_OFF:
                    begins = say("{player}'s turn begins with a draw (R4), not a lay-off", player=nxt)
                else:
                    begins = say("{player}'s turn begins with a draw (R4), not a discard", player=nxt)
                problems.append(Problem(("events", i, "action"), begins))
        elif e.player != before.player:
            problems.append(
                Problem(
                    ("events", i, "player"),
                    say(
                        "{player}'s turn goes on until {player} discards (R7): after {event} (event {i}) {other} cannot move",
                        player=before.player,
                        event=_what(before),
                        i=i - 1,
                        other=e.player,
                    ),
                )
            )
        elif e.action == Action.DRAW:
            problems.append(Problem(("events", i, "action"), say("{player} has drawn already this turn (R4)", player=e.player)))
    return problems


def turn_now(state: State, events: Sequence[Event]) -> list[Problem]:
    """The last event leads to the state's turn: after a discard, the left neighbour is to
    draw; after a draw, meld or lay-off, the same player is to play; and the card the state
    says was taken from the discard pile this turn (R8) is the one this turn's draw took."""
    if not events:
        return []
    n, last, turn = len(events) - 1, events[-1], state.turn
    if turn.phase == Phase.BEFORE_DRAW:
        says = say("the state says it is {player}'s turn, to draw", player=turn.player)
    else:
        says = say("the state says it is {player}'s turn, after the draw", player=turn.player)
    if last.action == Action.DISCARD:
        nxt = state.left_of(last.player)
        if (turn.player, turn.phase) != (nxt, Phase.BEFORE_DRAW):
            return [
                Problem(
                    ("events", n, "player"),
                    say("the last event, {event}, leaves {player} to draw, but {says}", event=_what(last), player=nxt, says=says),
                )
            ]
        return []
    if (turn.player, turn.phase) != (last.player, Phase.AFTER_DRAW):
        said_last = say(
            "the last event, {event}, leaves {player} to play on and discard, but {says}", event=_what(last), player=last.player, says=says
        )
        return [Problem(("events", n, "player"), said_last)]
    drew = next((i for i in range(n, -1, -1) if events[i].action == Action.DRAW), None)
    if drew is None or any(events[i].action == Action.DISCARD for i in range(drew, n + 1)):
        return []
    draw = events[drew]
    took = draw.card if draw.source == Source.DISCARD_PILE else None
    if draw.source == Source.DISCARD_PILE and took is None:
        return []
    held = took if took is not None and took in state.mover.hand else None  # a taken card laid on the table is no longer held
    if held != turn.taken_discard:
        said: str = say("none") if turn.taken_discard is None else turn.taken_discard.symbol
        if took is not None:
            fault = say(
                "{player} took {card} from the discard pile this turn (event {i}), but the state's card taken from the discard pile "
                "this turn is {said} (R8)",
                player=draw.player,
                card=took.symbol,
                i=drew,
                said=said,
            )
        else:
            fault = say(
                "{player} drew from the stock this turn (event {i}), but the state's card taken from the discard pile this turn is "
                "{said} (R8)",
                player=draw.player,
                i=drew,
                said=said,
            )
        return [Problem(("events", drew, "card" if took is not None else "source"), fault)]
    return []


def _this_turn(state: State, events: Sequence[Event]) -> int | None:
    """The index of the draw that began the turn being played, when the events end in that
    turn (the state's, after its draw) and reach back to its draw; else None."""
    n = len(events) - 1
    if n < 0 or events[-1].action == Action.DISCARD or (state.turn.player, state.turn.phase) != (events[-1].player, Phase.AFTER_DRAW):
        return None
    for i in range(n, -1, -1):
        if events[i].action == Action.DISCARD:
            return None
        if events[i].action == Action.DRAW:
            return i
    return None


def turn_counts(state: State, events: Sequence[Event]) -> list[Problem]:
    """R5, R6: the melds the events lay this turn are as many as the state's ``melds_made``,
    and they lay off this turn exactly when the state's ``laid_off`` says so."""
    drew = _this_turn(state, events)
    if drew is None:
        return []
    turn, problems = state.turn, []
    melds = [i for i in range(drew + 1, len(events)) if events[i].action == Action.MELD]
    laid = [i for i in range(drew + 1, len(events)) if events[i].action == Action.LAY_OFF]
    if len(melds) != turn.melds_made:
        at = melds[turn.melds_made] if len(melds) > turn.melds_made else drew
        problems.append(
            Problem(
                ("events", at, "action"),
                say_n(
                    "{player}'s turn since event {i} lays {count} meld, but the state's turn.melds_made is {made} (R5)",
                    "{player}'s turn since event {i} lays {count} melds, but the state's turn.melds_made is {made} (R5)",
                    len(melds),
                    player=turn.player,
                    i=drew,
                    made=turn.melds_made,
                ),
            )
        )
    if bool(laid) != turn.laid_off:
        if laid:
            fault = say(
                "{player}'s turn since event {i} lays off in event {j}, but the state's turn.laid_off is false (R6)",
                player=turn.player,
                i=drew,
                j=laid[0],
            )
        else:
            fault = say(
                "{player}'s turn since event {i} lays nothing off, but the state's turn.laid_off is true (R6)", player=turn.player, i=drew
            )
        problems.append(Problem(("events", laid[0] if laid else drew, "action"), fault))
    return problems


def stall_count(state: State, events: Sequence[Event]) -> list[Problem]:
    """R18a: the turns ended in the events since the last that melded or laid off are the
    state's ``stalled_turns`` (counted as the hand counts them, ``referee.stall.after_turn``);
    when no ended turn in the events melded or laid off, the state counts at least the turns
    the events show whole."""
    count, whole, since = None, 0, None
    complete = bool(events) and events[0].action == Action.DRAW  # the first turn is seen from its draw
    acted = False
    for i, e in enumerate(events):
        acted = acted or e.action in _PLAYS
        if e.action != Action.DISCARD:
            continue
        if acted:
            count, since = 0, i
        elif count is not None:
            count = after_turn(count, False)
        elif complete:
            whole += 1
        acted, complete = False, True
    said = state.stalled_turns
    if count is not None and said != count:
        return [
            Problem(
                ("events",),
                say_n(
                    "the events show {count} turn in a row with no meld or lay-off since the turn that ended in event {i}, "
                    "but the state's stalled_turns is {said} (R18a)",
                    "the events show {count} turns in a row with no meld or lay-off since the turn that ended in event {i}, "
                    "but the state's stalled_turns is {said} (R18a)",
                    count,
                    i=since,
                    said=said,
                ),
            )
        ]
    if count is None and said < whole:
        return [
            Problem(
                ("events",),
                say_n(
                    "the events show {count} turn in a row with no meld or lay-off, but the state's stalled_turns is only {said} (R18a)",
                    "the events show {count} turns in a row with no meld or lay-off, but the state's stalled_turns is only {said} (R18a)",
                    whole,
                    said=said,
                ),
            )
        ]
    return []


def tabled_players(state: State, events: Sequence[Event]) -> list[Problem]:
    """R15: a player who melded or laid off in a turn the events show ended has tabled."""
    problems, played = [], None
    for i, e in enumerate(events):
        if e.action in _PLAYS and played is None:
            played = i
        if e.action == Action.DISCARD:
            if played is not None and not state.player(e.player).tabled:
                problems.append(
                    Problem(
                        ("events", played, "action"),
                        say(
                            "{player} laid cards on the table in event {i} and ended that turn (event {j}), "
                            "so the state's tabled for {player} must be true (R15)",
                            player=e.player,
                            i=played,
                            j=i,
                        ),
                    )
                )
            played = None
    return problems


def top_of_the_pile(state: State, events: Sequence[Event]) -> list[Problem]:
    """A draw from the discard pile right after a discard takes the card just discarded (the
    top of the pile; a restock that turns the pile over leaves nothing to take, R17)."""
    problems = []
    for i in range(1, len(events)):
        before, e = events[i - 1], events[i]
        taken = e.card if e.action == Action.DRAW and e.source == Source.DISCARD_PILE else None
        if taken is not None and before.action == Action.DISCARD and taken != before.card:
            problems.append(
                Problem(
                    ("events", i, "card"),
                    say(
                        "{player} took {card} from the discard pile, but its top card was {top}, {event} just before (event {i})",
                        player=e.player,
                        card=taken.symbol,
                        top=before.discarded.symbol,
                        event=_what(before),
                        i=i - 1,
                    ),
                )
            )
    return problems


def _named(events: Sequence[Event]) -> Iterator[tuple[int, tuple[str | int, ...], Card]]:
    """Each card an event names, in order: (event index, path of the card, card)."""
    for i, e in enumerate(events):
        if e.action in _PLAYS:
            for j, c in enumerate(e.cards):
                yield i, ("events", i, "cards", j), c
        elif e.card is not None:
            yield i, ("events", i, "card"), e.card


def _taken_unseen(events: Sequence[Event]) -> bool:
    """Whether a draw from the discard pile names no card: any discarded card may then be the
    one taken, and no rule may say where a discarded card lies."""
    return any(e.action == Action.DRAW and e.source == Source.DISCARD_PILE and e.card is None for e in events)


def cards_move_as_cards_can(state: State, events: Sequence[Event]) -> list[Problem]:
    """Each card the events name moves as a card can, from one naming to the next: a card
    laid on the table (R5, R6) never moves again this hand; a card taken from the discard pile
    is in its taker's hand until the taker plays or discards it; a discarded card lies on the
    pile until it is taken from there, unless the stock was rebuilt (R17: turned over, the pile
    becomes the stock, whose draws show no card), after which it may come back unseen."""
    restocked, unseen = state.restocks > 0, _taken_unseen(events)
    last: dict[Card, int] = {}
    problems = []
    for i, path, card in _named(events):
        k = last.get(card)
        last[card] = i
        if k is None:
            continue
        before, e = events[k], events[i]
        taking = e.action == Action.DRAW
        why = None
        if before.action in _PLAYS:
            why = say(
                "{card} was laid on the table in {event} (event {i}) and stays there for the hand",
                card=card.symbol,
                event=_what(before),
                i=k,
            )
        elif before.action == Action.DRAW:
            if taking:
                why = say(
                    "{card} is in {player}'s hand since event {i}, not on the discard pile", card=card.symbol, player=before.player, i=k
                )
            elif e.player != before.player:
                why = say(
                    "{card} is in {player}'s hand since event {i}: {other} cannot play it",
                    card=card.symbol,
                    player=before.player,
                    i=k,
                    other=e.player,
                )
        elif not taking and not restocked and not unseen:
            why = say(
                "{card} was discarded in event {i} and not taken from the discard pile since (no restock this hand): {player} cannot hold it",
                card=card.symbol,
                i=k,
                player=e.player,
            )
        if why:
            problems.append(Problem(path, why))
    return problems


def cards_where_the_events_left_them(state: State, events: Sequence[Event]) -> list[Problem]:
    """Where the events last left each card they name is where the state shows it: a card laid
    on the table is in a meld on the table (the one named, which a meld's own player laid, and
    laid once); a
    card taken from the discard pile is in its taker's hand; a discarded card is on the discard
    pile when the stock was never rebuilt this hand, and in no meld at all."""
    restocked, unseen = state.restocks > 0, _taken_unseen(events)
    last: dict[Card, tuple[int, tuple[str | int, ...]]] = {}
    for i, path, card in _named(events):
        last[card] = (i, path)
    problems: list[Problem] = []
    laid: dict[str, int] = {}
    for i, e in enumerate(events):
        if e.action == Action.MELD and e.meld is not None:
            if e.meld in laid:
                problems.append(
                    Problem(("events", i, "meld"), say("meld {meld} was laid already, in event {i}", meld=repr(e.meld), i=laid[e.meld]))
                )
            laid.setdefault(e.meld, i)
        if e.action in _PLAYS and e.meld is not None:
            meld = state.meld(e.meld)
            if meld is None:
                problems.append(Problem(("events", i, "meld"), say("there is no meld {meld} on the table", meld=repr(e.meld))))
            elif e.action == Action.MELD and meld.owner is not None and meld.owner != e.player:
                problems.append(
                    Problem(
                        ("events", i, "meld"),
                        say(
                            "meld {meld} on the table is {owner}'s, not {player}'s, who laid it (event {i})",
                            meld=repr(e.meld),
                            owner=meld.owner,
                            player=e.player,
                            i=i,
                        ),
                    )
                )
    place = places_in(state)
    for card, (i, path) in last.items():
        e = events[i]
        where, words = place(card)
        why = None
        if e.action in _PLAYS:
            meld = state.meld(e.meld) if e.meld is not None else None
            if where[0] != "melds":
                why = say(
                    "{card}, laid on the table in event {i}, is not in a meld on the table: it is {place}",
                    card=card.symbol,
                    i=i,
                    place=words,
                )
            elif meld is not None and state.melds[int(where[1])].id != meld.id:
                why = say("{card}, laid on meld {meld} in event {i}, is {place}", card=card.symbol, meld=meld.id, i=i, place=words)
        elif e.action == Action.DRAW:
            taker = state.seat(e.player)
            if where[:2] != ("players", taker):
                why = say(
                    "{card}, taken from the discard pile by {player} in event {i} and not played since, is {place}, not in {player}'s hand",
                    card=card.symbol,
                    player=e.player,
                    i=i,
                    place=words,
                )
        elif where[0] == "melds":
            why = say("{card}, discarded in event {i} and not laid on the table since, is {place}", card=card.symbol, i=i, place=words)
        elif where[0] != "discard" and not restocked and not unseen:
            why = say(
                "{card}, discarded in event {i} and not taken since (no restock this hand), is {place}, not on the discard pile",
                card=card.symbol,
                i=i,
                place=words,
            )
        if why:
            problems.append(Problem(path, why))
    return problems


def pile_in_order(state: State, events: Sequence[Event]) -> list[Problem]:
    """The discard pile is a stack: each discard goes on top, each draw from it takes the top
    (R4, R7). So when the stock was never rebuilt this hand (R17) and every draw from the pile
    names its card, the cards the events discard and do not take back lie on top of the state's
    pile, in the order discarded, whatever lay beneath when the events begin. A card on the pile
    at another place is refused here; when one is not on it at all,
    :func:`cards_where_the_events_left_them` says so, and this rule nothing more."""
    if state.restocks > 0 or _taken_unseen(events):
        return []
    left: list[tuple[int, Card]] = []  # (event, card) discarded and not taken since, bottom first
    for i, e in enumerate(events):
        if e.action == Action.DISCARD:
            left.append((i, e.discarded))
        elif e.action == Action.DRAW and e.source == Source.DISCARD_PILE and left:
            left.pop()
    pile, problems = state.discard, []
    if len(left) > len(pile) or any(card not in pile for _, card in left):  # said by the rules on each card: no more here
        return []
    for j, (i, card) in enumerate(left):
        at = len(pile) - len(left) + j
        if pile[at] != card:
            _, words = place_of(state, card)
            later = len(left) - 1 - j
            if not later:
                fault = say(
                    "{card}, discarded in event {i}, is {place}, but the events leave it card {at} of the pile, on top (no restock this hand)",
                    card=card.symbol,
                    i=i,
                    place=words,
                    at=at + 1,
                )
            else:
                fault = say_n(
                    "{card}, discarded in event {i}, is {place}, but the events leave it card {at} of the pile, under the {count} card "
                    "discarded after it and not taken since (no restock this hand)",
                    "{card}, discarded in event {i}, is {place}, but the events leave it card {at} of the pile, under the {count} cards "
                    "discarded after it and not taken since (no restock this hand)",
                    later,
                    card=card.symbol,
                    i=i,
                    place=words,
                    at=at + 1,
                )
            problems.append(Problem(("events", i, "card"), fault))
    return problems
