"""The malformed states ``validate_state`` refuses (contract, State), each fault named with its
path and rule, and the canonical form it answers."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import cards, make_state

from referee import DECK, PRESETS, InvalidInput, Meld, Player, StateInput, Turn, parse_card, validate_state

TWO = PRESETS["two-restocks"]


def C(code):
    return parse_card(code)


# --- validate_state: the contract's malformed states -----------------------------------------------


def good():
    return make_state(
        {"ana": "4H 5H 6H KC 2D 9C JD", "ben": "8C QD 9S AC 2S 3S 6C"},
        discard="7D",
        stock="AD 2C",
        melds=[("m1", "ana", "8S 8H 8D")],
        dealer="ben",
    )


def problems_of(state):
    with pytest.raises(InvalidInput) as info:
        validate_state(state)
    return [(p.path, p.message) for p in info.value.problems]


def test_validate_state_good_state_in_canonical_form():
    state = good()
    assert state.melds == (Meld("m1", "ana", cards("8D 8H 8S"), "set"),)
    assert validate_state(state) == state
    assert make_state({"ana": "4H", "ben": "5H"}).dealer == "ben"  # default: the last listed player


def test_validate_state_card_missing_is_named():
    state = good()
    assert problems_of(replace(state, stock=state.stock[1:])) == [
        ((), "1 of the 52 cards is missing from hands, stock, discard pile and melds: A♦ (R1)")
    ]


def test_validate_state_many_cards_missing_are_counted():
    state = good()
    assert problems_of(replace(state, stock=())) == [
        (
            (),
            "34 of the 52 cards are missing from hands, stock, discard pile and melds: "
            "2♣ 3♣ 4♣ 5♣ 7♣ 10♣ J♣ Q♣ A♦ 3♦ 4♦ 5♦ 6♦ and 21 more (R1)",
        )
    ]


def test_validate_state_card_doubled_is_named_with_both_places():
    state = good()
    ana = state.players[0]
    doubled = replace(state, players=(replace(ana, hand=ana.hand[:-1] + (C("8S"),)), state.players[1]), stock=state.stock + (C("JD"),))
    assert problems_of(doubled) == [(("melds", 0, "cards", 2), "8♠ (8S) is on the table twice: also in ana's hand (card 7) (R1)")]
    doubled = replace(state, discard=state.discard + (C("7D"),), stock=state.stock[1:])
    assert problems_of(doubled) == [
        (("discard", 1), "7♦ (7D) is on the table twice: also in the discard pile (card 1) (R1)"),
        ((), "1 of the 52 cards is missing from hands, stock, discard pile and melds: A♦ (R1)"),
    ]


@pytest.mark.parametrize(
    "change, path, message",
    [
        (dict(turn=Turn("cy")), ("turn", "player"), "turn player 'cy' is not a player at the table"),
        (dict(dealer="cy"), ("dealer",), "dealer 'cy' is not a player at the table"),
    ],
)
def test_validate_state_unknown_player_in_turn_or_dealer(change, path, message):
    assert problems_of(replace(good(), **change)) == [(path, message)]


def test_validate_state_unknown_meld_owner():
    state = good()
    assert problems_of(replace(state, melds=(replace(state.melds[0], owner="cy"),))) == [
        (("melds", 0, "owner"), "meld owner 'cy' is not a player at the table")
    ]


def test_validate_state_duplicate_player_id():
    state = good()
    ana, ben = state.players
    assert problems_of(replace(state, players=(ana, replace(ben, id="ana", tabled=True)), dealer="ana")) == [
        (("players", 1, "id"), "player 'ana' is listed twice")
    ]


def test_validate_state_duplicate_meld_id():
    state = good()
    second = Meld("m1", "ben", cards("3D 4D 5D"))
    stock = tuple(c for c in state.stock if c not in cards("3D 4D 5D"))
    ana, ben = state.players
    players = (ana, replace(ben, tabled=True))
    assert problems_of(replace(state, melds=state.melds + (second,), stock=stock, players=players)) == [
        (("melds", 1, "id"), "meld id 'm1' is used twice")
    ]


def test_validate_state_invalid_meld_on_the_table():
    state = good()
    bad = Meld("m1", "ana", cards("QS KS AS"))
    stock = tuple(c for c in state.stock if c not in cards("QS KS AS")) + cards("8S 8H 8D")
    assert problems_of(replace(state, melds=(bad,), stock=stock)) == [
        (
            ("melds", 0, "cards"),
            "meld 'm1' on the table is not a valid meld: Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King",
        )
    ]


def test_validate_state_hand_too_large():
    state = good()
    ana, ben = state.players
    big = replace(ben, hand=ben.hand + state.stock[:4])  # 11 cards; 2 players are dealt 10
    assert problems_of(replace(state, players=(ana, big), stock=state.stock[4:])) == [
        (("players", 1, "hand"), "ben holds 11 cards; with 2 players at most 10 are possible (R2)")
    ]


def test_validate_state_one_more_card_for_the_player_to_move_in_play():
    state = good()
    ana, ben = state.players
    eleven = replace(ana, hand=ana.hand + state.stock[:4])
    ok = replace(state, players=(eleven, ben), stock=state.stock[4:], turn=Turn("ana", "play"))
    assert validate_state(ok).turn.phase == "play"
    assert problems_of(replace(ok, turn=Turn("ana", "draw"))) == [
        (("players", 0, "hand"), "ana holds 11 cards; with 2 players at most 10 are possible (R2)")
    ]
    twelve = replace(ana, hand=eleven.hand + state.stock[4:5])
    assert problems_of(replace(ok, players=(twelve, ben), stock=state.stock[5:])) == [
        (("players", 0, "hand"), "ana holds 12 cards; with 2 players at most 11 are possible (R2)")
    ]


def test_validate_state_taken_discard_not_in_hand():
    state = replace(good(), turn=Turn("ana", "play", C("QS")))
    assert problems_of(state) == [(("turn", "taken_discard"), "the taken discard Q♠ is not in ana's hand")]


def test_validate_state_taken_discard_before_drawing():
    state = replace(good(), turn=Turn("ana", "draw", C("KC")))
    assert problems_of(state) == [(("turn", "taken_discard"), "a player who has not drawn yet cannot have taken a discard this turn")]


def test_validate_state_status_out_but_nobody_went_out():
    assert problems_of(replace(good(), status="out")) == [
        (("status",), "status is out, but 0 players have no cards: exactly one player goes out (R13)")
    ]


def test_validate_state_status_playing_with_an_empty_hand():
    state = good()
    ana, ben = state.players
    empty = replace(state, players=(ana, replace(ben, hand=())), stock=state.stock + ben.hand)
    assert problems_of(empty) == [(("players", 1, "hand"), "ben has no cards, so the hand is over: status must be out, not playing (R13)")]
    assert problems_of(replace(empty, status="draw", stock=(), discard=empty.discard + empty.stock)) == [
        (("players", 1, "hand"), "ben has no cards, so the hand is over: status must be out, not draw (R13)")
    ]


def test_r18_status_draw_with_cards_left_in_the_stock_is_malformed():
    state = good()
    assert problems_of(replace(state, status="draw")) == [
        (
            ("status",),
            f"status is draw, but {len(state.stock)} cards are still in the stock: a hand is drawn only when the stock runs out (R18) or after 25 turns per player in a row with no meld or lay-off (R18a)",
        )
    ]


def test_r15_a_meld_owner_from_an_earlier_turn_must_be_tabled():
    """ana owns m1 and has melded nothing this turn: she laid it earlier, so going out now is
    not going rummy; a state saying she has not tabled would score a false double (R15)."""
    state = good()
    ana, ben = state.players
    owner = state.melds[0].owner
    untabled = tuple(replace(p, tabled=False) if p.id == owner else p for p in state.players)
    seat = [p.id for p in state.players].index(owner)
    assert problems_of(replace(state, players=untabled)) == [
        (("players", seat, "tabled"), f"{owner} owns a meld on the table laid on an earlier turn, so tabled must be true (R15)")
    ]


def test_validate_state_status_out_but_the_empty_hand_is_not_the_movers():
    state = good()
    ana, ben = state.players
    empty = replace(state, players=(ana, replace(ben, hand=())), stock=state.stock + ben.hand, status="out")
    assert problems_of(empty) == [(("status",), "status is out, but ben, who has no cards, is not the player whose turn it was (R13)")]
    assert validate_state(replace(empty, turn=Turn("ben", "play"))).status == "out"


def test_validate_state_player_count():
    state = good()
    solo = replace(state, players=state.players[:1], stock=state.stock + state.players[1].hand, dealer="ana")
    assert problems_of(solo) == [(("players",), "Rummy is for 2 to 6 players, not 1 (R2)")]


def test_validate_state_restocks_over_the_limit():
    state = replace(good(), rules=TWO, restocks=3)
    assert problems_of(state) == [(("restocks",), "the stock was rebuilt 3 times, more than these rules allow in one hand (2, R18)")]


def test_validate_state_lists_every_fault_at_once():
    state = replace(good(), turn=Turn("cy"), dealer="zed", stock=good().stock[1:])
    assert [p for p, _ in problems_of(state)] == [("dealer",), ("turn", "player"), ()]


def test_validate_state_melds_on_a_fresh_state_are_given_their_kind():
    raw = StateInput(
        players=(Player("ana", cards("4H")), Player("ben", cards("5H"))),
        turn=Turn("ana"),
        stock=tuple(c for c in DECK if c not in cards("4H 5H 7S 5S 6S")),
        discard=(),
        melds=(Meld("x", None, cards("7S 5S 6S")),),
    )
    assert validate_state(raw).melds == (Meld("x", None, cards("5S 6S 7S"), "run"),)


def test_changed_keeps_every_field_it_is_not_given():
    """State.changed changes the fields named and keeps every other; a name that is no field
    is a TypeError, as dataclasses.replace gives."""
    import dataclasses

    from referee.state import State

    names = [f.name for f in dataclasses.fields(State)]
    s = State(players=(), turn=Turn("a"), stock=(), discard=(), dealer="a")
    for name in names:
        value = object()
        changed = s.changed(**{name: value})
        assert [getattr(changed, n) is value for n in names] == [n == name for n in names]
        assert [getattr(changed, n) is getattr(s, n) for n in names] == [n != name for n in names]
    with pytest.raises(TypeError):
        s.changed(stalled=True)
