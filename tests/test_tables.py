"""Sealed tables over HTTP (contract, Sealed tables; Computer opponents): views, seats, tampered
tokens, whole hands and games, bots, key rotation."""

from __future__ import annotations

import base64
import dataclasses
import random

import pytest
from tables_support import KEY_A, KEY_B, codes_in, hidden_cards, make_app, picker

from referee import HandEntry, Remaining, replay
from referee.rules import PRESETS, resolve_rules
from schemas.wire import to_json
from tables import Sealer, Tables
from tables.codec import from_payload, to_payload

VIEW_FIELDS = {
    "table_id",
    "hand",
    "seq",
    "rules",
    "dealer",
    "players",
    "turn",
    "stock",
    "discard",
    "melds",
    "restocks",
    "stalled_turns",
    "status",
    "result",
    "scores",
    "events",
    "fairness",
}


@pytest.fixture(scope="module")
def tapp():
    return make_app()


@pytest.fixture()
def tc(tapp):
    return tapp.test_client()


def tables_of(app) -> Tables:
    return app.extensions["rummy_tables"]


def create(tc, players=("ana", "ben", "cy"), **extra):
    r = tc.post("/v1/tables", json={"players": list(players), **extra})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def view(tc, table, seat=None):
    body = {"table": table} if seat is None else {"table": table, "seat": seat}
    r = tc.post("/v1/tables/view", json=body)
    assert r.status_code == 200, r.get_json()
    return r.get_json()["view"]


def move(tc, table, seat, **body):
    return tc.post("/v1/tables/move", json={"table": table, "seat": seat, **body})


# --- making a table and looking at it --------------------------------------------------------


def test_a_new_table_gives_a_seat_per_player_and_the_spectators_view(tc):
    made = create(tc)
    assert set(made["seats"]) == {"ana", "ben", "cy"}
    assert len(set(made["seats"].values())) == 3
    v = made["view"]
    assert set(v) == VIEW_FIELDS  # a spectator never gets legal moves
    assert v["hand"] == 1 and v["seq"] == 0 and v["dealer"] == "cy" and v["turn"]["player"] == "ana"
    # R2: 7 cards each with 3 players, one up card, the rest (52 - 21 - 1 = 30) is the stock
    assert [(p["id"], p["cards"]) for p in v["players"]] == [("ana", 7), ("ben", 7), ("cy", 7)]
    assert all(set(p) == {"id", "cards", "tabled"} for p in v["players"])
    assert v["stock"] == 30 and len(v["discard"]) == 1
    assert v["scores"]["totals"] == {"ana": 0, "ben": 0, "cy": 0} and v["scores"]["next_dealer"] is None  # while the hand is played
    assert made["table"].startswith("rt1.")


def test_each_seat_sees_its_own_hand_and_legal_moves_only_on_its_turn(tc, tapp):
    made = create(tc)
    table = tables_of(tapp).open(made["table"])
    for pid in ("ana", "ben", "cy"):
        v = view(tc, made["table"], made["seats"][pid])
        own = [p for p in v["players"] if p["id"] == pid][0]
        assert own["hand"] == [c.code for c in table.game.state.player(pid).hand]
        assert all("hand" not in p for p in v["players"] if p["id"] != pid)
        assert ("legal_moves" in v) == (pid == "ana")
        assert not codes_in(v) & hidden_cards(table, pid)
    ana = view(tc, made["table"], made["seats"]["ana"])
    assert ana["legal_moves"] == [
        {"player": "ana", "action": "draw", "source": "stock"},
        {"player": "ana", "action": "draw", "source": "discard"},
    ]


def test_a_deal_comes_from_the_csprng_not_a_client_seed(tc):
    r = tc.post("/v1/tables", json={"players": ["ana", "ben"], "seed": 7})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/seed"
    hands = {tuple(view(tc, m["table"], m["seats"]["ana"])["players"][0]["hand"]) for m in (create(tc, ("ana", "ben")) for _ in range(5))}
    assert len(hands) == 5


# --- moves --------------------------------------------------------------------------------------


