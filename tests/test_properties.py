"""Property tests: random hands played from seeded deals under each preset, random illegal moves, and
``legal_moves`` checked against ``apply_move`` in both directions (listed ⇒ accepted, not listed ⇒
refused). Bounded so the whole file runs in well under a minute."""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from itertools import combinations

from hypothesis import event, given, settings
from hypothesis import strategies as st

from referee import (
    DECK,
    PRESETS,
    IllegalMove,
    InvalidInput,
    Move,
    Player,
    apply_move,
    check_lay_off,
    check_meld,
    deal,
    hand_points,
    legal_moves,
    resolve_rules,
    validate_state,
)
from referee import melds as melds_module
from referee.melds import fits, meld_kind
from referee.moves import Action, Source
from schemas.wire import to_json

PRESET_NAMES = sorted(PRESETS)
# the presets, and a few option overrides so that R9, R11 and R13 options are explored as well
RULESETS = {
    **PRESETS,
    "standard+high_or_low": resolve_rules({"aces": "high_or_low"}),
    "basic+final_discard_required": resolve_rules({"preset": "basic", "final_discard_required": True}),
    "standard+taken_discard_if_last+max_restocks_1": resolve_rules({"taken_discard_if_last": True, "max_restocks": 1}),
}
RULESET_NAMES = list(RULESETS)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.integers(min_value=2, max_value=6)
TURN_BOUND = 300  # turns; under two-restocks every hand must end within TWO_RESTOCKS_BOUND
TWO_RESTOCKS_BOUND = 1000
SETTINGS = dict(deadline=None, derandomize=True)


def table(n, preset, seed):
    players = [f"p{i}" for i in range(n)]
    return validate_state(deal(players, RULESETS[preset], dealer=players[seed % n], seed=seed))


def assert_whole(state):
    """R1: the 52 cards, once each, and a state ``validate_state`` accepts as already canonical."""
    assert validate_state(state) == state
    every = [c for p in state.players for c in p.hand] + list(state.stock) + list(state.discard)
    every += [c for m in state.melds for c in m.cards]
    assert sorted(every) == list(DECK)


def choose(moves, rng, greed):
    """A random legal move; with probability ``greed`` a meld or lay-off when there is one."""
    plays = [m for m in moves if m.action in ("meld", "lay_off")]
    return rng.choice(plays if plays and rng.random() < greed else moves)


def play(state, rng, plies, greed=0.0):
    """Up to ``plies`` random legal moves from ``state``; stops when the hand ends."""
    for _ in range(plies):
        if state.status != "playing":
            break
        state = apply_move(state, choose(legal_moves(state), rng, greed))
    return state


# --- whole hands ------------------------------------------------------------------------------------


@settings(max_examples=60, **SETTINGS)
@given(seed=SEEDS, n=PLAYERS, preset=st.sampled_from(RULESET_NAMES), greed=st.sampled_from([0.0, 0.6, 0.95]))
def test_random_hands_keep_every_card_and_score_by_r14_r15(seed, n, preset, greed):
    """``greed``: how often a player who can meld or lay off picks one of those moves (at random)
    rather than any legal move, so that hands also end by going out, rummy or not."""
    rng = random.Random(seed)
    state = table(n, preset, seed)
    rules = state.rules
    tabled = {p.id: False for p in state.players}  # kept here from the moves, not read from the state
    acted = False
    turns = 0
    while state.status == "playing" and turns < (TWO_RESTOCKS_BOUND if preset == "two-restocks" else TURN_BOUND):
        moves = legal_moves(state)
        assert moves, "a hand in play always has a legal move"
        assert all(m.player == state.turn.player for m in moves)
        move = choose(moves, rng, greed)
        mover = state.turn.player
        after = apply_move(state, move)  # every listed move is accepted
        assert_whole(after)
        assert after.restocks >= state.restocks
        if rules.max_restocks is not None:
            assert after.restocks <= rules.max_restocks
        acted = acted or move.action in ("meld", "lay_off")
        if after.status == "playing" and after.turn.player != mover:  # the turn ended (R7)
            tabled[mover] = tabled[mover] or acted
            assert after.player(mover).tabled is tabled[mover]  # R15: updated at turn end
            acted = False
            turns += 1
        state = after
    if preset == "two-restocks":
        assert state.status != "playing", "two restocks at most: every hand ends"
    event(f"{preset}: {state.status}")
    if state.status == "playing":
        return
    assert state.status in ("out", "draw")
    assert legal_moves(state) == []
    result = state.result()
    if state.status == "draw":
        assert to_json(result) == {"outcome": "draw", "points": 0}
        assert all(p.hand for p in state.players)
        return
    winner = state.turn.player
    assert state.player(winner).hand == () and result.winner == winner
    remaining = {p.id: hand_points(p.hand) for p in state.players if p.id != winner}
    rummy = not tabled[winner]
    event(f"{preset}: out, rummy={rummy}")
    multiplier = 2 if rummy and rules.going_rummy_doubles else 1
    assert to_json(result) == {
        "outcome": "out",
        "winner": winner,
        "rummy": rummy,
        "multiplier": multiplier,
        "points": multiplier * sum(remaining.values()),
        "remaining": remaining,
    }


