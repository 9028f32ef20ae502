"""Answers that explain themselves (#14): one summary sentence for a person on every verdict
(/v1/melds/check, /v1/move, /v1/legal-moves), every reason with its rule id, one sentence per
fault, cards in the order the player gave them, and ``tabled`` inferred when left out."""

from __future__ import annotations

import random

import pytest
from conftest import make_state

from referee import (
    DECK,
    Code,
    Move,
    Phase,
    Status,
    Turn,
    apply_moves,
    deal,
    legal_moves,
    parse_card,
    resolve_rules,
    turn_options,
    validate_state,
)
from schemas.wire import to_json

PLAYING = Status.PLAYING


def body(state, drop_tabled=False) -> dict:
    d = to_json(state)
    if drop_tabled:
        for p in d["players"]:
            del p["tabled"]
    return d


def table(**kw):
    """ana to draw; ben owns m1 (8♣ 8♥ 8♠) and m2 (5♠ 6♠ 7♠); K♣ on top of the stock."""
    hands = kw.pop("hands", {"ana": "9S 4H 2C 6D", "ben": "8D 3C 3D KH"})
    return make_state(hands, stock="KC", discard="QD", melds=[("m1", "ben", "8S 8H 8C"), ("m2", "ben", "5S 6S 7S")], status=PLAYING, **kw)


def check(client, **json):
    answer = client.post("/v1/melds/check", json=json)
    assert answer.status_code == 200
    return answer.json


def move(client, state, *moves):
    answer = client.post("/v1/move", json={"state": state, "moves": list(moves)})
    assert answer.status_code == 200, answer.json
    return answer.json


def options(client, state):
    answer = client.post("/v1/legal-moves", json={"state": state})
    assert answer.status_code == 200, answer.json
    return answer.json


DRAW = {"player": "ana", "action": "draw", "source": "stock"}


# --- the closing note's examples -----------------------------------------------------------


def test_summary_of_a_valid_run_and_a_valid_set(client):
    assert check(client, cards=["5S", "6S", "7S"])["summary"] == "5♠ 6♠ 7♠ is a run of spades"
    assert check(client, cards=["9H", "9S", "9C"])["summary"] == "9♣ 9♥ 9♠ is a set of 9s"


def test_summary_of_q_k_a(client):
    answer = check(client, cards=["Q♠", "K♠", "A♠"])
    assert answer["summary"] == "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King"
    assert [(r["code"], r["rule"]) for r in answer["reasons"]] == [("ace_high", "R11")]


def test_a_lay_off_that_does_not_fit_says_why_once(client):
    answer = move(client, body(table()), DRAW, {"player": "ana", "action": "lay_off", "cards": ["9S"], "meld": "m2"})
    assert answer["summary"] == (
        "ana drew from the stock; move 2 was refused: 9♠ does not fit ben's meld 5♠ 6♠ 7♠: the ranks are not consecutive, 8♠ is missing"
    )
    # the contract's does_not_fit, then the specific code, which names the fault without the sentence again
    assert [(r["code"], r["message"], r["rule"]) for r in answer["reasons"]] == [
        ("does_not_fit", "9♠ does not fit ben's meld 5♠ 6♠ 7♠: the ranks are not consecutive, 8♠ is missing", "R6"),
        ("run_gap", "5♠ 6♠ 7♠ 9♠ would not be a run (a gap in the ranks)", "R11"),
    ]
    assert check(client, cards=["9S"], onto=["5S", "6S", "7S"])["summary"] == (
        "9♠ does not fit 5♠ 6♠ 7♠: the ranks are not consecutive, 8♠ is missing"
    )


def test_a_card_already_on_the_table_is_named_with_its_meld(client):
    answer = move(client, body(table()), DRAW, {"player": "ana", "action": "meld", "cards": ["7S", "8S", "9S"]})
    assert answer["summary"] == (
        "ana drew from the stock; move 2 was refused: ana does not hold 7♠ 8♠: 8♠ in ben's meld 8♣ 8♥ 8♠ "
        "and 7♠ in ben's meld 5♠ 6♠ 7♠ lie on the table already, and cards on the table never move"
    )
    assert [(r["code"], r["rule"], r["cards"]) for r in answer["reasons"]] == [("card_not_in_hand", "R6", ["7S", "8S"])]


