"""R21 options and presets, and what the options change (R5, R8, R11, R13, R15, R17, R18, R19)."""

from __future__ import annotations

import pytest
from conftest import cards, make_state

from referee import (
    PRESETS,
    IllegalMove,
    InvalidInput,
    Move,
    Rules,
    Turn,
    apply_move,
    check_meld,
    legal_moves,
    resolve_rules,
    score_hand,
)
from referee.rules import OPTION_NAMES, OPTIONS
from schemas.wire import to_json

# --- R21: the presets table ------------------------------------------------------------------

# What R21 says of the standard preset, and how each other preset differs from it. Only what the
# rule book states is written here: an option added later is checked by the tests below from its
# own declaration, with no edit to this table.
STANDARD = dict(
    melds_per_turn=None,
    going_rummy_doubles=True,
    taken_discard_if_last=False,
    final_discard_required=False,
    restock="turn_over",
    max_restocks=None,
    aces="low",
    dealer_rotation="winner_two_player",
    target_score=100,
    deals=None,
)
DIFFERS = {
    "standard": {},
    "basic": dict(melds_per_turn=1, going_rummy_doubles=False, restock="keep_top"),
    "two-restocks": dict(taken_discard_if_last=True, restock="immediate", max_restocks=2, dealer_rotation="left"),
}


@pytest.mark.parametrize("preset", list(DIFFERS))
def test_r21_preset_table(preset):
    rules = resolve_rules({"preset": preset})
    assert rules is PRESETS[preset]
    answer = to_json(rules)
    assert set(answer) == {"preset", *OPTION_NAMES}  # every option, each once
    assert {k: answer[k] for k in STANDARD} == {**STANDARD, **DIFFERS[preset]}
    assert {k: v for k, v in answer.items() if k != "preset" and v != to_json(PRESETS["standard"])[k]} == DIFFERS[preset]


def test_r21_default_preset_is_standard():
    assert resolve_rules(None) is PRESETS["standard"]
    assert resolve_rules({}) is PRESETS["standard"]
    assert resolve_rules({}).preset == "standard"
    assert Rules() == PRESETS["standard"]


def test_r21_override_keeps_the_rest_of_the_preset():
    rules = resolve_rules({"preset": "basic", "target_score": 150})
    assert rules.preset == "basic"
    assert rules.target_score == 150
    assert to_json(rules) == {**to_json(PRESETS["basic"]), "target_score": 150}


def _another_value(option):
    """A value of ``option`` other than the standard preset's: the other boolean, another choice,
    or a bound of the whole-number range."""
    if option.kind is bool:
        return not option.default
    if option.kind is str:
        return next(v for v in option.choices if v != option.default)
    return option.minimum if option.minimum != option.default else option.maximum


def test_r21_every_option_can_be_overridden():
    overrides = {o.name: _another_value(o) for o in OPTIONS}
    assert all(v != PRESETS["standard"].__getattribute__(k) for k, v in overrides.items())
    rules = resolve_rules({"preset": "standard", **overrides})
    assert to_json(rules) == {"preset": "standard", **overrides}


def test_r21_null_removes_a_limit():
    assert resolve_rules({"preset": "basic", "melds_per_turn": None}).melds_per_turn is None
    assert resolve_rules({"preset": "two-restocks", "max_restocks": None}).max_restocks is None


@pytest.mark.parametrize(
    "spec, path, message",
    [
        ({"colour": "red"}, ("colour",), "unknown rule option 'colour'"),
        ({"preset": "gin"}, ("preset",), "must be one of basic, standard, two-restocks"),
        ({"melds_per_turn": 0}, ("melds_per_turn",), "melds_per_turn must be a whole number from 1 to 100, or null for no limit"),
        ({"melds_per_turn": True}, ("melds_per_turn",), "melds_per_turn must be a whole number from 1 to 100, or null for no limit"),
        ({"melds_per_turn": "1"}, ("melds_per_turn",), "melds_per_turn must be a whole number from 1 to 100, or null for no limit"),
        ({"melds_per_turn": 1.5}, ("melds_per_turn",), "melds_per_turn must be a whole number from 1 to 100, or null for no limit"),
        ({"going_rummy_doubles": 1}, ("going_rummy_doubles",), "going_rummy_doubles must be true or false"),
        ({"taken_discard_if_last": "yes"}, ("taken_discard_if_last",), "taken_discard_if_last must be true or false"),
        ({"final_discard_required": None}, ("final_discard_required",), "final_discard_required must be true or false"),
        ({"restock": "shuffle"}, ("restock",), "restock must be one of keep_top, turn_over, immediate"),
        ({"aces": "high"}, ("aces",), "aces must be one of low, high_or_low"),
        ({"dealer_rotation": "right"}, ("dealer_rotation",), "dealer_rotation must be one of winner_two_player, left"),
        ({"max_restocks": -1}, ("max_restocks",), "max_restocks must be a whole number from 0 to 1000, or null for no limit"),
        ({"target_score": 0}, ("target_score",), "target_score must be a whole number from 1 to 100000"),
        ({"target_score": None}, ("target_score",), "target_score must be a whole number from 1 to 100000"),
        ({"deals": 0}, ("deals",), "deals must be a whole number from 1 to 100, or null to play to the target score"),
    ],
)
def test_r21_impossible_option_is_refused_with_its_path(spec, path, message):
    with pytest.raises(InvalidInput) as info:
        resolve_rules(spec)
    [problem] = info.value.problems
    assert problem.path == path
    assert problem.message.startswith(message)