# --- going rummy from a seeded deal -----------------------------------------------------------------


def meldable_hand(rng, size, one_run):
    """``size`` distinct cards that split exactly into melds: one run of ``size`` cards, or
    runs and sets of 3 and 4 (10 = 3+3+4, 7 = 3+4, 6 = 3+3)."""
    if one_run:
        suit, start = rng.randrange(4), rng.randint(1, 14 - size)
        return [[DECK[suit * 13 + r - 1] for r in range(start, start + size)]]
    sizes = {10: [3, 3, 4], 7: [3, 4], 6: [3, 3]}[size]
    while True:
        melds, used = [], set()
        for k in sizes:
            if rng.random() < 0.5:
                rank = rng.randint(1, 13)
                cards = [DECK[s * 13 + rank - 1] for s in rng.sample(range(4), k)]
            else:
                suit, start = rng.randrange(4), rng.randint(1, 14 - k)
                cards = [DECK[suit * 13 + r - 1] for r in range(start, start + k)]
            melds.append(cards)
            used |= set(cards)
        if len(used) == size:
            return melds


def with_hand(state, player, wanted):
    """``state`` with ``player`` holding ``wanted``: each wanted card swaps places with one of theirs."""
    held = state.player(player).hand
    spare = iter(c for c in held if c not in wanted)
    swap = {}
    for card in wanted:
        if card not in held:
            out = next(spare)
            swap[card], swap[out] = out, card
    move = lambda cards: tuple(swap.get(c, c) for c in cards)
    players = tuple(Player(p.id, move(p.hand), p.tabled) for p in state.players)
    return validate_state(replace(state, players=players, stock=move(state.stock), discard=move(state.discard)))


@settings(max_examples=40, **SETTINGS)
@given(seed=SEEDS, n=PLAYERS, preset=st.sampled_from(PRESET_NAMES), one_run=st.booleans())
def test_going_rummy_from_a_seeded_deal_scores_by_r14_r15(seed, n, preset, one_run):
    rng = random.Random(seed)
    state = table(n, preset, seed)
    mover = state.turn.player
    size = len(state.player(mover).hand)
    one_run = one_run or state.rules.melds_per_turn == 1  # basic: one meld a turn, so one long run
    melds = meldable_hand(rng, size, one_run)
    state = with_hand(state, mover, [c for m in melds for c in m])
    assert_whole(state)
    state = apply_move(state, Move.draw(mover, "stock"))
    drawn = state.player(mover).hand[-1]
    for cards in melds:
        listed = {frozenset(m.cards) for m in legal_moves(state) if m.action == "meld"}
        assert frozenset(cards) in listed
        state = apply_move(state, Move.make_meld(mover, tuple(cards)))
        assert_whole(state)
    assert state.player(mover).hand == (drawn,)
    assert Move.discard(mover, drawn) in legal_moves(state)
    state = apply_move(state, Move.discard(mover, drawn))
    assert_whole(state)
    remaining = {p.id: hand_points(p.hand) for p in state.players if p.id != mover}
    multiplier = 2 if preset in ("standard", "two-restocks") else 1
    assert to_json(state.result()) == {
        "outcome": "out",
        "winner": mover,
        "rummy": True,
        "multiplier": multiplier,
        "points": multiplier * sum(remaining.values()),
        "remaining": remaining,
    }


# --- random illegal moves ------------------------------------------------------------------------


@st.composite
def positions(draw):
    seed, n, preset = draw(SEEDS), draw(PLAYERS), draw(st.sampled_from(RULESET_NAMES))
    plies = draw(st.integers(min_value=0, max_value=150))
    greed = draw(st.sampled_from([0.0, 0.7]))
    state = play(table(n, preset, seed), random.Random(seed ^ plies), plies, greed)
    event(f"position: {state.status}, {state.turn.phase}, {'melds on the table' if state.melds else 'no melds'}")
    return state


def random_move(draw, state):
    ids = [p.id for p in state.players]
    player = draw(st.one_of(st.just(state.turn.player), st.just(state.turn.player), st.sampled_from(ids + ["zed"])))
    action = draw(st.sampled_from(list(Action)))
    held = list(state.player(player).hand) if player in ids else []
    pool = st.sampled_from(list(DECK)) if not held else st.one_of(st.sampled_from(held), st.sampled_from(held), st.sampled_from(list(DECK)))
    if action == "draw":
        return Move.draw(player, draw(st.sampled_from(list(Source))))
    if action == "discard":
        return Move.discard(player, draw(pool))
    picked = tuple(draw(st.lists(pool, min_size=0 if action == "lay_off" else 1, max_size=5)))
    if action == "meld":
        return Move.make_meld(player, picked)
    meld_ids = [m.id for m in state.melds]
    return Move.lay_off(player, picked, draw(st.sampled_from(meld_ids + ["m99", None])))


