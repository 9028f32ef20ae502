"""Every refusal names the rule it applies (``Reason.rule``), and answers give it."""

from __future__ import annotations

import pytest
from conftest import cards, make_state
from moves_support import BASIC, C

from referee import (
    IllegalMove,
    Move,
    apply_move,
    resolve_rules,
)
from referee.cards import codes
from schemas.wire import to_json

# --- every refusal names its rule (Reason.rule) ----------------------------------------------------


def _drawn(hands, **kw):
    state = make_state(hands, **kw)
    return apply_move(state, Move.draw(state.turn.player, "discard" if kw.get("discard") else "stock"))


FINAL = resolve_rules({"preset": "standard", "final_discard_required": True})
RULE_CASES = [
    ("not_your_turn", "R3", lambda: (make_state({"ana": "4H", "ben": "5H"}), Move.draw("ben"))),
    ("must_draw_first", "R4", lambda: (make_state({"ana": "4H", "ben": "5H"}), Move.discard("ana", C("4H")))),
    ("already_drew", "R4", lambda: (_drawn({"ana": "4H", "ben": "5H"}), Move.draw("ana"))),
    ("discard_pile_empty", "R4", lambda: (make_state({"ana": "4H", "ben": "5H"}), Move.draw("ana", "discard"))),
    ("duplicate_card", "R1", lambda: (_drawn({"ana": "4H 4S", "ben": "5H"}), Move.make_meld("ana", cards("4H 4H 4S")))),
    ("card_not_in_hand", "R7", lambda: (_drawn({"ana": "4H", "ben": "5H"}), Move.discard("ana", C("5H")))),
    (
        "meld_limit_reached",
        "R5",
        lambda: (
            apply_move(_drawn({"ana": "4H 4S 4D 9H 9S 9D 2C", "ben": "5H"}, rules=BASIC), Move.make_meld("ana", cards("4H 4S 4D"))),
            Move.make_meld("ana", cards("9H 9S 9D")),
        ),
    ),
    ("set_rank_mismatch", "R10", lambda: (_drawn({"ana": "4H 4S 5D", "ben": "5H"}), Move.make_meld("ana", cards("4H 4S 5D")))),
    ("ace_high", "R11", lambda: (_drawn({"ana": "QS KS AS 2C", "ben": "5H"}), Move.make_meld("ana", cards("QS KS AS")))),
    ("taken_discard", "R8", lambda: (_drawn({"ana": "4H", "ben": "5H"}, discard="KC"), Move.discard("ana", C("KC")))),
    ("dead_end", "R9", lambda: (_drawn({"ana": "4H 4S 4D", "ben": "5H"}, discard="KC"), Move.make_meld("ana", cards("4H 4S 4D")))),
    (
        "final_discard_required",
        "R13",
        lambda: (_drawn({"ana": "4H 4S", "ben": "5H"}, stock="4D", rules=FINAL), Move.make_meld("ana", cards("4H 4S 4D"))),
    ),
    ("hand_over", "R18", lambda: (make_state({"ana": "4H", "ben": "5H"}, status="draw"), Move.draw("ana"))),
    ("unknown_meld", "R6", lambda: (_drawn({"ana": "4H", "ben": "5H"}), Move.lay_off("ana", cards("4H"), "m1"))),
    ("does_not_fit", "R6", lambda: (_drawn({"ana": "4H", "ben": "5H"}), Move.lay_off("ana", cards("4H")))),
    (
        "ambiguous_lay_off",
        "R6",
        lambda: (
            _drawn({"ana": "4H 2C", "ben": "9S"}, melds=[("m1", None, "4C 4D 4S"), ("m2", None, "5H 6H 7H")]),
            Move.lay_off("ana", cards("4H")),
        ),
    ),
]


@pytest.mark.parametrize("code, rule, build", RULE_CASES, ids=[c[0] for c in RULE_CASES])
def test_contract_every_move_reason_has_its_code_words_and_rule(code, rule, build):
    state, move = build()
    with pytest.raises(IllegalMove) as info:
        apply_move(state, move)
    reason = info.value.reasons[0]
    assert (reason.code, reason.rule) == (code, rule)
    assert reason.message and str(info.value) == reason.message
    assert to_json(reason) == {"code": code, "message": reason.message, "cards": codes(reason.cards), "rule": rule}
