"""Property: no view of a sealed table ever holds another player's card or the stock's order,
after every move of many random hands, restocks included (hypothesis)."""

from __future__ import annotations

import orjson
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from tables_support import KEY_A, codes_in, hidden_cards

from referee.legal import legal_moves
from referee.rules import PRESETS, resolve_rules
from schemas.dump import dumper
from schemas.tables import TableMoveRequest, ViewResponse, ViewSchema
from schemas.wire import TABLE_WIRE
from tables import Sealer, Tables
from tables.view import table_view

TABLES = Tables(Sealer([KEY_A]), wire=TABLE_WIRE)
DUMP = ViewSchema()
ANSWER = ViewResponse()
RULES = [PRESETS["standard"], PRESETS["basic"], PRESETS["two-restocks"], resolve_rules({"restock": "keep_top", "max_restocks": 3})]


def check_views(table, token):
    """Every seat's view and the spectator's, as answers give them, against what is hidden."""
    opened = TABLES.open(token)
    assert opened == table
    for viewer in (None, *table.game.players):
        seen = table_view(table, viewer)
        v = orjson.loads(orjson.dumps(ANSWER.dump({"view": seen})))["view"]
        # the compiled dump of the view is marshmallow's dump of it, byte for byte
        assert orjson.dumps(dumper(DUMP)(seen)) == orjson.dumps(DUMP.dump(seen))
        hidden = hidden_cards(table, viewer)
        public = {k: x for k, x in v.items() if k != "events"}
        assert not codes_in(public) & hidden, (viewer, codes_in(public) & hidden)
        assert type(v["stock"]) is int and v["stock"] == len(table.game.state.stock)
        for p in v["players"]:
            assert ("hand" in p) == (p["id"] == viewer)
        assert ("legal_moves" in v) == (
            viewer is not None and table.game.state.status == "playing" and table.game.state.turn.player == viewer
        )
        for e in v["events"]:  # a draw from the stock is seen without its card
            if e["action"] == "draw" and e["source"] == "stock":
                assert "card" not in e
        if table.game.state.status != "playing":
            assert set(v["result"]["remaining_cards"]) == set(table.game.players)


@settings(max_examples=15, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(n=st.integers(2, 6), rules=st.sampled_from(RULES), bots=st.integers(0, 5), seed=st.integers(0, 2**32), data=st.data())
def test_no_view_ever_holds_a_hidden_card(n, rules, bots, seed, data):
    players = [f"p{i}" for i in range(n)]
    bot_seats = {p: "easy" for p in players[1 : 1 + min(bots, n - 1)]}
    table, token = TABLES.create(players, rules, bots=bot_seats, seed=seed, table_id=f"t{seed}")
    check_views(table, token)
    restocked = 0
    for _ in range(160):
        state = table.game.state
        if state.status != "playing":
            break
        moves = legal_moves(state)
        # mostly draw from the stock and discard, so hands run long and the stock runs out
        quiet = [m for m in moves if m.action == "discard" or (m.action == "draw" and m.source == "stock")]
        pool = quiet if quiet and data.draw(st.integers(0, 9), label="quiet") else moves
        m = pool[data.draw(st.integers(0, len(pool) - 1), label="move")]
        seat = TABLES.seat(table, m.player)
        done = TABLES.move(token, seat, [m])
        assert done.outcome.legal
        table, token = done.table, done.token
        restocked = max(restocked, table.game.state.restocks)
        check_views(table, token)
    event(f"restocks reached: {restocked}; status {table.game.state.status}")


def test_restocks_are_reached_by_the_property_above():
    """The long-hand policy does reach restocks (R17), so the property covers them."""
    table, token = TABLES.create(["a", "b"], PRESETS["standard"], seed=1)
    for _ in range(200):
        state = table.game.state
        m = [x for x in legal_moves(state) if x.action == "discard" or (x.action == "draw" and x.source == "stock")][0]
        done = TABLES.move(token, TABLES.seat(table, m.player), [m])
        table, token = done.table, done.token
        check_views(table, token)
        if table.game.state.restocks:
            break
    assert table.game.state.restocks == 1


REQUEST = TableMoveRequest()


@settings(max_examples=200, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(
    body=st.fixed_dictionaries(
        {"table": st.sampled_from(["rt1.x", "", 5, None]), "seat": st.sampled_from(["s", "", None, []])},
        optional={
            "move": st.fixed_dictionaries(
                {},
                optional={
                    "player": st.sampled_from(["ana", "", 3, "\u200b"]),
                    "action": st.sampled_from(["draw", "meld", "lay_off", "discard", "x"]),
                    "source": st.sampled_from(["stock", "discard", "deck"]),
                    "cards": st.lists(st.sampled_from(["AS", "10h", "Q♠", "ZZ"]), max_size=4),
                    "card": st.sampled_from(["KC", "kc", "1C"]),
                    "meld": st.sampled_from(["m1", ""]),
                },
            ),
            "moves": st.lists(st.fixed_dictionaries({"action": st.just("draw"), "source": st.sampled_from(["stock", "deck"])}), max_size=3),
        },
    )
)
def test_the_move_request_compiled_load_declines_or_agrees(body):
    """TableMoveRequest's compiled load gives marshmallow's result, or declines (and marshmallow
    words the error)."""
    from test_compiled import _agrees

    assert REQUEST.compiled
    _agrees(REQUEST, body)