def test_a_move_after_the_hand_ended(client):
    last = table(hands={"ana": "8D", "ben": "9S 4H 2C 6D"}, turn=Turn("ana", Phase.AFTER_DRAW), tabled=("ana",))
    out = move(client, body(last), {"player": "ana", "action": "lay_off", "cards": ["8D"]})
    assert out["summary"] == "ana laid off 8♦ on ben's meld 8♣ 8♥ 8♠ (now 8♣ 8♦ 8♥ 8♠); ana went out and scores 21 points; the hand is over"
    late = move(client, out["state"], {"player": "ben", "action": "draw", "source": "stock"})
    assert late["summary"] == "the hand is over: ana went out, so nobody plays another turn"
    assert [(r["code"], r["rule"]) for r in late["reasons"]] == [("hand_over", "R13")]
    # legal-moves says why there is nothing to do, and who deals next (R19: the winner, two players)
    after = options(client, out["state"])
    assert after["moves"] == []
    assert [r["code"] for r in after["reasons"]] == ["hand_over"]
    assert after["summary"] == "the hand is over: ana went out, so nobody plays another turn; ana deals the next hand"


# --- /v1/move and /v1/legal-moves sentences -------------------------------------------------


def test_move_summaries_of_a_turn(client):
    start = body(table())
    assert move(client, start, DRAW)["summary"] == "ana drew from the stock and may now meld or lay off, then discard"
    turn = move(client, start, DRAW, {"player": "ana", "action": "discard", "card": "KC"})
    assert turn["summary"] == "ana drew from the stock, then discarded K♣; ben is to draw"
    took = move(client, start, {"player": "ana", "action": "draw", "source": "discard"})
    assert took["summary"].startswith("ana took Q♦ from the discard pile")


def test_move_summary_of_a_meld_and_going_rummy(client):
    state = make_state({"ana": "5S 6S 7S 9H 9C", "ben": "2C 3C 4D 8H 9D"}, stock="9S", status=PLAYING)
    answer = move(
        client,
        body(state),
        DRAW,
        {"player": "ana", "action": "meld", "cards": ["7S", "5S", "6S"]},
        {"player": "ana", "action": "meld", "cards": ["9H", "9C", "9S"]},
    )
    assert answer["summary"] == (
        "ana drew from the stock, then melded 5♠ 6♠ 7♠, a run of spades, then melded "
        "9♣ 9♥ 9♠, a set of 9s; ana went out, going rummy, and scores 52 points (doubled); "
        "the hand is over"
    )
    assert answer["result"]["points"] == 2 * (2 + 3 + 4 + 8 + 9)
    many = move(
        client,
        body(state),
        DRAW,
        {"player": "ana", "action": "meld", "cards": ["7S", "5S", "6S"]},
        {"player": "ana", "action": "discard", "card": "9C"},
        {"player": "ben", "action": "draw", "source": "discard"},
    )
    assert many["summary"] == "4 moves were made, the last: ben took 9♣ from the discard pile and may now meld or lay off, then discard"


def test_legal_moves_summaries(client):
    start = body(table())
    assert options(client, start)["summary"] == "ana is to draw: from the stock, or Q♦ from the discard pile"
    drawn = move(client, start, {"player": "ana", "action": "draw", "source": "discard"})["state"]
    answer = options(client, drawn)
    assert answer["reasons"] == []
    assert answer["summary"] == "ana has drawn and discards one of 4 cards (not Q♦, taken from the discard pile this turn)"
    fits = body(table(hands={"ana": "4S 8D 2C 6D", "ben": "9S 3C 3D KH"}))
    answer = options(client, move(client, fits, DRAW)["state"])
    assert answer["summary"] == "ana has drawn: may lay off (2 ways), then discards one of 5 cards"


# --- every reason has its rule; messages are for players ------------------------------------


