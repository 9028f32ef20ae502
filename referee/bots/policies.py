"""The three computer opponents' policies: Easy, Medium and Hard.

Each policy is a function ``(view, rng) -> Choice``: it picks one of ``view.legal_moves`` (the
rules core's list, so a bot never restates a rule) and says why in one sentence a player reads.

- **Easy** thinks little: it takes the top discard only when it makes a meld at once, lays down
  every meld it sees (the longest first), lays off only on its own melds, and discards its
  highest card.
- **Medium** splits its hand for the fewest deadwood points (:mod:`referee.bots.hand`), melds
  and lays off greedily, takes the top discard when it completes a meld of that split or lays
  off on the table, and discards the card that helps the fewest melds.
- **Hard** (here its fast policy, ``hard-fast``; the level Hard plays it unless its search,
  :mod:`referee.bots.search`, finds a plan clearly better) also keeps count of the cards seen
  (:mod:`referee.bots.tally`): it weighs only live cards when judging what a card may still
  become, avoids discarding what the next player wants (a card fitting a meld on the table, or
  near cards they took from the discard pile), holds its melds back to go rummy where going
  rummy multiplies the score (R15) while every opponent still holds four cards or more, and
  lays them down, or goes out, as soon as one holds fewer.

Medium and Hard go out as soon as they can (R13). No level makes a meld or lay-off that leaves
it too few cards to go out by a meld when too few cards off the table could be laid off
(:func:`strands`). Once the stock has been turned over twice, every level lays off whatever fits
and stops holding melds back, now and then takes the top discard (so the turned-over stock brings
each card to another player), and discards at random (seeded by what it sees): Easy any card,
Medium and Hard one of their least useful; so no hand between bots goes on for ever (contract,
Computer opponents; bench/README.md has how bot-only hands end).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..actions import Action, Move, Source
from ..cards import DECK, Card, show
from ..legal import possible_melds
from ..melds import Meld, fits, meld_kind
from ..rules import meld_limit_allows, multiplied
from ..scoring import rummy_multiplier
from ..speech import Sentence, say, say_n
from ..view import SeatView
from .hand import Analysis, HandSplitter
from .tally import Tally, keep_count

RUMMY_HOLD_WHILE = 4  # Hard holds melds back to go rummy while every opponent holds this many cards
STALL_RESTOCKS = 2  # after this many restocks in one hand, play to end it (no hold-back, random discards)
STALL_SHIFT = 4  # in a long hand, one draw in this many takes the top discard to shift the stock's cycle
STALL_SLACK = 4  # points: in a long hand Medium and Hard discard at random among cards this close to the best


@dataclass(frozen=True, slots=True)
class Choice:
    """A bot's decision: the ``move`` (one of the view's legal moves) and a one-sentence
    ``summary`` of why, for a player to read (a :class:`~referee.speech.Sentence`: each kind of
    advice is one whole sentence of the catalogs, said in the player's language when the answer
    is written)."""

    move: Move
    summary: Sentence


# --- what the legal moves offer -------------------------------------------------------------


@dataclass(slots=True)
class Options:
    """The view's legal moves sorted by kind: ``draws`` by source, ``melds`` by their cards (as
    a frozenset), ``lay_offs`` by card (every meld it fits), ``discards`` by card."""

    draws: dict[Source, Move]
    melds: dict[frozenset[Card], Move]
    lay_offs: dict[Card, list[Move]]
    discards: dict[Card, Move]


def options(view: SeatView) -> Options:
    """The legal moves of ``view`` sorted by kind (see :class:`Options`)."""
    draws: dict[Source, Move] = {}
    melds: dict[frozenset[Card], Move] = {}
    lay_offs: dict[Card, list[Move]] = {}
    discards: dict[Card, Move] = {}
    for m in view.legal_moves:
        if m.action == Action.DRAW:
            draws[m.drawn_from] = m
        elif m.action == Action.MELD:
            melds[frozenset(m.cards)] = m
        elif m.action == Action.LAY_OFF:
            lay_offs.setdefault(m.cards[0], []).append(m)
        elif m.action == Action.DISCARD:
            discards[m.discarded] = m
    return Options(draws, melds, lay_offs, discards)


def _meld_named(view: SeatView, move: Move) -> str:
    """``5♠ 6♠ 7♠`` for the meld a lay-off goes onto."""
    meld = next((m for m in view.melds if m.id == move.meld), None)
    return show(meld.cards) if meld else str(move.meld)


def _stalling(view: SeatView) -> bool:
    """Whether this hand has gone on so long (the stock turned over ``STALL_RESTOCKS`` times)
    that the bot plays only to end it."""
    return view.restocks >= STALL_RESTOCKS


def _shift_the_stock(view: SeatView, opts: Options, rng: random.Random) -> Choice | None:
    """In a long hand, now and then (one time in ``STALL_SHIFT``) the top discard taken for no
    other reason: the stock is the discard pile turned over as it lies (R17), so when the cards
    in play are a multiple of the players, each card comes back to the same player every time;
    a turn without a draw from the stock moves every card on to someone else."""
    if not _stalling(view) or Source.DISCARD_PILE not in opts.draws or not view.discard or rng.randrange(STALL_SHIFT):
        return None
    top = view.discard[-1]
    return Choice(
        opts.draws[Source.DISCARD_PILE],
        say(
            "Take the {card} from the discard pile: this hand has gone on long, and it changes which cards come to you from the stock.",
            card=top.symbol,
        ),
    )


def _draw_stock(opts: Options, why: Sentence) -> Choice:
    """Drawing from the stock, with ``why`` (a whole sentence beginning "Draw from the stock")."""
    return Choice(opts.draws[Source.STOCK], why)


def _takes_to_lay_off(opts: Options, top: Card, target: Meld) -> Choice:
    return Choice(
        opts.draws[Source.DISCARD_PILE],
        say(
            "Take the {card} from the discard pile: it lays off on {cards}, one card fewer in your hand.",
            card=top.symbol,
            cards=show(target.cards),
        ),
    )


def _lay_off_choice(view: SeatView, move: Move, why: str) -> Choice:
    """Laying ``move``'s card off, for the reason named by ``why`` (``"own"``, ``"stalling"``,
    ``"last"``): each reason its own whole sentence."""
    card, meld = move.cards[0].symbol, _meld_named(view, move)
    if why == "own":
        return Choice(move, say("Lay off {card} on {meld}: it fits your meld.", card=card, meld=meld))
    if why == "stalling":
        return Choice(move, say("Lay off {card} on {meld}: it fits, and this hand has gone on long.", card=card, meld=meld))
    return Choice(
        move,
        say(
            "Lay off {card} on {meld}: it is your last card, taken from the discard pile this turn, so it cannot be discarded.",
            card=card,
            meld=meld,
        ),
    )


# --- connections: what a card may still become -----------------------------------------------


def outs(card: Card, others: tuple[Card, ...]) -> list[Card]:
    """The cards that would turn ``card`` and one card of ``others`` into a meld of three: the
    two missing suits of a pair, or the cards either side of (or between) two cards of one suit
    within two ranks. (A connection, not a rule: whether the three make a meld is for the rules
    core when they are played.)"""
    found: list[Card] = []
    for o in others:
        if o.rank == card.rank:
            found += [DECK[s * 13 + card.rank - 1] for s in range(4) if s not in (card.suit_index, o.suit_index)]
        elif o.suit_index == card.suit_index and abs(o.rank - card.rank) <= 2:
            lo, hi = sorted((o.rank, card.rank))
            ranks = (lo + 1,) if hi - lo == 2 else (lo - 1, hi + 1)
            found += [DECK[card.suit_index * 13 + r - 1] for r in ranks if 1 <= r <= 13]
    return found


# --- Easy ------------------------------------------------------------------------------------


def easy(view: SeatView, rng: random.Random) -> Choice:
    """Easy: melds what it sees at once, lays off on its own melds, discards its highest card."""
    opts = options(view)
    if opts.draws:
        top = view.discard[-1] if view.discard else None
        if Source.DISCARD_PILE in opts.draws and top is not None:
            for cards in _meld_cards(view.hand + (top,), view):
                if top in cards:
                    return Choice(
                        opts.draws[Source.DISCARD_PILE],
                        say("Take the {card} from the discard pile: it makes {cards}.", card=top.symbol, cards=show(cards)),
                    )
            target = next((m for m in view.melds if _fits(m, top, view)), None) if _stalling(view) else None
            if target is not None:  # a long hand: any card that lays off is a way out
                return _takes_to_lay_off(opts, top, target)
        shift = _shift_the_stock(view, opts, rng)
        if shift is not None:
            return shift
        if top is None:  # nothing to take: say so, not that a card no one can see makes no meld
            return _draw_stock(opts, say("Draw from the stock: the discard pile is empty."))
        return _draw_stock(opts, say("Draw from the stock: the top discard makes no meld with your cards."))
    for move in sorted(opts.melds.values(), key=lambda m: -len(m.cards)):
        if not strands(view, move):
            return Choice(move, say("Meld {cards}: it is a meld, so lay it down.", cards=show(move.cards)))
    for moves in opts.lay_offs.values():
        for move in moves:
            own = _owner(view, move.meld) == view.viewer
            if (own or _stalling(view)) and not strands(view, move):
                return _lay_off_choice(view, move, "own" if own else "stalling")
    if not opts.discards:
        return _only_lay_off(view, opts)
    if _stalling(view):
        card = rng.choice(sorted(opts.discards))
        return Choice(
            opts.discards[card], say("Discard {card}: this hand has gone on long enough to play for any way out.", card=card.symbol)
        )
    card = max(opts.discards, key=lambda c: (c.points, c.rank))
    # (English has said "points" even of an ace's 1 point: the singular is the same words)
    highest = say_n(
        "Discard {card}: it is your highest card ({count} point).",
        "Discard {card}: it is your highest card ({count} points).",
        card.points,
        card=card.symbol,
    )
    return Choice(opts.discards[card], highest)


def _only_lay_off(view: SeatView, opts: Options) -> Choice:
    """The move left when nothing may be discarded: the last card is the one taken from the
    discard pile this turn (R8), and it can only be laid off (R9 allows no other way)."""
    move = next(m for moves in opts.lay_offs.values() for m in moves)
    return _lay_off_choice(view, move, "last")


def _owner(view: SeatView, meld_id: str | None) -> str | None:
    return next((m.owner for m in view.melds if m.id == meld_id), None)


def _meld_cards(hand: tuple[Card, ...], view: SeatView) -> list[tuple[Card, ...]]:
    return [cards for cards, _ in possible_melds(hand, view.rules)]


# --- Medium and Hard ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Style:
    """How a level weighs its discards: ``per_out`` points (of deadwood) a card that could
    still complete a meld is worth; ``count_cards`` whether only live cards count (Hard);
    ``guard_next`` whether to avoid feeding the next player, at ``feed_cost`` points; ``rummy``
    whether to hold melds back to go rummy (R15)."""

    per_out: float
    count_cards: bool
    guard_next: bool
    rummy: bool
    feed_cost: float = 3.0


MEDIUM = Style(per_out=1.5, count_cards=False, guard_next=False, rummy=False)
HARD = Style(per_out=3.0, count_cards=True, guard_next=True, rummy=True)


def medium(view: SeatView, rng: random.Random) -> Choice:
    """Medium: fewest deadwood points, melds and lay-offs at once, the least useful discard."""
    return _thinking(view, rng, MEDIUM)


def hard(view: SeatView, rng: random.Random) -> Choice:
    """Hard: Medium plus card counting, live cards, guarding the next player, going rummy."""
    return _thinking(view, rng, HARD)


def _thinking(view: SeatView, rng: random.Random, style: Style) -> Choice:
    opts = options(view)
    tally = keep_count(view) if style.count_cards or style.guard_next else None
    if opts.draws:
        return _draw(view, opts, style, tally, rng)
    return _play(view, opts, style, tally, rng)


def _draw(view: SeatView, opts: Options, style: Style, tally: Tally | None, rng: random.Random) -> Choice:
    """Take the top discard when it completes a meld of the best split and lowers the deadwood;
    else draw from the stock."""
    top = view.discard[-1] if view.discard else None
    if Source.DISCARD_PILE not in opts.draws or top is None:
        return _draw_stock(opts, say("Draw from the stock: there is no discard to take."))
    mine = {e.card for e in view.events if e.player == view.viewer and e.action == Action.DISCARD}
    if top in mine and not _stalling(view):  # (in a long hand every card has been thrown away once)
        return _draw_stock(opts, say("Draw from the stock: you threw the {card} away earlier this hand.", card=top.symbol))
    now = HandSplitter(view.hand, view.rules, view.melds)
    before = now.split()
    with_top = HandSplitter(view.hand + (top,), view.rules, view.melds)
    # the best we can hold after taking it: a discard other than the card taken (R8)
    after = min(with_top.points(with_top.mask_without((top, c))) for c in view.hand)
    split = with_top.split()
    meld = next((m for m in split.melds if top in m), None)
    if meld is not None and after < before.points:
        return Choice(
            opts.draws[Source.DISCARD_PILE],
            say("Take the {card} from the discard pile: it completes {cards}.", card=top.symbol, cards=show(meld)),
        )
    if top in split.lay_offs:
        return _takes_to_lay_off(opts, top, next(m for m in view.melds if _fits(m, top, view)))
    shift = _shift_the_stock(view, opts, rng)
    if shift is not None:
        return shift
    return _draw_stock(opts, say("Draw from the stock: the {card} on the discard pile completes no meld for you.", card=top.symbol))


def _play(view: SeatView, opts: Options, style: Style, tally: Tally | None, rng: random.Random) -> Choice:
    hand = view.hand
    splitter = HandSplitter(hand, view.rules, view.melds)
    split = splitter.split()
    stalling = _stalling(view)
    # Going out (R13): every card melded or laid off, at most one left to discard.
    going_out = _can_go_out(view, opts, split)
    if going_out:
        step = _next_play(view, opts, split, going_out=True)
        rummy = not view.own_seat.tabled  # R15: nothing tabled on an earlier turn
        times = rummy_multiplier(True, view.rules)
        multiplies = multiplied(times, verb=True) if rummy and times > 1 else None
        if step is not None:
            return Choice(step, _on_the_way_out(view, step, multiplies))
        last = split.deadwood[0] if split.deadwood else None
        if last is not None and last in opts.discards:
            if multiplies is None:
                return Choice(opts.discards[last], say("Discard {card} and go out.", card=last.symbol))
            return Choice(
                opts.discards[last],
                say("Discard {card} and go out: going rummy, which {multiplies} the score.", card=last.symbol, multiplies=multiplies),
            )
    hold = style.rummy and not stalling and _hold_for_rummy(view, split, tally)
    if not hold:
        step = _next_play(view, opts, split)
        if step is not None:
            if step.action == Action.MELD:
                return Choice(step, say("Meld {cards}: those cards no longer count against you.", cards=show(step.cards)))
            return Choice(
                step,
                say(
                    "Lay off {card} on {meld}: that card no longer counts against you.",
                    card=step.cards[0].symbol,
                    meld=_meld_named(view, step),
                ),
            )
    return _discard(view, opts, style, tally, splitter, split, rng, hold)


def _on_the_way_out(view: SeatView, move: Move, multiplies: Sentence | None) -> Sentence:
    """The meld or lay-off ``move`` said as a step of going out this turn (R13), with going
    rummy's bonus (R15: ``multiplies``, "doubles" or "triples"…) when the bot goes rummy."""
    if move.action == Action.MELD:
        cards = show(move.cards)
        if multiplies is None:
            return say("Meld {cards} on the way to going out this turn.", cards=cards)
        return say(
            "Meld {cards} on the way to going out this turn: going rummy, which {multiplies} the score.", cards=cards, multiplies=multiplies
        )
    card, meld = move.cards[0].symbol, _meld_named(view, move)
    if multiplies is None:
        return say("Lay off {card} on {meld} on the way to going out this turn.", card=card, meld=meld)
    return say(
        "Lay off {card} on {meld} on the way to going out this turn: going rummy, which {multiplies} the score.",
        card=card,
        meld=meld,
        multiplies=multiplies,
    )