def test_r21_every_fault_is_listed_at_once():
    with pytest.raises(InvalidInput) as info:
        resolve_rules({"preset": "gin", "target_score": 0, "colour": "red"})
    assert [p.path for p in info.value.problems] == [("preset",), ("target_score",), ("colour",)]


# --- R15: going_rummy_doubles (scoring) -------------------------------------------------------


def test_r14_opponent_holding_king_queen_nine_ace_gives_30():
    score = score_hand({"ben": cards("KC QD 9S AC")}, rummy=False, rules=PRESETS["standard"])
    assert (score.points, score.by_player, score.multiplier, score.rummy) == (30, {"ben": 30}, 1, False)


@pytest.mark.parametrize("preset, multiplier, points", [("standard", 2, 60), ("two-restocks", 2, 60), ("basic", 1, 30)])
def test_r15_going_rummy_doubles_only_where_the_option_says(preset, multiplier, points):
    score = score_hand({"ben": cards("KC QD 9S AC")}, rummy=True, rules=PRESETS[preset])
    assert (score.points, score.by_player, score.multiplier, score.rummy) == (points, {"ben": 30}, multiplier, True)


def test_r15_option_override_turns_doubling_off():
    rules = resolve_rules({"preset": "standard", "going_rummy_doubles": False})
    assert score_hand({"ben": cards("KC")}, rummy=True, rules=rules).points == 10


def test_r14_queen_five_ace_is_16_in_basic():
    assert score_hand({"ben": cards("QH 5S AD")}, rummy=False, rules=PRESETS["basic"]).points == 16


def test_r14_every_opponent_counts_for_the_winner():
    score = score_hand({"ben": cards("KC QD 9S AC"), "cy": cards("2H 3H")}, rummy=True, rules=PRESETS["standard"])
    assert score.by_player == {"ben": 30, "cy": 5}
    assert score.points == 70  # 2 × (30 + 5)


# --- options that change play ----------------------------------------------------------------


def test_r5_melds_per_turn_override_allows_two_then_refuses_the_third():
    rules = resolve_rules({"preset": "basic", "melds_per_turn": 2})
    state = make_state(
        {"ana": "8S 8H 8D 4H 5H 6H 2C 2D 2S KC", "ben": "3C 3D 3H 9S 9H 9D 7C 7D 7H JS"}, discard="QC", stock="AC", rules=rules
    )
    state = apply_move(state, Move.draw("ana"))
    state = apply_move(state, Move.make_meld("ana", cards("8S 8H 8D")))
    state = apply_move(state, Move.make_meld("ana", cards("4H 5H 6H")))
    with pytest.raises(IllegalMove) as info:
        apply_move(state, Move.make_meld("ana", cards("2C 2D 2S")))
    assert info.value.reasons[0].code == "meld_limit_reached"
    assert info.value.reasons[0].message == "ana has already laid 2 melds this turn, the limit under these rules"
    assert state.turn.melds_made == 2


def test_r8_taken_discard_if_last_override_on_standard():
    rules = resolve_rules({"preset": "standard", "taken_discard_if_last": True})
    state = make_state({"ana": "8S 8H 8D", "ben": "3C 3D 3H 9S 9H 9D 7C 7D 7H JS"}, discard="KC", rules=rules)
    state = apply_move(state, Move.draw("ana", "discard"))
    state = apply_move(state, Move.make_meld("ana", cards("8S 8H 8D")))
    assert state.mover.hand == cards("KC")
    state = apply_move(state, Move.discard("ana", cards("KC")[0]))
    assert state.status == "out"
    result = state.result()
    assert (result.winner, result.rummy, result.multiplier, result.points) == ("ana", True, 2, 134)  # 2 × (3+3+3+9+9+9+7+7+7+10 = 67)


def test_r13_final_discard_required_override_refuses_going_out_by_meld():
    rules = resolve_rules({"preset": "standard", "final_discard_required": True})
    state = make_state({"ana": "8S 8H", "ben": "3C 3D 3H 9S 9H 9D 7C 7D 7H JS"}, stock="8D", rules=rules)
    state = apply_move(state, Move.draw("ana"))
    with pytest.raises(IllegalMove) as info:
        apply_move(state, Move.make_meld("ana", cards("8S 8H 8D")))
    assert info.value.reasons[0].code == "final_discard_required"
    assert legal_moves(state) == [Move.discard("ana", c) for c in cards("8S 8H 8D")]


