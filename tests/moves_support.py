"""What the move tests share: the presets, a hand for ben, and the reasons a refused move gives."""

from __future__ import annotations

import pytest

from referee import PRESETS, IllegalMove, apply_move, parse_card
from referee.cards import codes

BASIC, STANDARD, TWO = PRESETS["basic"], PRESETS["standard"], PRESETS["two-restocks"]
BEN = "3C 3D 3H 6C 6D 2D 4C 4D 2S JS"  # 3+3+3+6+6+2+4+4+2+10 = 43 points


def C(code):
    return parse_card(code)


def refused(state, move):
    """The reasons ``apply_move`` gives, as (code, message, cards)."""
    with pytest.raises(IllegalMove) as info:
        apply_move(state, move)
    assert info.value.reasons, "an illegal move always says why"
    return [(r.code, r.message, codes(r.cards)) for r in info.value.reasons]


def codes_of(state, move):
    return [r[0] for r in refused(state, move)]


def hand(state, pid):
    return codes(state.player(pid).hand)