@settings(max_examples=150, **SETTINGS)
@given(data=st.data())
def test_random_moves_refused_with_reasons_leave_the_state_unchanged(data):
    state = data.draw(positions())
    before = copy.deepcopy(state)
    listed = legal_moves(state)
    for _ in range(5):
        move = random_move(data.draw, state)
        try:
            after = apply_move(state, move)
        except IllegalMove as illegal:
            event(f"refused: {illegal.reasons[0].code}")
            assert move.player != "zed"
            assert illegal.reasons
            for reason in illegal.reasons:
                assert isinstance(reason.code, str) and reason.code
                assert isinstance(reason.message, str) and reason.message
        except InvalidInput as invalid:
            assert move.player == "zed"  # a player not at the table: malformed, even once the hand is over
            assert [p.path for p in invalid.problems] == [("player",)]
        else:
            assert move.player != "zed"
            event(f"accepted: {move.action}")
            assert_whole(after)
            # whatever the referee accepts in a form legal_moves lists, it lists
            if move.action in ("draw", "discard") or (move.action == "lay_off" and len(move.cards) == 1 and move.meld):
                assert move in listed
            elif move.action == "meld":
                assert frozenset(move.cards) in {frozenset(m.cards) for m in listed if m.action == "meld"}
        assert state == before  # states are immutable: a refused (or accepted) move changes nothing


# --- legal_moves against apply_move, both ways --------------------------------------------------------


def accepted(state, move):
    try:
        after = apply_move(state, move)
    except IllegalMove as illegal:
        assert illegal.reasons
        return False
    assert_whole(after)
    return True


@settings(max_examples=120, **SETTINGS)
@given(position=positions(), sample=st.randoms(use_true_random=False))
def test_legal_moves_lists_exactly_the_legal_moves(position, sample):
    assert_exact(position, sample)
    if position.status == "playing" and position.turn.phase == "draw":
        # and the play phase that follows a random draw
        assert_exact(apply_move(position, sample.choice(legal_moves(position))), sample)


def assert_exact(state, sample):
    listed = legal_moves(state)
    if state.status != "playing":
        assert listed == []
        return
    player = state.turn.player
    hand = state.player(player).hand
    for move in listed:
        assert accepted(state, move), move
    # draws
    for source in Source:
        move = Move.draw(player, source)
        assert accepted(state, move) == (move in listed), move
    # discards
    for card in hand:
        move = Move.discard(player, card)
        assert accepted(state, move) == (move in listed), move
    # single-card lay-offs on every meld on the table
    for card in hand:
        for meld in state.melds:
            move = Move.lay_off(player, (card,), meld.id)
            assert accepted(state, move) == (move in listed), move
    # melds of 3 and 4 cards: every subset legal_moves lists is accepted; a sample of the rest is refused
    listed_melds = {frozenset(m.cards) for m in listed if m.action == "meld"}
    subsets = [frozenset(c) for k in (3, 4) for c in combinations(hand, k)]
    unlisted = [s for s in subsets if s not in listed_melds]
    for cards in sample.sample(unlisted, min(len(unlisted), 80)):
        move = Move.make_meld(player, tuple(sorted(cards)))
        assert not accepted(state, move), move


# --- melds: the fast checks agree with the explained ones -----------------------------------------

CARD = st.sampled_from(list(DECK))
RULES = st.sampled_from([PRESETS["standard"], resolve_rules({"aces": "high_or_low"})])


@settings(max_examples=600, **SETTINGS)
@given(picked=st.lists(CARD, min_size=0, max_size=7), rules=RULES)
def test_check_meld_never_raises_and_agrees_with_meld_kind(picked, rules):
    check = check_meld(picked, rules)
    assert check.valid == (not check.reasons)
    assert check.kind == meld_kind(tuple(picked), rules)
    explain = getattr(melds_module, "explain_meld", None)  # the long way, where the core has one
    if explain is not None:
        assert explain(picked, rules) == check
    assert sorted(check.cards) == sorted(picked)
    if check.valid:
        assert check.kind in ("set", "run")
        assert check_meld(check.cards, rules).cards == check.cards  # canonical order is stable
    else:
        assert all(r.code and r.message for r in check.reasons)


@st.composite
def table_melds(draw):
    rules = draw(RULES)
    if draw(st.booleans()):
        rank = draw(st.integers(1, 13))
        suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))
        cards = [DECK[s * 13 + rank - 1] for s in suits]
    else:
        suit = draw(st.integers(0, 3))
        top = 14 if rules.aces == "high_or_low" else 13
        length = draw(st.integers(3, 6))
        start = draw(st.integers(1, top - length + 1))
        cards = [DECK[suit * 13 + (r if r <= 13 else 1) - 1] for r in range(start, start + length)]
    return cards, rules


@settings(max_examples=600, **SETTINGS)
@given(meld=table_melds(), card=CARD)
def test_fits_agrees_with_check_lay_off(meld, card):
    cards, rules = meld
    base = check_meld(cards, rules)
    assert base.valid
    check = check_lay_off(base.cards, (card,), rules)
    assert check.valid == fits(base.cards, base.kind, card, rules)
    if check.valid:
        assert check.kind == base.kind and len(check.cards) == len(base.cards) + 1
    else:
        assert check.reasons[0].code == "does_not_fit" and len(check.reasons) >= 2