def test_r11_aces_option_changes_what_a_run_is():
    assert check_meld(cards("QS KS AS"), PRESETS["standard"]).reasons[0].code == "ace_high"
    high = resolve_rules({"aces": "high_or_low"})
    assert check_meld(cards("QS KS AS"), high).valid


def test_r18_max_restocks_override_zero_makes_the_first_empty_stock_a_draw():
    rules = resolve_rules({"preset": "standard", "max_restocks": 0})
    # every card placed, so the stock is empty
    rest = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AH 2H 3H 4H 5H 6H"
    state = make_state(
        {"ana": "7H 8H 9H 10H JH QH KH", "ben": "AS 2S 3S 4S 5S 6S 7S", "cy": "8S 9S 10S JS QS KS"},
        discard=rest,
        rules=rules,
        turn=Turn("ana"),
    )
    assert state.stock == ()
    drawn = apply_move(state, Move.draw("ana", "stock"))
    assert drawn.status == "draw"
    assert to_json(drawn.result()) == {"outcome": "draw", "points": 0}
    taken = apply_move(state, Move.draw("ana", "discard"))
    assert taken.status == "playing" and taken.mover.hand[-1] == cards("6H")[0]


# --- one declaration of the options (OPTIONS) ---------------------------------------------------


def test_r21_every_option_is_one_field_of_rules_and_of_the_request_schema():
    from referee.rules import OPTIONS
    from schemas.rules import RulesSchema

    names = [o.name for o in OPTIONS]
    assert list(to_json(Rules())) == ["preset", *names]
    assert set(RulesSchema().fields) == {"preset", *names}
    for option in OPTIONS:
        for preset, rules in PRESETS.items():
            assert getattr(rules, option.name) == option.preset_value(preset)


def test_r21_the_meld_cache_keys_on_the_whole_rules():
    # A meld judged under two rules that differ in any option is judged under each: an option
    # added later that changes what a meld is takes effect (issue #22: the cache keyed on aces).
    from referee.melds import _checked

    meld = cards("5S 6S 7S")
    a = resolve_rules({"target_score": 1234})
    b = resolve_rules({"target_score": 1235})
    before = _checked.cache_info().misses
    assert check_meld(meld, a).kind == check_meld(meld, b).kind == "run"
    assert _checked.cache_info().misses == before + 2


def test_r21_a_remembered_rules_object_is_told_apart_by_its_values_types():
    # The request field remembers the Rules loaded from a rules object (schemas.rules.RulesField):
    # after true, 1 is still refused (1 == True in Python), after 100 a target of 100.0 too, and
    # each object loads its own options however often it comes.
    from marshmallow import ValidationError

    from schemas.api import HandScoreRequest

    schema = HandScoreRequest()

    def rules_of(spec):
        return schema.load({"remaining": {"ben": ["KS"]}, "rummy": False, "rules": spec})["rules"]

    for _ in range(2):
        assert rules_of({"going_rummy_doubles": True}).going_rummy_doubles is True
        assert rules_of({"going_rummy_doubles": False}).going_rummy_doubles is False
        assert rules_of({"target_score": 100}).target_score == 100
        assert rules_of({"target_score": 250}).target_score == 250
        assert rules_of({"preset": "basic"}) == PRESETS["basic"]
        for wrong in ({"going_rummy_doubles": 1}, {"target_score": 100.0}, {"target_score": True}):
            with pytest.raises(ValidationError) as info:
                rules_of(wrong)
            assert list(info.value.messages_dict["rules"]) == list(wrong)


def test_r21_rules_in_words_leave_out_a_target_that_deals_replace():
    from referee.rules import describe

    said = {o.name: s for o, s in describe(resolve_rules({"deals": 3}))}
    assert said["deals"] == "The game lasts 3 deals; the highest total wins, and a tie for highest plays another hand."
    assert "target_score" not in said
    said = {o.name: s for o, s in describe(PRESETS["two-restocks"])}
    assert "deals" not in said
    assert said["max_restocks"].startswith("The stock may be rebuilt 2 times in a hand")
    assert said["melds_per_turn"] == "A player may lay down any number of melds in a turn."


def test_r14_r15_the_rules_document_gives_the_scores_numbers_as_the_core_counts_them():
    """GET /v1/rules says the numbers of the score the core counts by (one rulebook): going
    rummy's multiplier where the option holds (R15) and each rank's points (R14)."""
    from referee import DECK
    from referee.catalog import rules_document
    from referee.scoring import hand_points, rummy_multiplier

    scoring = rules_document()["scoring"]
    assert scoring["rummy_multiplier"] == rummy_multiplier(True, PRESETS["standard"]) == 2
    assert rummy_multiplier(True, PRESETS["basic"]) == 1
    points = {entry["rank"]: entry["points"] for entry in scoring["card_points"]}
    assert points == {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 10, "Q": 10, "K": 10}
    assert all(hand_points([card]) == points[card.rank_text] for card in DECK)
