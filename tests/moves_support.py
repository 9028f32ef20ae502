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


def three_players(moves: int = 40, seed: int = 4):
    """A 3-player hand (ana, ben, cy) played ``moves`` moves by Medium: the state and the events
    as JSON (what /v1/suggest's events check is tested on). With seed 4 and 40 moves: cy melds
    A♦ A♥ A♠ as m1 (event 11), ana lays A♣ off on it (14); ben takes Q♥ from the discard pile (22)
    and melds Q♦ Q♥ Q♠ as m2 (23), cy lays Q♣ off on it (26); ben takes 8♥ (36), melds 8♣ 8♦ 8♥
    as m3 (37) and discards 4♦ (38); cy has drawn (39)."""
    from referee import deal
    from referee.bots.selfplay import steps
    from schemas.wire import to_json

    events, state = [], None
    names = ["ana", "ben", "cy"]
    for k, step in enumerate(steps(deal(names, STANDARD, seed=seed), dict.fromkeys(names, "medium"), seed)):
        if k == moves:
            break
        events.append(to_json(step.event))
        state = step.after
    return state, events