def _outcomes(seed: int):
    rng = random.Random(seed)
    for preset in ("basic", "standard", "two-restocks"):
        state = validate_state(deal(["p0", "p1", "p2"], resolve_rules({"preset": preset}), seed=seed))
        for _ in range(40):
            moves = legal_moves(state)
            if not moves:
                break
            tries = [
                Move.discard(state.turn.player, rng.choice(DECK)),
                Move.make_meld(state.turn.player, rng.sample(DECK, 3)),
                Move.draw(state.players[-1].id, "discard"),
                Move.lay_off(state.turn.player, rng.sample(DECK, 1)),
            ]
            for t in tries:
                yield apply_moves(state, [t])
            state = apply_moves(state, [rng.choice(moves)]).state
        yield turn_options(state)


@pytest.mark.parametrize("seed", range(12))
def test_every_reason_has_its_rule_and_no_option_codes(seed):
    options_words = (
        "melds_per_turn",
        "final_discard_required",
        "taken_discard_if_last",
        "max_restocks",
        "restock:",
        "going_rummy_doubles",
        "dealer_rotation",
        "house rule ",
    )
    for answer in _outcomes(seed):
        assert answer.summary
        for reason in answer.reasons:
            assert reason.rule and reason.rule.startswith("R"), reason
            assert not any(w in reason.message for w in options_words), reason.message
        if answer.reasons:
            codes = [r.code for r in answer.reasons]
            assert len(codes) == len(set(codes)), codes  # one reason per fault


def test_a_failed_meld_keeps_the_order_the_player_gave():
    state = make_state({"ana": "KS AS 2S 3S", "ben": "9S 3C 3D KH"}, stock="9D", status=PLAYING)
    out = apply_moves(state, [Move.draw("ana"), Move.make_meld("ana", [parse_card(c) for c in ("2S", "KS", "AS")])])
    assert out.reasons[0].message == "2♠ K♠ A♠ is not a run: a run never wraps around from the King to the ace"
    assert [c.code for c in out.reasons[0].cards] == ["2S", "KS", "AS"]


def test_final_discard_required_is_worded_without_its_option_code():
    rules = resolve_rules({"final_discard_required": True})
    state = make_state(
        {"ana": "8D", "ben": "9S 4H 2C 6D"},
        melds=[("m1", "ben", "8S 8H 8C")],
        rules=rules,
        turn=Turn("ana", Phase.AFTER_DRAW),
        tabled=("ana",),
        status=PLAYING,
    )
    out = apply_moves(state, [Move.lay_off("ana", [parse_card("8D")])])
    assert [(r.code, r.message) for r in out.reasons] == [
        (Code.FINAL_DISCARD_REQUIRED, "laying off 8♦ would empty the hand, but under these rules the last card must be discarded")
    ]


# --- tabled inferred (contract, State) -------------------------------------------------------


def test_tabled_left_out_is_inferred(client):
    state = body(table(), drop_tabled=True)
    answer = move(client, state, DRAW)
    assert [(p["id"], p["tabled"]) for p in answer["state"]["players"]] == [("ana", False), ("ben", True)]


def test_tabled_false_for_the_owner_of_an_earlier_meld_is_still_refused(client):
    state = body(table(), drop_tabled=True)
    state["players"][1]["tabled"] = False
    answer = client.post("/v1/legal-moves", json={"state": state})
    assert answer.status_code == 422
    assert answer.json["errors"] == [
        {
            "pointer": "/state/players/1/tabled",
            "detail": "ben owns a meld on the table laid on an earlier turn, so tabled must be true (R15)",
        }
    ]


def test_tabled_inferred_counts_only_earlier_turns():
    state = make_state(
        {"ana": "9S 4H 2C", "ben": "8D 3C 3D KH"},
        stock="KC",
        melds=[("m1", "ana", "5S 6S 7S")],
        turn=Turn("ana", Phase.AFTER_DRAW, melds_made=1),
        status=PLAYING,
    )
    from dataclasses import replace

    raw = replace(state, players=tuple(replace(p, tabled=None) for p in state.players))
    assert [p.tabled for p in validate_state(raw).players] == [False, False]  # ana's meld is of this turn