def _can_go_out(view: SeatView, opts: Options, split: Analysis) -> bool:
    """Whether the split leaves at most one card, a legal discard, and its melds fit the turn's
    meld limit (R5)."""
    if len(split.deadwood) > 1:
        return False
    if not meld_limit_allows(view.rules, view.turn.melds_made + len(split.melds)):
        return False
    if split.deadwood and split.deadwood[0] not in opts.discards:
        return False
    return bool(split.deadwood or split.melds or split.lay_offs)


def _next_play(view: SeatView, opts: Options, split: Analysis, going_out: bool = False) -> Move | None:
    """The next meld or lay-off of ``split`` that is legal now (and, unless going out, does not
    strand the bot: see :func:`strands`)."""
    for cards in split.melds:
        move = opts.melds.get(frozenset(cards))
        if move is not None and (going_out or not strands(view, move)):
            return move
    for card in split.lay_offs:
        for move in opts.lay_offs.get(card, ()):
            if going_out or not strands(view, move):
                return move
    return None


def strands(view: SeatView, move: Move) -> bool:
    """Whether the meld or lay-off ``move`` would leave the bot, after its discard, too few cards
    to go out by a meld (one card; two under ``final_discard_required``, R13) and fewer cards off
    the table that fit the table's melds than it would hold.

    A player holding one card goes out only by laying off (a meld takes three cards, and the
    last card may have to be discarded), so when every player is down to that and no card fits
    a meld, nobody can ever go out and, without a restock limit (R18), the hand would never end.
    Bots never play into that."""
    left = len(view.hand) - len(move.cards)
    kept = left - 1  # after the discard
    if left <= 1 or kept >= (3 if view.rules.final_discard_required else 2):
        return False  # going out (R13), or enough cards kept to go out by a meld
    rules = view.rules
    table = [
        (m.cards + move.cards, m.known_kind) if m.id == move.meld and move.action == Action.LAY_OFF else (m.cards, m.known_kind)
        for m in view.melds
    ]
    made = meld_kind(move.cards, rules) if move.action == Action.MELD else None
    if made is not None:
        table.append((move.cards, made))
    taken = {c for cards, _ in table for c in cards} | set(view.hand)
    fitting = 0
    for c in DECK:
        if c not in taken and any(fits(cards, kind, c, rules) for cards, kind in table):
            fitting += 1
            if fitting >= kept:
                return False
    return True