def test_a_move_answers_the_seats_view_and_a_new_token(tc, tapp):
    made = create(tc, ("ana", "ben"))
    seat = made["seats"]["ana"]
    top = made["view"]["discard"][-1]
    r = move(tc, made["table"], seat, move={"action": "draw", "source": "discard"})
    body = r.get_json()
    assert r.status_code == 200 and body["legal"] and body["applied"] == 1 and body["result"] is None
    assert body["events"] == [{"player": "ana", "action": "draw", "source": "discard", "card": top}]
    v = body["view"]
    assert v["seq"] == 1 and v["turn"]["phase"] == "play" and v["players"][0]["cards"] == 11
    assert v["players"][0]["hand"][-1] == top and v["discard"] == []
    assert body["table"] != made["table"]
    # the old token still opens (no replay guard here): it is the table before the move
    assert view(tc, made["table"])["seq"] == 0


def test_an_illegal_move_is_an_ordinary_answer_and_changes_nothing(tc):
    made = create(tc, ("ana", "ben"))
    r = move(tc, made["table"], made["seats"]["ben"], move={"action": "draw", "source": "stock"})
    body = r.get_json()
    assert r.status_code == 200 and body["legal"] is False and body["applied"] == 0
    assert [x["code"] for x in body["reasons"]] == ["not_your_turn"]
    assert body["table"] == made["table"] and body["view"]["seq"] == 0


def test_a_second_draw_is_refused(tc):
    made = create(tc, ("ana", "ben"))
    r = move(tc, made["table"], made["seats"]["ana"], moves=[{"action": "draw", "source": "stock"}, {"action": "draw", "source": "stock"}])
    body = r.get_json()
    assert body["legal"] is False and body["applied"] == 1 and body["reasons"][0]["code"] == "already_drew"
    assert body["view"]["players"][0]["cards"] == 11  # ten dealt and one drawn, never a twelfth


def test_a_move_for_another_player_is_403(tc):
    made = create(tc, ("ana", "ben"))
    r = move(tc, made["table"], made["seats"]["ben"], move={"player": "ana", "action": "draw", "source": "stock"})
    assert r.status_code == 403 and r.mimetype == "application/problem+json"
    assert r.get_json()["detail"] == "this seat is ben's: it cannot move for ana"


def test_a_seat_of_another_table_or_a_made_up_seat_is_403(tc):
    one, two = create(tc, ("ana", "ben")), create(tc, ("ana", "ben"))
    for seat in (two["seats"]["ana"], "x" * 22, "", "é"):
        r = move(tc, one["table"], seat, move={"action": "draw", "source": "stock"})
        if seat == "":
            assert r.status_code == 422  # an empty seat is not a seat at all
            continue
        assert r.status_code == 403, seat
        assert r.get_json()["detail"] == "this seat is not a seat at this table"
        assert tc.post("/v1/tables/view", json={"table": one["table"], "seat": seat}).status_code == 403


# --- tampering ----------------------------------------------------------------------------------


def _flip(token: str, i: int) -> str:
    raw = bytearray(base64.urlsafe_b64decode(token[4:] + "=" * (-len(token[4:]) % 4)))
    raw[i] ^= 0x01
    return "rt1." + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


def _refused(tc, table):
    for path, body in (
        ("/v1/tables/view", {"table": table}),
        ("/v1/tables/next", {"table": table}),
        ("/v1/tables/move", {"table": table, "seat": "s", "move": {"action": "draw", "source": "stock"}}),
    ):
        r = tc.post(path, json=body)
        assert r.status_code == 422 and r.mimetype == "application/problem+json", (path, r.get_json())
        err = r.get_json()["errors"]
        assert [e["pointer"] for e in err] == ["/table"]
        yield err[0]["detail"]


def test_a_random_string_is_422_at_table(tc):
    for text in ("hello", "rt1.hello", "rt1." + "A" * 200, "rt1.!!!"):
        for detail in _refused(tc, text):
            assert "Traceback" not in detail and detail[0].islower() and detail.endswith(("received", "given it", "table", "gave")), detail


