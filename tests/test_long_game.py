"""A sealed game of any length plays to its end (issue 32, finding 7): every scored hand used to
stay in the token, so with six 40-character names the token passed its limit after 68–259
hands and a move was refused mid-hand. The table now keeps the running totals
(``referee.scorepad.Carried``) and the last finished hand only, so the token's size does not
grow with the number of hands."""

from __future__ import annotations

import dataclasses
import random

from tables_support import make_app

from limits import MAX_TOKEN_CHARS
from referee import bots
from referee.game import KEPT_HANDS, hand_entry
from referee.rules import resolve_rules
from referee.scorepad import Carried, replay
from referee.state import Status

NAMES = tuple(f"{c * 8}{'-player-of-the-long-game-'}{i:07d}"[:40] for i, c in enumerate("abcdef"))


def test_the_names_are_forty_characters():
    assert [len(n) for n in NAMES] == [40] * 6 and len(set(NAMES)) == 6


def test_the_running_totals_are_the_scorepads_of_every_hand():
    """Six hands played at a sealed table through the table functions: each hand's result is in
    the view as it ends; the totals the table carries are those /v1/scorepad gives for all six,
    while the token holds only the last finished hand."""
    tables = make_app().extensions["rummy_tables"]
    rules = resolve_rules({"preset": "standard", "target_score": 100_000})
    table, token = tables.create(["ana", "bob", "cy"], rules, bots={"bob": "easy", "cy": "easy"}, seed=7, table_id="long-game-test")
    seat = tables.seat(table, "ana")
    rng, entries, dealers = random.Random(7), [], []
    for hand in range(1, 7):
        assert table.game.number == hand
        dealers.append(table.game.state.dealer)
        while table.game.state.status == Status.PLAYING:
            move = bots.choose_move(table.game.view("ana"), "easy", rng.random()).move
            done = tables.move(token, seat, [move])
            table, token = done.table, done.token
        entries.append(hand_entry(table.game.state))
        pad = table.game.pad()
        assert pad.hands[-1].number == hand and pad.totals == replay(table.game.players, rules, entries, "cy").totals
        if hand < 6:
            dealt = tables.next(token, seat, f"hand-{hand + 1}")
            table, token = dealt.table, dealt.token
            assert len(table.game.hands) == min(hand, KEPT_HANDS)
            assert (table.game.carried is None) == (hand <= KEPT_HANDS)
    whole = replay(table.game.players, rules, entries, "cy")
    assert table.game.carried == Carried(
        5 - KEPT_HANDS, dict(replay(table.game.players, rules, entries[: 5 - KEPT_HANDS], "cy").totals), dealers[5 - KEPT_HANDS]
    )
    assert table.game.pad().totals == whole.totals and table.game.pad().standings == whole.standings
    assert [h.dealer for h in whole.hands] == dealers
    # the token keeps it all: opened again, the same game
    assert tables.open(token) == table


def sized(tables, table, hands: int) -> int:
    """The token of ``table`` as it would be after ``hands`` scored hands (six players, large
    totals): the running totals of all but the last, the last kept one by one."""
    last = hand_entry(table.game.state)
    totals = {p: 99_000 + i for i, p in enumerate(NAMES)}
    game = dataclasses.replace(
        table.game, hands=(last,) if hands else (), carried=Carried(hands - 1, totals, NAMES[0]) if hands > 1 else None
    )
    return len(tables.seal(dataclasses.replace(table, game=game)))


def test_a_token_does_not_grow_with_the_hands_played(capsys):
    """A finished hand of six players with 40-character names; its token with 10, 100 and 1,000
    hands scored before it: the same size within the digits of the hand count (the README's
    figures come from this test)."""
    tables = make_app().extensions["rummy_tables"]
    rules = resolve_rules({"preset": "standard", "target_score": 100_000})
    table, token = tables.create(list(NAMES), rules, bots={p: "easy" for p in NAMES[1:]}, seed=11, table_id="size-of-a-long-game")
    seat = tables.seat(table, NAMES[0])
    rng = random.Random(11)
    while table.game.state.status == Status.PLAYING:
        done = tables.move(token, seat, [bots.choose_move(table.game.view(NAMES[0]), "easy", rng.random()).move])
        table, token = done.table, done.token
    sizes = {n: sized(tables, table, n) for n in (10, 100, 1000)}
    with capsys.disabled():
        print(f"\ntoken after 10, 100, 1000 hands (6 players, 40-character names): {sizes} characters; the limit is {MAX_TOKEN_CHARS:,}")
    assert max(sizes.values()) - min(sizes.values()) <= 8 and max(sizes.values()) < MAX_TOKEN_CHARS