# --- the table of reason codes, generated from the core --------------------------------------


def test_every_code_the_core_can_raise_is_in_the_openapi_table(client):
    import re
    from pathlib import Path

    from referee import Code
    from referee.reasons import code_examples

    examples = code_examples()
    assert list(examples) == list(Code)
    assert all(reason.code == code and reason.rule for code, reason in examples.items())
    raised = set()
    for source in (Path(__file__).resolve().parents[1] / "referee").glob("*.py"):
        if source.name == "reasons.py":  # the examples themselves
            continue
        raised |= set(re.findall(r"\bCode\.([A-Z_]+)", source.read_text(encoding="utf-8")))
    assert raised == {c.name for c in Code}  # every member is raised somewhere, and only members are
    spec = client.get("/openapi.yaml").get_data(as_text=True)
    import yaml

    description = yaml.load(spec, Loader=yaml.CSafeLoader)["info"]["description"]
    for code, reason in examples.items():
        assert f"| `{code.value}` | [{reason.rule}](/rules#{reason.rule}) | {reason.message} |" in description  # the rule links to /rules
    assert examples[Code.ACE_HIGH].message == "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King"


def test_openapi_yaml_has_no_anchors_and_plain_summaries(client):
    import yaml

    text = client.get("/openapi.yaml").get_data(as_text=True)
    assert "&id0" not in text and "*id0" not in text
    spec = yaml.load(text, Loader=yaml.CSafeLoader)
    summaries = [op["summary"] for ops in spec["paths"].values() for op in ops.values() if "summary" in op]
    assert summaries and not any("`" in s for s in summaries)


# --- 422 details a player or a frontend's user can act on ------------------------------------


@pytest.mark.parametrize(
    "path,body,pointer,detail",
    [
        ("/v1/deal", {"players": ["a", "b", "c", "d", "e", "f", "g"]}, "/players", "a game has 2 to 6 players; this one has 7"),
        ("/v1/deal", {"players": ["ana", "ben"], "seed": "x"}, "/seed", "the seed must be a whole number"),
        (
            "/v1/deal",
            {"players": ["ana", "ben"], "rules": {"target_score": 0}},
            "/rules/target_score",
            "the rules' target score must be from 1 to 100000",
        ),
        ("/v1/deal", {"players": ["ana", ""]}, "/players/1", "player 2 must not be empty"),
        ("/v1/deal", {}, "/players", "the list of players is missing: it is required"),
        ("/v1/hand-score", {"remaining": {"ben": []}}, "/remaining/ben", "ben's cards left must have 1 to 10 cards; this has 0"),
        ("/v1/hand-score", {"remaining": {"ben": ["KC"]}, "rummy": "yes"}, "/rummy", "the rummy flag must be true or false"),
        ("/v1/melds/check", {"cards": [None, "QS"]}, "/cards/0", 'a card is written as text in quotes, such as "QS" or "Q♠", not as null'),
        (
            "/v1/scorepad",
            {"players": ["Ana", "Ben"], "hands": [{"winner": "Ana", "remaining": {"Ben": {"points": "x"}}}]},
            "/hands/0/remaining/Ben/points",
            "hand 1, Ben's points must be a whole number",
        ),
    ],
)
def test_422_details_name_the_field_in_words(client, path, body, pointer, detail):
    answer = client.post(path, json=body)
    assert answer.status_code == 422
    assert answer.json["errors"] == [{"pointer": pointer, "detail": detail}]
    assert answer.json["detail"] == detail  # the pointer is for programs, in errors[]


def test_legal_moves_after_a_drawn_hand_say_why_and_who_deals(client):
    state = make_state({"ana": "4H 5H", "ben": "9C 2D"}, status=Status.DRAWN_HAND, dealer="ben")
    answer = options(client, to_json(state))
    assert answer["moves"] == [] and [r["rule"] for r in answer["reasons"]] == ["R18"]
    # R19 Decision: after a drawn hand the deal passes left (ben dealt: ana deals next)
    assert answer["summary"] == (
        "the hand is over: it is a drawn hand (the stock ran out), so nobody plays another turn; ana deals the next hand"
    )
