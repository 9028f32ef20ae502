"""Computer opponents (referee/bots; contract, Computer opponents): honest (they decide only
from what their seat may see), legal under every preset, never stalling a hand, and playing
the way each level is described."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import islice

import pytest
from conftest import cards, make_state
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import PRESETS, Move, Player, Turn, deal, resolve_rules, validate_state
from referee.bots import LEVELS, Choice, choose_move
from referee.bots.hand import analyse
from referee.bots.policies import outs, strands
from referee.bots.selfplay import play_hand, steps
from referee.view import Event, seat_view

SETTINGS = dict(deadline=None, derandomize=True)
RULESETS = {
    **PRESETS,
    "basic+final_discard_required": resolve_rules({"preset": "basic", "final_discard_required": True}),
    "standard+high_or_low": resolve_rules({"aces": "high_or_low"}),
}
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
MIXES = st.lists(st.sampled_from(LEVELS), min_size=2, max_size=6)


def _hidden_moved(state, viewer, rng):
    """``state`` with the cards ``viewer`` cannot see (other hands, the stock) dealt again at
    random into the same places: every hand keeps its size, the stock its count."""
    hidden = [c for p in state.players if p.id != viewer for c in p.hand] + list(state.stock)
    rng.shuffle(hidden)
    players, at = [], 0
    for p in state.players:
        if p.id == viewer:
            players.append(p)
        else:
            players.append(Player(p.id, tuple(hidden[at : at + len(p.hand)]), p.tabled))
            at += len(p.hand)
    return validate_state(replace(state, players=tuple(players), stock=tuple(hidden[at:])))


# --- honesty -------------------------------------------------------------------------------------


@settings(max_examples=100, **SETTINGS)
@given(seed=SEEDS, mix=MIXES, preset=st.sampled_from(sorted(RULESETS)), plies=st.integers(0, 120), shuffles=st.integers(0, 2**32 - 1))
def test_moving_the_hidden_cards_never_changes_a_decision(seed, mix, preset, plies, shuffles):
    """Random deals and positions reached by bot play: moving the cards the bot to move cannot see
    (the other hands, the stock's order) leaves its view and every level's decision unchanged."""
    levels = {f"p{i}": level for i, level in enumerate(mix)}
    state = validate_state(deal(list(levels), RULESETS[preset], seed=seed))
    events: list[Event] = []
    for step in islice(steps(state, levels, seed), plies):
        state, events = step.after, events + [step.event]
    if state.status != "playing":
        return
    viewer = state.turn.player
    view = seat_view(state, viewer, events)
    rng = random.Random(shuffles)
    for _ in range(3):
        moved = _hidden_moved(state, viewer, rng)
        moved_view = seat_view(moved, viewer, events)
        assert moved_view == view
        for level in LEVELS:
            assert choose_move(moved_view, level, seed) == choose_move(view, level, seed)


def test_a_hidden_card_known_from_the_events_is_still_not_read_from_the_state():
    """ben took 7♥ from the discard pile; wherever 7♥ really lies now, ana decides the same."""
    state = make_state({"ana": "2C 3C 9D KS QH 5S 8H", "ben": "7H 4D 4S JC 10D 6C AS"}, discard="8C", turn=Turn("ana"))
    events = [Event("ben", "draw", source="discard", card=cards("7H")[0]), Event("ben", "discard", card=cards("8C")[0])]
    before = {level: choose_move(seat_view(state, "ana", events), level) for level in LEVELS}
    rng = random.Random(1)
    for _ in range(5):
        moved = _hidden_moved(state, "ana", rng)
        assert {level: choose_move(seat_view(moved, "ana", events), level) for level in LEVELS} == before


# --- legality and no stalls --------------------------------------------------------------------


@settings(max_examples=80, **SETTINGS)
@given(seed=SEEDS, mix=MIXES, preset=st.sampled_from(sorted(RULESETS)), plies=st.integers(1, 400))
def test_every_bot_move_is_legal_under_every_preset_and_house_rule(seed, mix, preset, plies):
    """Under every preset, and house rules that change R9, R11 and R13, each move a bot makes is
    one of its view's legal moves and ``apply_move`` accepts it (``steps`` applies it), and each
    summary is one sentence a player reads."""
    levels = {f"p{i}": level for i, level in enumerate(mix)}
    state = validate_state(deal(list(levels), RULESETS[preset], seed=seed))
    for step in islice(steps(state, levels, seed), plies):
        assert step.choice.move in step.view.legal_moves
        assert step.choice.move.player == step.view.viewer
        summary = step.choice.summary
        assert summary.endswith(".") and summary.count(". ") == 0 and summary[0].isupper()


@settings(max_examples=80, **SETTINGS)
@given(seed=SEEDS, mix=MIXES, preset=st.sampled_from(sorted(PRESETS) + ["standard+high_or_low"]))
def test_every_bot_only_hand_ends(seed, mix, preset):
    """Bots never stall a hand: under every preset it ends, by someone going out (scored by R14,
    R15) or as a drawn hand (R18), well within 3,000 moves (the longest of 6,750 hands in the
    sweep reported in bench/README.md took 1,404)."""
    levels = {f"p{i}": level for i, level in enumerate(mix)}
    state = validate_state(deal(list(levels), RULESETS[preset], seed=seed))
    for step in steps(state, levels, seed, max_moves=3000):
        state = step.after
    assert state.status in ("out", "draw")
    if state.status == "out":
        assert state.result().points == state.result().multiplier * sum(c.points for p in state.players for c in p.hand)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 4, 6])
def test_hands_between_bots_of_every_level_end_under_every_preset(preset, players):
    for seed in range(8):
        mix = {f"p{i}": LEVELS[(i + seed) % 3] for i in range(players)}
        state, events = play_hand(mix, PRESETS[preset], seed)
        assert state.status in ("out", "draw")
        if state.status == "out":  # the last move was the winner's (R13)
            assert events[-1].player == state.result().winner


def test_a_bot_does_not_strand_itself_on_one_card_when_nothing_could_ever_be_laid_off():
    """Sets of 2s, 6s and 7s full and the clubs run 8♣–K♣ bounded by the 7♣: nothing off the
    table fits a meld. Laying down 3♦ 4♦ 5♦ would leave one card after the discard, and from one
    card a player goes out only by laying off (R13): so no bot melds it."""
    melds = [("m1", "ben", "6C 6D 6H 6S"), ("m2", "ben", "8C 9C 10C JC QC KC"), ("m3", "ben", "7C 7D 7H 7S"), ("m4", "ben", "2C 2D 2H 2S")]
    state = make_state({"ana": "3D 4D 5D AH JD", "ben": "9S"}, melds=melds, turn=Turn("ana", "play"), discard="QS")
    view = seat_view(state, "ana")
    meld = Move.make_meld("ana", cards("3D 4D 5D"))
    assert meld in view.legal_moves and strands(view, meld)
    for level in LEVELS:
        assert choose_move(view, level).move.action == "discard"
    # without the set of 6s on the table, 6♦ could still be laid off on 3♦ 4♦ 5♦: melding is fine
    open_table = make_state({"ana": "3D 4D 5D AH JD", "ben": "9S"}, melds=melds[1:], turn=Turn("ana", "play"), discard="QS")
    assert not strands(seat_view(open_table, "ana"), meld)


# --- the levels, as described -------------------------------------------------------------------


def _view(hands, events=(), **kw):
    state = make_state(hands, **kw)
    return seat_view(state, state.turn.player, events)


def test_the_interface_refuses_an_unknown_level_and_a_viewer_not_to_move():
    state = make_state({"ana": "2C 3C 9D KS QH 5S 8H", "ben": "7H 4D 4S JC 10D 6C AS"}, discard="8C")
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        choose_move(seat_view(state, "ana"), "expert")
    with pytest.raises(ValueError, match="'ben' is not the player to move"):
        choose_move(seat_view(state, "ben"), "easy")
    assert isinstance(choose_move(seat_view(state, "ana"), "easy", seed="table-1"), Choice)


def test_medium_takes_the_discard_that_completes_a_run_and_says_so():
    view = _view({"ana": "5H 6H KC QD 9S 2C 3D AS 8C JD", "ben": "4C 4D 4S JC 10D 6C AH 2H 3H 9H"}, discard="7H")
    for level in ("easy", "medium", "hard"):
        choice = choose_move(view, level)
        assert choice.move == Move.draw("ana", "discard")
    assert choose_move(view, "medium").summary == "Take the 7♥ from the discard pile: it completes 5♥ 6♥ 7♥."


def test_a_discard_that_lays_off_is_taken_by_medium_and_hard_not_by_easy():
    """9♠ fits ben's 6♠ 7♠ 8♠: taking it and laying it off sheds a card (R6)."""
    view = _view({"ana": "2C 5D KC QD JH 3S AH", "ben": "4C 4D"}, discard="9S", melds=[("m1", "ben", "6S 7S 8S")])
    assert choose_move(view, "easy").move == Move.draw("ana", "stock")
    for level in ("medium", "hard"):
        choice = choose_move(view, level)
        assert choice.move == Move.draw("ana", "discard")
        assert choice.summary == "Take the 9♠ from the discard pile: it lays off on 6♠ 7♠ 8♠, one card fewer in your hand."


def test_easy_discards_its_highest_card_even_from_a_pair_medium_keeps_the_pair():
    """K♠ K♥ are a pair (two cards could make a set); 9♦ connects with nothing."""
    view = _view({"ana": "KS KH 9D 2C 4H 6S AD 8C", "ben": "3C 3D 3S 5H 7C 10C JD"}, turn=Turn("ana", "play"))
    easy = choose_move(view, "easy")
    assert easy.move == Move.discard("ana", cards("KS")[0])
    assert easy.summary == "Discard K♠: it is your highest card (10 points)."
    medium = choose_move(view, "medium")
    assert medium.move == Move.discard("ana", cards("9D")[0])
    assert medium.summary.startswith("Discard 9♦: it helps no meld")


def test_hard_weighs_only_live_cards_medium_counts_every_connection():
    """4♠ 5♠ wait on 3♠ or 6♠, both in the discard pile (dead); 7♣ 7♦ wait on 7♥ or 7♠ (live).
    Medium sees two connections alike and lets the higher pair go; Hard's fast policy (the card
    counting; its search, over a few deals in the tests, may weigh the discards otherwise) breaks
    the dead one."""
    view = _view({"ana": "4S 5S 7C 7D AC 2D", "ben": "QC QD QH 10S 9H 8D"}, discard="3S 6S KD", turn=Turn("ana", "play"))
    assert outs(cards("5S")[0], cards("4S 7C")) == list(cards("3S 6S"))
    assert choose_move(view, "medium").move == Move.discard("ana", cards("7C")[0])
    hard = choose_move(view, "hard-fast")
    assert hard.move == Move.discard("ana", cards("5S")[0])


def test_hard_does_not_feed_the_next_player_what_they_took():
    """ben took Q♦ from the discard pile: K♦ may help him; J♠ is worth as much and helps nobody."""
    events = [Event("ben", "draw", source="discard", card=cards("QD")[0]), Event("ben", "discard", card=cards("4C")[0])]
    view = _view({"ana": "KD JS 2C 4H 6S 8C 9H", "ben": "QD 3D 3S 5H 7C 9C JD"}, discard="4C", turn=Turn("ana", "play"), events=events)
    assert choose_move(view, "medium").move == Move.discard("ana", cards("KD")[0])
    hard = choose_move(view, "hard")
    assert hard.move == Move.discard("ana", cards("JS")[0])
    assert hard.summary == (
        "Discard J♠: it helps no meld, leaving 39 points of deadwood, rather than K♦, "
        "which could help ben: they took Q♦ from the discard pile."
    )


def test_hard_holds_its_meld_back_to_go_rummy_while_nobody_is_close_to_going_out():
    hands = {"ana": "5H 6H 7H KC 2D 9S 3C", "ben": "4C 4D 4S JC 10D 6C AS", "cy": "8D 8S 9D QH QS 2S 3S"}
    view = _view(hands, turn=Turn("ana", "play"))
    assert choose_move(view, "medium").move == Move.make_meld("ana", cards("5H 6H 7H"))
    hard = choose_move(view, "hard")
    assert hard.move.action == "discard"
    assert hard.summary.endswith("keeping your melds in hand to go rummy, which doubles the score.")
    # once an opponent is down to 3 cards, Hard lays its meld down
    close = dict(hands, cy="8D 8S 9D")
    assert choose_move(_view(close, turn=Turn("ana", "play")), "hard").move == Move.make_meld("ana", cards("5H 6H 7H"))
    # and where going rummy does not double (basic), it never holds
    assert choose_move(_view(hands, turn=Turn("ana", "play"), rules=PRESETS["basic"]), "hard").move.action == "meld"


def test_going_rummy_from_a_held_hand_scores_double():
    """Hard holds 5♥ 6♥ 7♥ and 9♣ 10♣ J♣, draws the Q♣... then goes out in one turn: rummy (R15),
    ben's 4♣ 4♦ 4♠ J♦ 10♦ 6♣ A♠ = 4 + 4 + 4 + 10 + 10 + 6 + 1 = 39 points, doubled to 78."""
    state = make_state({"ana": "5H 6H 7H 9C 10C JC 2D", "ben": "4C 4D 4S JD 10D 6C AS"}, stock="QC", discard="8S")
    for step in steps(state, {"ana": "hard", "ben": "hard"}, max_moves=6):
        state = step.after
    result = state.result()
    assert result is not None and result.winner == "ana" and result.rummy
    assert result.remaining == {"ben": 39} and result.points == 78


def test_analyse_splits_for_the_fewest_deadwood_points():
    """7♥ 8♥ 9♥ 10♥ 9♣ 9♠: the run of four leaves 9♣ 9♠, 18 points; the set 9♣ 9♥ 9♠ would
    leave 7♥ 8♥ 10♥, 25. Without the 10♥ the set is better: 7♥ 8♥ K♦ (25) against 9♣ 9♠ K♦ (28)."""
    split = analyse(cards("7H 8H 9H 10H 9C 9S"), PRESETS["standard"])
    assert split.melds == (tuple(cards("7H 8H 9H 10H")),) and split.points == 18
    assert set(split.deadwood) == set(cards("9C 9S"))
    split = analyse(cards("7H 8H 9H 9C 9S KD"), PRESETS["standard"])
    assert split.melds == (tuple(cards("9C 9H 9S")),) and split.points == 25
    assert split.lay_offs == ()
    on_table = analyse(
        cards("7H 8H 9H 9C 9S KD"), PRESETS["standard"], make_state({"a": "2C", "b": "3C"}, melds=[("m1", "b", "10D JD QD")]).melds
    )
    assert on_table.lay_offs == tuple(cards("KD")) and on_table.points == 15


@pytest.mark.parametrize("level", LEVELS)
def test_a_last_card_taken_from_the_discard_pile_is_laid_off_on_anyones_meld(level):
    """ana's only card is 9♠, taken from the discard pile this turn (R8: not discarded); it fits
    ben's 6♠ 7♠ 8♠, the one legal move. Every level plays it, Easy too (which otherwise lays
    off only on its own melds)."""
    state = make_state(
        {"ana": "9S", "ben": "4C 4D"}, melds=[("m1", "ben", "6S 7S 8S")], turn=Turn("ana", "play", taken_discard=cards("9S")[0])
    )
    choice = choose_move(seat_view(state, "ana"), level)
    assert choice.move == Move.lay_off("ana", cards("9S"), "m1")
    assert choice.summary.startswith("Lay off 9♠ on 6♠ 7♠ 8♠")


def test_going_out_is_said_in_words_with_going_rummy():
    """ana holds 3♣ 3♦ 3♥ and 8♦ 9♦ 10♦ J♦ and 4♠ after drawing, having tabled nothing."""
    view = _view({"ana": "3C 3D 3H 8D 9D 10D JD 4S", "ben": "4C 4D 4H JC 10C 6C AS"}, turn=Turn("ana", "play"))
    choice = choose_move(view, "hard")
    assert choice.move == Move.make_meld("ana", cards("3C 3D 3H"))
    assert choice.summary == "Meld 3♣ 3♦ 3♥ on the way to going out this turn: going rummy, which doubles the score."
    state = make_state(
        {"ana": "4S", "ben": "4C 4D 4H JC 10C 6C AS"},
        turn=Turn("ana", "play", melds_made=2),
        melds=[("m1", "ana", "3C 3D 3H"), ("m2", "ana", "8D 9D 10D JD")],
    )
    last = choose_move(seat_view(state, "ana"), "hard")
    assert last.move == Move.discard("ana", cards("4S")[0])
    assert last.summary == "Discard 4♠ and go out: going rummy, which doubles the score."


@pytest.mark.parametrize(
    "rules, seed, mix",
    [
        # four players under standard, every card off the table passing the same player each time the
        # stock was turned over (24 cards, 4 players): the one card that laid off could only move on
        # by being taken from the discard pile
        ("standard", 22, ("hard", "easy", "easy", "easy")),
        # final_discard_required: two players each down to two cards with one card left to lay off
        ("basic+final_discard_required", 18, ("easy", "medium")),
        ("basic+final_discard_required", 147, ("hard", "hard")),
        # basic, four players: the stock turned over as it lay brought A♠ back to p0 every time, never
        # to p2, who waited on it with A♣ A♦
        ("basic", 315, ("easy", "hard", "medium", "medium")),
    ],
)
def test_hands_that_once_stalled_end(rules, seed, mix):
    levels = {f"p{i}": level for i, level in enumerate(mix)}
    state, events = play_hand(levels, RULESETS[rules], seed)
    assert state.status == "out" and len(events) < 3000
