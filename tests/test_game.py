"""referee/game.py: a whole game hand after hand (R19, R20) and the bots' turns."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import make_state

from referee import PRESETS, Move, resolve_rules
from referee.bots import play_seat
from referee.errors import InvalidInput
from referee.game import GameOver, events_since, hand_entry, new_game, next_hand, play
from referee.legal import legal_moves
from referee.scorepad import replay
from referee.view import Event


def _finish(game, seed=0):
    """Play the hand to its end: melds and lay-offs first, else the first draw, else a discard
    chosen by a seeded generator (the same every run)."""
    rng = random.Random(seed)
    for _ in range(5000):
        if game.state.status != "playing":
            return game
        moves = [m for m in legal_moves(game.state) if not (m.action == "draw" and m.source == "discard")]
        plays = [m for m in moves if m.action in ("meld", "lay_off")]
        draws = [m for m in moves if m.action == "draw"]
        m = plays[0] if plays else draws[0] if draws else rng.choice(moves)
        game = play(game, [m])[1]
    raise AssertionError("the hand did not end")


def test_r19_two_players_the_winner_deals_next_under_standard():
    game = _finish(new_game(["ana", "ben"], PRESETS["standard"], seed=3))
    result = game.state.result()
    nxt = next_hand(game, seed=4)
    assert nxt.number == 2 and nxt.seq == game.seq + 1 and nxt.events == ()
    assert nxt.state.dealer == (result.winner if result.outcome == "out" else "ana")
    assert nxt.hands == (hand_entry(game.state),)


def test_r19_left_rotation_and_r20_scores_as_the_scorepad():
    rules = resolve_rules({"dealer_rotation": "left", "deals": 3})
    game = new_game(["ana", "ben", "cy"], rules, seed=1)
    dealers, entries = [game.state.dealer], []
    for n in range(3):
        game = _finish(game, n)
        entries.append(hand_entry(game.state))
        if n < 2:
            game = next_hand(game, seed=10 + n)
            dealers.append(game.state.dealer)
    assert dealers == ["cy", "ana", "ben"]  # R19: to the left each hand
    pad, whole = game.pad(), replay(["ana", "ben", "cy"], rules, entries, "cy")
    # the game keeps the running totals and the last finished hand: the scorepad's totals of all three
    assert (pad.totals, pad.standings, pad.game_over, pad.winner, pad.next_dealer) == (
        whole.totals,
        whole.standings,
        whole.game_over,
        whole.winner,
        whole.next_dealer,
    )
    assert pad.hands == whole.hands[-2:] and [h.dealer for h in whole.hands] == dealers
    if pad.game_over:  # R20: three deals played, a single leader
        with pytest.raises(GameOver, match="the game is over"):
            next_hand(game)


def test_no_next_hand_while_one_is_played():
    game = new_game(["ana", "ben"], PRESETS["standard"], seed=3)
    with pytest.raises(GameOver, match="hand 1 is still being played"):
        next_hand(game)


def test_hand_entry_of_a_going_rummy_out_and_of_a_drawn_hand():
    out = make_state({"ana": "", "ben": "KC QD 9S AC"}, status="out")
    entry = hand_entry(out)
    assert entry.winner == "ana" and entry.rummy is True and entry.remaining["ben"].points == 30  # R14, R15
    assert hand_entry(make_state({"ana": "5C", "ben": "6D"}, status="draw")).drawn_hand is True
    assert hand_entry(make_state({"ana": "5C", "ben": "6D"})) is None


def test_bots_play_until_a_human_is_to_move():
    game = new_game(["b1", "ana", "b2"], PRESETS["standard"], dealer="b2", bots={"b1": "easy", "b2": "hard"}, seed=9, policy=play_seat)
    # b1 leads (the dealer's left): its turn is played at once, then ana is to move
    assert game.state.turn.player == "ana" and game.state.turn.phase == "draw"
    assert [e.player for e in game.events] == ["b1", "b1"] and game.seq == 2
    assert game.events[0] == Event("b1", "draw", source="stock")
    hand = game.state.player("ana").hand
    outcome, after, events = play(game, [Move.draw("ana"), Move.discard("ana", hand[0])], policy=play_seat)
    assert outcome.legal and outcome.applied == 2
    assert [e.player for e in events][:2] == ["ana", "ana"]
    if after.state.status == "playing":
        assert after.state.turn.player == "ana"
        assert {e.player for e in events[2:]} == {"b2", "b1"}
        # ana sees the moves since her last one: b2's turn, then b1's
        assert after.view("ana").events == events[2:]
    assert after.seq == game.seq + len(events)


def test_a_table_needs_a_human_and_known_levels():
    with pytest.raises(InvalidInput) as e:
        new_game(["a", "b"], PRESETS["standard"], bots={"a": "easy", "b": "easy", "c": "hard"})
    assert [p.path for p in e.value.problems] == [("bots", "c"), ("bots",)]
    with pytest.raises(InvalidInput) as e:
        new_game(["a", "b"], PRESETS["standard"], bots={"b": "genius"})
    assert e.value.problems[0].message == "a computer opponent plays at level easy, medium, hard, not 'genius'"


def test_events_since_the_viewers_last_move():
    ev = (Event("a", "draw", source="stock"), Event("a", "discard"), Event("b", "draw", source="stock"), Event("b", "discard"))
    assert events_since(ev, "a") == ev[2:]
    assert events_since(ev, "b") == ()
    assert events_since(ev, "c") == ev and events_since(ev, None) == ev


def test_an_illegal_move_stops_the_list_and_changes_nothing_after_it():
    game = new_game(["ana", "ben"], PRESETS["standard"], seed=5)
    outcome, after, events = play(game, [Move.draw("ana"), Move.draw("ana")])
    assert not outcome.legal and outcome.applied == 1 and outcome.reasons[0].code == "already_drew"
    assert after.seq == 1 and len(events) == 1 and after.state == outcome.state
    same = play(replace(game), [Move.draw("ben")])
    assert same[1] == game and same[0].reasons[0].code == "not_your_turn"
