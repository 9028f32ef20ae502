"""The position notation (referee/notation.py): one line per table, read and written exactly."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import cards
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import PRESETS, Code, InvalidInput, Move, Phase, Status, apply_move, deal, legal_moves, resolve_rules
from referee.notation import NotationError, parse_position, position_of
from referee.reasons import code_examples

EXAMPLE = "ana:8H 4H 2C 6D QD / ben:8D 3C 3D KH | m1@ben:5S 6S 7S | 2D | KC ... | ana play | taken_discard=QD aces=high_or_low"


def test_the_docstring_example_reads_as_the_table_it_writes():
    state = parse_position(EXAMPLE)
    ana, ben = state.players
    assert (ana.id, ana.hand, ana.tabled) == ("ana", cards("8H 4H 2C 6D QD"), False)
    assert (ben.id, ben.hand, ben.tabled) == ("ben", cards("8D 3C 3D KH"), True)  # owns m1: tabled, inferred (R15)
    [m1] = state.melds
    assert (m1.id, m1.owner, m1.cards, m1.kind) == ("m1", "ben", cards("5S 6S 7S"), "run")
    assert state.discard == cards("2D")
    assert state.stock[:2] == cards("KC AC")  # then every card written nowhere else, in deck order
    assert len(state.stock) == 52 - 5 - 4 - 3 - 1
    assert (state.turn.player, state.turn.phase, state.turn.taken_discard) == ("ana", Phase.AFTER_DRAW, cards("QD")[0])
    assert state.rules == resolve_rules({"aces": "high_or_low"})
    assert state.dealer == "ben"  # R3: the last seat deals by default
    assert position_of(state) == EXAMPLE


def test_every_default_left_out_and_every_other_value_written():
    state = parse_position("ana: / ben:8D 3C 3D KH | m1@ben:4H 5H 6H 7H | QD | KC ... | ana draw | status=out")
    assert state.status == Status.OUT and state.result().winner == "ana"
    busy = replace(
        parse_position("ana:8H 4H / ben:8D 3C | - | QD | ... | ben draw | dealer=ana rules=basic"),
        restocks=1,
        stalled_turns=3,
    )
    line = position_of(busy)
    assert line == "ana:8H 4H / ben:8D 3C | - | QD | ... | ben draw | dealer=ana restocks=1 stalled_turns=3 rules=basic"
    assert parse_position(line) == busy
    nulls = parse_position("ana:8H / ben:8D | - | QD | ... | ana draw | rules=basic melds_per_turn=null final_discard_required=true")
    assert (nulls.rules.preset, nulls.rules.melds_per_turn, nulls.rules.final_discard_required) == ("basic", None, True)
    assert position_of(nulls).endswith("| ana draw | rules=basic melds_per_turn=null final_discard_required=true")


def test_the_reason_table_positions_and_the_bench_positions_read_back():
    examples = code_examples()  # raises LookupError naming a code whose example no longer gives it
    # each example is its own refusal, said for players and tied to a rule
    assert len({reason.message for reason in examples.values()}) == len(Code) and all(reason.rule for reason in examples.values())
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    import fixtures

    for line in (fixtures.FOUR_PLAYERS, fixtures.ELEVEN_CARDS):
        state = parse_position(line)
        assert parse_position(position_of(state)) == state
    assert len(legal_moves(fixtures.eleven_card_state())) == 23


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6), preset=st.sampled_from(sorted(PRESETS)), aces=st.booleans())
def test_every_table_of_a_played_hand_is_written_and_read_back_exactly(seed, n, preset, aces):
    rules = replace(PRESETS[preset], aces="high_or_low") if aces else PRESETS[preset]
    state = deal(["ana", "ben", "cy", "dee", "eve", "fay"][:n], rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        line = position_of(state)
        assert "\n" not in line
        assert parse_position(line) == state, line
        moves = legal_moves(state)
        if not moves:
            break
        plays = [m for m in moves if m.action in ("meld", "lay_off")]
        state = apply_move(state, rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(moves))


@pytest.mark.parametrize(
    ("line", "field", "says"),
    [
        ("ana:8H / ben:8D | - | QD | ...", "position", "5 or 6 fields"),
        ("ana:8H / ben:8D | - | QD | ... | ana draw | x | y", "position", "5 or 6 fields"),
        (" | - | QD | ... | ana draw", "seats", "a table has players"),
        ("ana 8H / ben:8D | - | QD | ... | ana draw", "seat 1", "no ':'"),
        (":8H / ben:8D | - | QD | ... | ana draw", "seat 1", "no name"),
        ("ana:8H / ben:8X | - | QD | ... | ana draw", "seat 2", "'8X' is not a card"),
        ("ana:8H / ben:8D |  | QD | ... | ana draw", "melds", "write '-' for none"),
        ("ana:8H / ben:8D | m1@:5S 6S 7S | QD | ... | ana draw", "meld 1", "no owner"),
        ("ana:8H / ben:8D | - | QD | ... KC | ana draw", "stock", "only at the end of the stock"),
        ("ana:8H / ben:8D | - | QD | ... | ana", "turn", "'ana draw'"),
        ("ana:8H / ben:8D | - | QD | ... | ana drew", "turn", "'ana draw'"),
        ("ana:8H / ben:8D | - | QD | ... | ana draw | colour=red", "words", "unknown word 'colour'"),
        ("ana:8H / ben:8D | - | QD | ... | ana draw | restocks=two", "words", "restocks is a whole number"),
        ("ana:8H / ben:8D | - | QD | ... | ana draw | restocks", "words", "not name=value"),
        ("ana:8H / ben:8D | - | QD | ... | ana draw | status=won", "words", "the status is playing, out, draw"),
        ("ana:8H / ben:8D | - | QD | ... | ana draw | laid_off=yes", "words", "laid_off is true or false"),
        ("ana:8H / ben:8D | - | QD | ... | ana draw | aces=wild", "words", "aces must be one of low, high_or_low"),
        ("ana:8H / ben:8D | - | QD | ... | ana draw | rules=house", "words", "must be one of basic"),
        ("ana:8H / ben:8D | - | QD | ... | ana draw | dealer=ben dealer=ana", "words", "dealer is given twice"),
        ("ana:8H / ben:8D | - | QD | ... | ana play | taken_discard=8H 8D", "words", "not name=value"),
    ],
)
def test_a_line_that_is_no_position_is_refused_naming_its_field(line, field, says):
    with pytest.raises(NotationError) as refused:
        parse_position(line)
    assert refused.value.field == field
    assert says in refused.value.message
    assert str(refused.value).startswith(f"position, {field}: ")


def test_a_position_of_an_impossible_table_is_refused_as_the_state_would_be():
    with pytest.raises(InvalidInput) as refused:
        parse_position("ana:8H 8H / ben:8D | - | QD | ... | ana draw")
    assert [p.message for p in refused.value.problems] == ["8♥ (8H) is on the table twice: also in ana's hand (card 1) (R1)"]
    with pytest.raises(InvalidInput, match="^48 of the 52 cards are missing"):
        parse_position("ana:8H / ben:8D | - | QD | KC | ana draw")  # no '...': the rest of the deck is nowhere


def test_names_the_notation_cannot_write_are_refused():
    state = deal(["ana maria", "ben"], PRESETS["standard"], seed=1)
    with pytest.raises(NotationError, match="'ana maria' cannot be written"):
        position_of(state)
    assert parse_position(position_of(apply_move(deal(["ana", "ben"], PRESETS["standard"], seed=1), Move.draw("ana")))).turn.phase == "play"