def _hold_for_rummy(view: SeatView, split: Analysis, tally: Tally | None) -> bool:
    """Hard only: hold melds in hand to go rummy (R15), where going rummy multiplies the score,
    while the bot has tabled nothing and every opponent still holds at least ``RUMMY_HOLD_WHILE``
    cards (nobody is close to going out). Held melds also leave opponents nothing to lay off on."""
    if not rummy_multiplier(True, view.rules) > 1 or view.own_seat.tabled:
        return False
    if view.turn.melds_made or view.turn.laid_off or not split.melds:
        return False
    return min(s.cards for s in view.seats if s.id != view.viewer) >= RUMMY_HOLD_WHILE


def _discard(
    view: SeatView,
    opts: Options,
    style: Style,
    tally: Tally | None,
    splitter: HandSplitter,
    split: Analysis,
    rng: random.Random,
    hold: bool,
) -> Choice:
    """The least useful legal discard: fewest deadwood points left after it, less what it may
    still become (its possible meld cards, only live ones for Hard), plus the risk of feeding
    the next player (Hard)."""
    cards = list(opts.discards)
    if not cards:
        return _only_lay_off(view, opts)
    deadwood = split.deadwood
    per_out = style.per_out
    nxt = view.left_of(view.own_seat.id)
    scores: dict[Card, float] = {}
    notes: dict[Card, Sentence | None] = {}
    for c in cards:
        left = splitter.points(splitter.mask_without((c,)))
        others = tuple(d for d in deadwood if d is not c)
        found = outs(c, others)
        if tally is not None and style.count_cards:
            found = [o for o in found if tally.live(o)]
        score = left + per_out * len(found)
        note = None
        if style.guard_next and tally is not None:
            feed = _feeds(c, view, tally, nxt)
            if feed:
                score += style.feed_cost
                note = feed
        scores[c] = score
        notes[c] = note
    card = min(cards, key=lambda c: (scores[c], -c.points, c.index))
    if _stalling(view):  # break the cycles of a long hand: any discard nearly as good as the best
        near = sorted(c for c in cards if scores[c] <= scores[card] + STALL_SLACK)
        card = rng.choice(near)
        return Choice(
            opts.discards[card], say("Discard {card}: this hand has gone on long; it is one of your least useful cards.", card=card.symbol)
        )
    unguarded = min(cards, key=lambda c: (scores[c] - (style.feed_cost if notes[c] else 0), -c.points, c.index))
    left = splitter.points(splitter.mask_without((card,)))
    # (English has said "points" even of 1 point: the singular is the same words)
    why: Sentence
    if card not in split.deadwood:
        why = say_n(
            "breaking up a meld costs least here, leaving {count} point of deadwood",
            "breaking up a meld costs least here, leaving {count} points of deadwood",
            left,
        )
    elif not outs(card, tuple(d for d in deadwood if d is not card)):
        why = say_n("it helps no meld, leaving {count} point of deadwood", "it helps no meld, leaving {count} points of deadwood", left)
    else:
        why = say_n(
            "it helps the fewest melds, leaving {count} point of deadwood",
            "it helps the fewest melds, leaving {count} points of deadwood",
            left,
        )
    if hold:
        multiplies = multiplied(rummy_multiplier(True, view.rules), verb=True)
        why = say("{why}, keeping your melds in hand to go rummy, which {multiplies} the score", why=why, multiplies=multiplies)
    feed = notes[unguarded]
    if unguarded is not card and feed is not None:
        why = say("{why}, rather than {card}, which could help {player}: {feed}", why=why, card=unguarded.symbol, player=nxt, feed=feed)
    return Choice(opts.discards[card], say("Discard {card}: {why}.", card=card.symbol, why=why))


def _feeds(card: Card, view: SeatView, tally: Tally, nxt: str) -> Sentence | None:
    """Why discarding ``card`` would feed the next player ``nxt``, or None when it would not: it
    fits a meld on the table, or sits next to a card they took from the discard pile (unless they
    passed it over or threw away its rank)."""
    for m in view.melds:
        if _fits(m, card, view):
            return say("it fits {cards}", cards=show(m.cards))
    opp = tally.opponents.get(nxt)
    if opp is None or card in opp.passed or any(d.rank == card.rank for d in opp.discarded):
        return None
    for t in opp.took:
        if t.rank == card.rank or (t.suit_index == card.suit_index and abs(t.rank - card.rank) <= 2):
            return say("they took {card} from the discard pile", card=t.symbol)
    return None


def _fits(meld: Meld, card: Card, view: SeatView) -> bool:
    return fits(meld.cards, meld.known_kind, card, view.rules)


POLICIES: dict[str, Callable[[SeatView, random.Random], Choice]] = {"easy": easy, "medium": medium, "hard-fast": hard}