def test_a_truncated_or_bit_flipped_token_is_422(tc):
    made = create(tc, ("ana", "ben"))
    token = made["table"]
    raw_len = len(base64.urlsafe_b64decode(token[4:] + "=" * (-len(token[4:]) % 4)))
    for cut in (token[:10], token[:-1], token[:-20], token[: len(token) // 2]):
        assert all("cut short" in d or "altered" in d or "damaged" in d for d in _refused(tc, cut))
    rng = random.Random(1)
    for i in sorted(rng.sample(range(4, raw_len), 20)) + [0, 5, raw_len - 1]:
        details = list(_refused(tc, _flip(token, i)))
        assert all(("altered" in d) or ("key this service does not hold" in d) for d in details), (i, details)


def test_a_token_sealed_with_another_key_is_422(tc, tapp):
    made = create(tc, ("ana", "ben"))
    table = tables_of(tapp).open(made["table"])
    other = Tables(Sealer([KEY_B])).seal(table)
    for detail in _refused(tc, other):
        assert (
            detail
            == "this table was sealed with a key this service does not hold (another service, or a key retired since): start a new table"
        )


def test_an_expired_token_is_422_and_says_when():
    now = [1_800_000_000.0]
    app = make_app(ttl=3600, clock=lambda: now[0])
    tc = app.test_client()
    made = create(tc, ("ana", "ben"))
    assert view(tc, made["table"])["seq"] == 0
    now[0] += 3600
    details = list(_refused(tc, made["table"]))
    assert details[0] == "this table expired at 2027-01-15 09:00 UTC (a table lasts 1 hour after its last move): start a new one"


def test_the_five_edits_of_issue_10_cannot_be_made(tc, tapp):
    """Stacking the stock, swapping cards, an 8th card, skipping a turn, a false going rummy:
    the client holds only the sealed token, so each edit needs the key; the moves it can send
    are judged as at a real table."""
    made = create(tc)
    tables = tables_of(tapp)
    table = tables.open(made["table"])
    payload = to_payload(table)
    state = payload["state"]
    # K♠ to the top of the stock, a card swapped with ben, an 8th card, ben's turn skipped:
    edits = []
    s1 = {**state, "stock": ["KS"] + [c for c in state["stock"] if c != "KS"]} if "KS" in state["stock"] else state
    edits.append(s1)
    a, b = state["players"][0], state["players"][1]
    edits.append(
        {
            **state,
            "players": [{**a, "hand": [b["hand"][0]] + a["hand"][1:]}, {**b, "hand": [a["hand"][0]] + b["hand"][1:]}, state["players"][2]],
        }
    )
    edits.append(
        {**state, "players": [{**a, "hand": a["hand"] + [state["stock"][0]]}, b, state["players"][2]], "stock": state["stock"][1:]}
    )
    edits.append({**state, "turn": {**state["turn"], "player": "cy"}})
    for edited in edits:
        forged = Tables(Sealer([KEY_B])).sealer.seal({**payload, "state": edited})
        assert [r for r in _refused(tc, forged)]  # 422 everywhere: only this service's key seals
    # the moves a player can send instead
    r = move(tc, made["table"], made["seats"]["ana"], moves=[{"action": "draw", "source": "stock"}, {"action": "draw", "source": "stock"}])
    assert r.get_json()["reasons"][0]["code"] == "already_drew"
    r = move(tc, made["table"], made["seats"]["cy"], move={"action": "draw", "source": "stock"})
    assert r.get_json()["reasons"][0]["code"] == "not_your_turn"
    r = move(tc, made["table"], made["seats"]["ana"], move={"player": "ben", "action": "draw", "source": "stock"})
    assert r.status_code == 403


# --- bad bodies ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, pointer",
    [
        ({"players": ["ana"]}, "/players"),
        ({"players": ["ana", "ana"]}, "/players/1"),
        ({"players": ["ana", "ben"], "bots": {"ana": "easy", "ben": "hard"}}, "/bots"),
        ({"players": ["ana", "ben"], "bots": {"cy": "easy"}}, "/bots/cy"),
        ({"players": ["ana", "ben"], "bots": {"ben": "genius"}}, "/bots/ben"),
        ({"players": ["ana", "ben"], "dealer": "cy"}, "/dealer"),
        ({"players": ["ana", "ben"], "rules": {"target_score": 0}}, "/rules/target_score"),
    ],
)
def test_a_table_that_cannot_be_is_422_naming_the_field(tc, body, pointer):
    r = tc.post("/v1/tables", json=body)
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    assert pointer in [e["pointer"] for e in r.get_json()["errors"]], r.get_json()


def test_all_bots_is_422_with_a_sentence(tc):
    r = tc.post("/v1/tables", json={"players": ["ana", "ben"], "bots": {"ana": "easy", "ben": "hard"}})
    assert r.get_json()["errors"] == [
        {"pointer": "/bots", "detail": "every seat is a computer opponent: a table needs at least one human player"}
    ]


def test_move_and_moves_together_or_neither_is_422(tc):
    made = create(tc, ("ana", "ben"))
    seat = made["seats"]["ana"]
    m = {"action": "draw", "source": "stock"}
    assert tc.post("/v1/tables/move", json={"table": made["table"], "seat": seat}).status_code == 422
    assert tc.post("/v1/tables/move", json={"table": made["table"], "seat": seat, "move": m, "moves": [m]}).status_code == 422
    r = tc.post("/v1/tables/move", json={"table": made["table"], "seat": seat, "move": {"action": "discard", "card": "ZZ"}})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/move/card"


# --- whole hands and games ----------------------------------------------------------------------


def seeded(tapp, players, seed, **kw):
    """A table made with a seeded deal (POST /v1/tables deals from the CSPRNG), as its answer."""
    from schemas.dump import dumper
    from schemas.tables import ViewSchema
    from tables.view import table_view

    tables = tables_of(tapp)
    table, token = tables.create(list(players), kw.pop("rules", PRESETS["standard"]), seed=seed, **kw)
    return {"table": token, "seats": tables.seats(table), "view": dumper(ViewSchema())(table_view(table, None))}


def play_hand(tc, table, seats, pick=None, seen=None):
    """Play every human turn with ``pick`` from the seat's legal moves (never a draw from the
    discard pile), through the sealed endpoints only, until the hand ends. Returns the last answer."""
    body, pick = None, pick or picker()
    for _ in range(3000):
        spectator = view(tc, table)
        if spectator["status"] != "playing":
            return table, body
        mover = spectator["turn"]["player"]
        v = view(tc, table, seats[mover])
        choices = [m for m in v["legal_moves"] if not (m["action"] == "draw" and m["source"] == "discard")] or v["legal_moves"]
        m = dict(pick(choices))
        m.pop("player")
        r = move(tc, table, seats[mover], move=m)
        body = r.get_json()
        assert r.status_code == 200 and body["legal"], body
        if seen is not None:
            seen.append((mover, m, body))
        table = body["table"]
    raise AssertionError("the hand did not end")


def test_a_whole_hand_ends_with_the_cards_laid_down_and_scored_as_the_scorepad_does(tc, tapp):
    made = seeded(tapp, ("ana", "ben", "cy"), 5)
    table, last = play_hand(tc, made["table"], made["seats"])
    end = tables_of(tapp).open(table).game.state
    result = last["result"]
    assert result == to_json(end.result())
    v = view(tc, table)
    assert v["result"]["remaining_cards"] == {p.id: [c.code for c in p.hand] for p in end.players}
    if result["outcome"] == "out":
        pad = replay(
            ["ana", "ben", "cy"],
            PRESETS["standard"],
            [HandEntry(result["winner"], result["rummy"], {p: Remaining(points=n) for p, n in result["remaining"].items()})],
            "cy",
        )
        assert v["scores"]["totals"] == pad.totals and v["scores"]["totals"][result["winner"]] == result["points"]
        payload = {
            "players": ["ana", "ben", "cy"],
            "first_dealer": "cy",
            "hands": [
                {
                    "winner": result["winner"],
                    "rummy": result["rummy"],
                    "remaining": {p: {"cards": v["result"]["remaining_cards"][p]} for p in result["remaining"]},
                }
            ],
        }
        pad_http = tc.post("/v1/scorepad", json=payload).get_json()
        assert {k: pad_http[k] for k in v["scores"]} == v["scores"]


def test_next_deals_by_r19_carries_scores_and_stops_at_the_end_of_the_game(tc, tapp):
    made = seeded(tapp, ("ana", "ben"), 3, rules=resolve_rules({"deals": 2}))
    r = tc.post("/v1/tables/next", json={"table": made["table"]})
    assert r.status_code == 409 and r.get_json()["detail"] == "hand 1 is still being played: the next hand is dealt when it ends"
    table, last = play_hand(tc, made["table"], made["seats"])
    result = last["result"]
    r = tc.post("/v1/tables/next", json={"table": table})
    assert r.status_code == 200
    nxt = r.get_json()
    v = nxt["view"]
    assert v["hand"] == 2 and v["status"] == "playing" and v["stock"] == 31 and v["seq"] == last["view"]["seq"] + 1
    # R19 under standard rules with two players: the winner of a hand deals the next; after a drawn hand, the dealer's left
    assert v["dealer"] == (result["winner"] if result["outcome"] == "out" else "ana")
    assert v["scores"]["hands"][0]["dealer"] == "ben" and last["view"]["scores"]["next_dealer"] == v["dealer"]
    assert v["scores"]["next_dealer"] is None  # while the new hand is played
    table2, last2 = play_hand(tc, nxt["table"], made["seats"])
    final = view(tc, table2)
    hands = [
        {"draw": True}
        if h["draw"]
        else {"winner": h["winner"], "rummy": h["rummy"], "remaining": {p: {"points": n} for p, n in h["remaining"].items()}}
        for h in final["scores"]["hands"]
    ]
    pad = tc.post("/v1/scorepad", json={"players": ["ana", "ben"], "first_dealer": "ben", "rules": {"deals": 2}, "hands": hands}).get_json()
    assert {k: pad[k] for k in final["scores"]} == final["scores"]
    if final["scores"]["game_over"]:
        r = tc.post("/v1/tables/next", json={"table": table2})
        assert r.status_code == 409 and r.get_json()["detail"].startswith(f"the game is over: {final['scores']['winner']} won with ")
    else:  # equal totals after the last deal: another hand (R20)
        assert tc.post("/v1/tables/next", json={"table": table2}).status_code == 200


# --- computer opponents -------------------------------------------------------------------------


def test_bots_play_until_a_human_is_to_move_and_events_say_what_everyone_saw(tc, tapp):
    made = create(tc, ("bob", "ana", "cy"), bots={"bob": "easy", "cy": "hard"}, dealer="cy")
    assert set(made["seats"]) == {"ana"}
    # bob leads (the dealer's left), so bob's turn is played at once: a draw and a discard. The deal is random
    # (a fresh seed per hand, R3), so bob may take the up card: a draw from the stock shows no card, one from
    # the discard pile shows the card everyone saw turned up.
    ev = made["events"]
    if ev[0].get("source") == "discard":
        assert ev[0] == {"player": "bob", "action": "draw", "source": "discard", "card": ev[0]["card"]}
    else:
        assert ev[0] == {"player": "bob", "action": "draw", "source": "stock"}
    assert ev[-1]["player"] == "bob" and ev[-1]["action"] == "discard" and "card" in ev[-1]
    assert made["view"]["turn"] == {"player": "ana", "phase": "draw", "taken_discard": None, "melds_made": 0, "laid_off": False}
    assert made["view"]["seq"] == len(ev) and made["view"]["events"] == ev
    seat = made["seats"]["ana"]
    v = view(tc, made["table"], seat)
    assert v["events"] == ev and "legal_moves" in v
    hand = [p for p in v["players"] if p["id"] == "ana"][0]["hand"]
    r = move(tc, made["table"], seat, moves=[{"action": "draw", "source": "stock"}, {"action": "discard", "card": hand[0]}])
    body = r.get_json()
    assert body["legal"] and body["applied"] == 2
    assert body["events"][:2] == [
        {"player": "ana", "action": "draw", "source": "stock"},
        {"player": "ana", "action": "discard", "card": hand[0]},
    ]
    if body["view"]["status"] == "playing":
        assert body["view"]["turn"]["player"] == "ana"
        assert {e["player"] for e in body["events"][2:]} == {"cy", "bob"}
        # ana's view: the moves since her last one (cy's turn, then bob's)
        assert body["view"]["events"] == body["events"][2:]
    table = tables_of(tapp).open(body["table"])
    assert table.game.seq == body["view"]["seq"] == len(ev) + len(body["events"])
    assert not codes_in({k: v for k, v in body["view"].items() if k != "events"}) & hidden_cards(table, "ana")


def test_a_hand_against_bots_plays_to_its_end(tc, tapp):
    made = seeded(tapp, ("ana", "bob"), 4, bots={"bob": "medium"})
    table, last = play_hand(tc, made["table"], made["seats"])
    assert last["view"]["status"] in ("out", "draw") and last["result"] is not None


# --- keys ---------------------------------------------------------------------------------------


def test_keys_rotate_by_key_id_and_seats_outlive_the_key_their_table_began_under(tc, tapp):
    """Finding 2, and the README's rotation in three deploys (K1 → K1,K2 → K2,K1 → K2): a table
    made under K1 is played at each step, through every seat, and its seats still play once K1
    is gone. A seat is made from the table's own secret, sealed inside the token."""
    made = create(tc, ("ana", "ben"))
    seats, token = made["seats"], made["table"]
    steps = [(KEY_A, KEY_B), (KEY_B, KEY_A), (KEY_B,)]  # after (KEY_A,): the instance tc
    players = ["ana", "ben"]
    for i, keys in enumerate(steps):
        step = make_app(keys=keys).test_client()
        for who in players:
            seen = view(step, token, seats[who])["players"][players.index(who)]
            assert len(seen["hand"]) == seen["cards"] > 0
        mover = view(step, token)["turn"]["player"]
        mine = view(step, token, seats[mover])
        m = mine["legal_moves"][0] if i % 2 == 0 else next(x for x in mine["legal_moves"] if x["action"] != "draw")
        r = move(step, token, seats[mover], move=m)
        assert r.status_code == 200 and r.get_json()["legal"], r.get_json()
        token = r.get_json()["table"]
    assert view(make_app(keys=(KEY_B,)).test_client(), token, seats["ana"])["seq"] == 3
    assert list(_refused(tc, token))  # sealed with K2, which the first instance does not hold
    retired = make_app(keys=(KEY_B,)).test_client()
    assert list(_refused(retired, made["table"]))  # the tokens sealed with K1 are gone with it


def test_a_table_made_before_tables_had_a_secret_keeps_its_seats_while_its_key_is_held(tapp):
    """Tokens of tables made before seats came from the table's secret stay as they were: their
    seats are the sealing key's, so they sit while that key is held and end with it."""
    tables = tables_of(tapp)
    table, _ = tables.create(["ana", "ben"], PRESETS["standard"], seed=3)
    legacy = dataclasses.replace(table, secret=None)
    token = tables.seal(legacy)
    seat = tables.sealer.seat(table.id, "ana")  # the old way: from the key
    assert "k" not in to_payload(legacy) and tables.seat(legacy, "ana") == seat
    rotated = make_app(keys=(KEY_B, KEY_A)).test_client()
    assert view(rotated, token, seat)["players"][0]["hand"]
    r = rotated.post("/v1/tables/view", json={"table": token, "seat": tables.seat(table, "ana")})  # a secret's seat is not its seat
    assert r.status_code == 403


def test_a_token_has_one_spelling(tc):
    """Finding 6: ``=`` padding, the ``+/`` alphabet and altered unused low bits are each a 422 at
    /table; the token as given plays."""
    made = create(tc, ("ana", "ben"))
    token = made["table"]
    body = token[4:]
    spellings = [token + "=" * (-len(body) % 4 or 4)]
    if "-" in body or "_" in body:
        spellings.append("rt1." + body.replace("-", "+").replace("_", "/"))
    # altered unused low bits of the last character: a token whose length leaves some
    small = tables_of(tc.application).sealer.seal({"v": 0})
    assert len(small[4:]) % 4 in (2, 3)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    last = alphabet.index(small[-1])
    assert last & 1 == 0
    altered = small[:-1] + alphabet[last | 1]
    assert base64.urlsafe_b64decode(altered[4:] + "==") == base64.urlsafe_b64decode(small[4:] + "==")  # the same bytes
    assert all("damaged" not in d for d in _refused(tc, small))  # authentic (a payload of no table)
    spellings.append(altered)
    for other in spellings:
        assert other != token
        for detail in _refused(tc, other):
            assert detail == "this table token is damaged (it is not the text the service gave): send it exactly as received", detail
    assert view(tc, token)["seq"] == 0


def test_the_sealed_payload_is_padded_to_fixed_buckets(tapp):
    """Finding 7: the compressed payload is padded to 128 + a multiple of 256 bytes, so the deals
    of 2 to 6 players (whose compressed sizes differ by tens of bytes with the cards) all seal
    to tokens of one length."""
    from tables.seal import BUCKET_BYTES, BUCKET_OFFSET, KID_BYTES, NONCE_BYTES

    tables = tables_of(tapp)
    lengths = set()
    for i in range(300):
        _, token = tables.create([f"p{j}" for j in range(2 + i % 5)], PRESETS["standard"])
        raw = base64.urlsafe_b64decode(token[4:] + "=" * (-len(token[4:]) % 4))
        assert (len(raw) - KID_BYTES - NONCE_BYTES - 16 - BUCKET_OFFSET) % BUCKET_BYTES == 0
        lengths.add(len(token))
    print(f"\n300 deals of 2 to 6 players: token lengths {sorted(lengths)}")
    assert len(lengths) == 1


def test_token_payload_round_trips(tapp):
    tables = tables_of(tapp)
    table, token = tables.create(["ana", "ben", "cy", "dee"], PRESETS["basic"], bots={"dee": "easy"})
    again = tables.open(token)
    assert again == table
    assert from_payload(to_payload(table)) == table


# --- settings -----------------------------------------------------------------------------------


def test_keys_and_lifetime_come_from_the_environment():
    keys = ",".join(base64.urlsafe_b64encode(k).decode() for k in (KEY_B, KEY_A))  # padded is fine too
    tables = Tables.from_environment({"RUMMY_SEAL_KEYS": keys, "RUMMY_TABLE_TTL": "3600"})
    assert tables.sealer.ttl == 3600 and tables.store is None
    old = Tables(Sealer([KEY_A]))
    table, token = old.create(["ana", "ben"], PRESETS["standard"])
    assert tables.open(token) == table  # the second key still opens
    assert Tables(Sealer([KEY_B])).open(tables.seal(table)) == table  # the first key seals
    assert Tables.from_environment({}).sealer.ttl == 7 * 24 * 3600


@pytest.mark.parametrize(
    "env, message",
    [
        ({"RUMMY_SEAL_KEYS": "YWJj"}, "RUMMY_SEAL_KEYS: key 1 is 3 bytes; each key must be 32 random bytes"),
        ({"RUMMY_SEAL_KEYS": base64.urlsafe_b64encode(KEY_A).decode() + ",***"}, "RUMMY_SEAL_KEYS: key 2 is not base64url"),
        ({"RUMMY_SEAL_KEYS": " , "}, "RUMMY_SEAL_KEYS is set but holds no key"),
        ({"RUMMY_TABLE_TTL": "7d"}, "RUMMY_TABLE_TTL must be a whole number of seconds of at least 60, not '7d'"),
        ({"RUMMY_TABLE_TTL": "10"}, "RUMMY_TABLE_TTL must be a whole number of seconds of at least 60, not '10'"),
        ({"RUMMY_TABLE_STORE": "localhost:6379"}, "RUMMY_TABLE_STORE must be a Redis URL (redis://host:port/0): "),
    ],
)
def test_a_wrong_setting_stops_start_up_naming_it(monkeypatch, env, message):
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    from app import create_app

    with pytest.raises(ValueError) as e:
        create_app({"TESTING": True})
    assert str(e.value).startswith(message)  # the store's message goes on with the client library's words


def test_next_with_a_bot_to_lead_plays_its_turn_and_says_so(tc, tapp):
    made = seeded(tapp, ("ana", "bob"), 4, bots={"bob": "easy"})
    table, last = play_hand(tc, made["table"], made["seats"])
    r = tc.post("/v1/tables/next", json={"table": table}).get_json()
    v = r["view"]
    leader = "bob" if v["dealer"] == "ana" else "ana"  # the dealer's left leads (R3)
    assert v["hand"] == 2 and v["turn"]["player"] == "ana"
    if leader == "bob":
        assert [e["player"] for e in r["events"]] == ["bob"] * len(r["events"]) and r["events"][-1]["action"] == "discard"
        assert v["seq"] == last["view"]["seq"] + 1 + len(r["events"])
    else:
        assert r["events"] == [] and v["seq"] == last["view"]["seq"] + 1
