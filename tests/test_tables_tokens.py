"""Sealed tables' tokens (contract, Sealed tables): tampered, truncated, expired and foreign
tokens refused at ``/table``; keys rotating by key id; one spelling per token, padded payloads;
keys and lifetime from the environment. Shared calls: tables_http_support.py."""

# The fixtures tapp and tc come from tables_http_support; pytest passes them to the tests by name.
# ruff: noqa: F811
from __future__ import annotations

import base64
import dataclasses
import random

import pytest
from tables_http_support import create, deal_next, move, tables_of, tapp, tc, view  # noqa: F401 (fixtures)
from tables_support import KEY_A, KEY_B, make_app

from referee.rules import PRESETS
from schemas.wire import TABLE_WIRE
from tables import Sealer, Tables
from tables.codec import from_payload, to_dict, to_payload
from tables.store.embedded import EmbeddedStore

# --- tampering ----------------------------------------------------------------------------------


def _flip(token: str, i: int) -> str:
    raw = bytearray(base64.urlsafe_b64decode(token[4:] + "=" * (-len(token[4:]) % 4)))
    raw[i] ^= 0x01
    return "rt1." + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


def _refused(tc, table):
    for path, body in (
        ("/v1/tables/view", {"table": table}),
        ("/v1/tables/next", {"table": table, "seat": "s"}),
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
    other = Tables(Sealer([KEY_B]), wire=TABLE_WIRE).seal(table)
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
    payload = to_dict(table, TABLE_WIRE)  # the whole table in the clear, as a format 1 token holds it
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
        forged = Tables(Sealer([KEY_B]), wire=TABLE_WIRE).sealer.seal({**payload, "state": edited})
        assert [r for r in _refused(tc, forged)]  # 422 everywhere: only this service's key seals
    # the moves a player can send instead
    r = move(tc, made["table"], made["seats"]["ana"], moves=[{"action": "draw", "source": "stock"}, {"action": "draw", "source": "stock"}])
    assert r.get_json()["reasons"][0]["code"] == "already_drew"
    latest = r.get_json()["table"]  # the first draw was played: the replay guard refuses the older token now
    r = move(tc, latest, made["seats"]["cy"], move={"action": "draw", "source": "stock"})
    assert r.get_json()["reasons"][0]["code"] == "not_your_turn"
    r = move(tc, latest, made["seats"]["ana"], move={"player": "ben", "action": "draw", "source": "stock"})
    assert r.status_code == 403


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
    assert "k" not in to_dict(legacy, TABLE_WIRE) and tables.seat(legacy, "ana") == seat
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
    """The sealed plaintext is padded to 128 + a multiple of 256 bytes, so the deals of 2 to 6
    players (whose public payloads differ by tens of bytes with the names and the upcard) all
    seal to tokens of one length."""
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


def _played_to(tables, names, seed, turns):
    """A table of ``names`` (every player but the first a bot) dealt from ``seed``, after the
    first player has played ``turns`` of its moves (as the easy bot would), or fewer if the
    hand ends first; the last table whose hand is still being played."""
    from referee import bots
    from referee.state import Status

    table, token = tables.create(names, PRESETS["standard"], seed=seed, bots={p: "medium" for p in names[1:]})
    seat = tables.seat(table, names[0])
    for _ in range(turns):
        choice = bots.choose_move(table.game.view(names[0]), "easy", table.id)
        done = tables.move(token, seat, [choice.move])
        if done.table.game.state.status != Status.PLAYING:
            break
        table, token = done.table, done.token
    return table


def _shuffled(table, rng):
    """``table`` with its hidden cards (every hand and the stock, but the card taken from the
    discard pile this turn, which everyone saw) dealt again at random into the same places:
    an arrangement no seat can tell from ``table`` by anything public."""
    state = table.game.state
    kept = state.turn.taken_discard
    cards = [c for p in state.players for c in p.hand if c != kept] + list(state.stock)
    rng.shuffle(cards)
    players = []
    for p in state.players:
        hand = [c if c == kept else cards.pop() for c in p.hand]
        players.append(dataclasses.replace(p, hand=tuple(hand)))
    state = dataclasses.replace(state, players=tuple(players), stock=tuple(cards))
    return dataclasses.replace(table, game=dataclasses.replace(table.game, state=state))


def test_a_token_length_depends_on_public_facts_only(tapp):
    """Finding 7 of issue #20: tables alike in everything a seat sees (names, player count,
    rules, moves, discard pile, melds, card counts, entropy) and different only in the hidden
    cards (every hand and the stock's order shuffled) seal to exactly one token length: at the
    deal and late in a hand, with names of 1 to 40 characters, the lengths where the cards
    used to push a token into the next bucket included (6 players with names of 16
    characters: 900 or 1,242 characters, as the cards fell). The public payload is the same
    for all of them and the hidden bytes are as long, so the length cannot follow the cards."""
    tables = tables_of(tapp)
    rng = random.Random(20)
    tried, spread = 0, {}
    for name_length in (1, 8, 12, 16, 20, 24, 28, 40):
        for n in range(2, 7):
            names = [chr(ord("a") + j) * (name_length - 1) + str(j) for j in range(n)]
            for turns in (0, 6, 14):
                table = _played_to(tables, names, seed=name_length * 10 + n, turns=turns)
                public, hidden = to_payload(table, TABLE_WIRE)
                lengths = set()
                for _ in range(40 if n == 6 and name_length >= 8 else 12):
                    other = _shuffled(table, rng)
                    assert to_payload(other, TABLE_WIRE)[0] == public and len(to_payload(other, TABLE_WIRE)[1]) == len(hidden)
                    lengths.add(len(tables.seal(other)))
                    tried += 1
                assert len(lengths) == 1, (name_length, n, turns, sorted(lengths))
                assert tables.open(tables.seal(other)) == other
                spread[name_length, n, turns] = lengths.pop()
    print(f"\n{tried} arrangements in {len(spread)} groups; token lengths {sorted(set(spread.values()))}")
    assert all(spread[1, n, 0] == 900 for n in range(2, 7)) and spread[16, 6, 0] == spread[40, 6, 0] == 900


def test_a_token_sealed_before_the_hidden_part_still_opens(tapp):
    """Tokens sealed before the split (the whole table as one compressed JSON with its expiry,
    format 1) open as they did, until they expire, and play on under the new format."""
    import zlib

    import orjson

    from tables.seal import BUCKET_BYTES, BUCKET_OFFSET, NONCE_BYTES, PREFIX, b64encode

    tables = tables_of(tapp)
    table, _ = tables.create(["ana", "ben"], PRESETS["standard"], seed=7)
    key = tables.sealer._keys[0]
    body = zlib.compress(orjson.dumps({**to_dict(table, TABLE_WIRE), "exp": int(tables.sealer.clock()) + 60}), 6)
    body += bytes(-(len(body) - BUCKET_OFFSET) % BUCKET_BYTES)
    nonce = bytes(NONCE_BYTES)
    old = PREFIX + b64encode(key.kid + nonce + key.aead.encrypt(nonce, body, PREFIX.encode() + key.kid))
    assert tables.open(old) == table
    mover = table.game.state.turn.player
    done = tables.move(old, tables.seat(table, mover), [table.game.view(mover).legal_moves[0]])
    assert done.outcome.legal and tables.open(done.token) == done.table and done.token != old


def test_an_authentic_token_whose_plaintext_is_not_the_one_sealed_is_422_never_read_in_part(tc, tapp):
    """Only a holder of the key can seal a plaintext (AES-GCM-SIV), but the opening still takes
    exactly what ``seal`` writes: the hidden part as long as its head says, one whole zlib
    stream, then zeros up to the bucket (no other padding, nothing else after the stream), a
    JSON object, and no format-1 payload beside hidden bytes. Anything else, as another version
    of the service might seal, is a 422 at /table (it was a 500 for a short or non-JSON plaintext,
    and read in part with its padding or the end of its stream altered)."""
    import zlib

    import orjson

    from tables.seal import BUCKET_BYTES, BUCKET_OFFSET, FORMAT, NONCE_BYTES, PREFIX, b64encode

    tables = tables_of(tapp)
    table, _ = tables.create(["ana", "ben"], PRESETS["standard"], seed=7)
    key, exp = tables.sealer._keys[0], int(tables.sealer.clock()) + 600
    public, hidden = to_payload(table, TABLE_WIRE)
    head = bytes([FORMAT]) + exp.to_bytes(8, "big") + len(hidden).to_bytes(2, "big")

    def sealed(body: bytes) -> str:
        nonce = bytes(range(NONCE_BYTES))
        return PREFIX + b64encode(key.kid + nonce + key.aead.encrypt(nonce, body, PREFIX.encode() + key.kid))

    def padded(body: bytes) -> bytes:
        return body + bytes(-(len(body) - BUCKET_OFFSET) % BUCKET_BYTES)

    stream = zlib.compress(orjson.dumps(public), 6)
    body = head + hidden + stream
    assert view(tc, sealed(padded(body)))["seq"] == table.game.seq  # what seal() writes opens
    assert padded(body) != body and body + b"\x00" != padded(body)
    others = {
        "padding not zeros": body + bytes([1]) * (len(padded(body)) - len(body)),
        "no padding": body,
        "a bucket too many": padded(body) + bytes(BUCKET_BYTES),
        "bytes after the stream": padded(body + b"more"),
        "the stream cut short": padded(body[:-4]),
        "a hidden part longer than the plaintext": head[:9] + (len(hidden) + 1000).to_bytes(2, "big") + hidden + stream,
        "the head alone": padded(head[:9] + bytes(2)),
        "not JSON": padded(head + hidden + zlib.compress(b"not json")),
        "a JSON list": padded(head + hidden + zlib.compress(b"[]")),
        "a format-1 payload beside hidden bytes": padded(head + hidden + zlib.compress(orjson.dumps(to_dict(table, TABLE_WIRE)))),
        "format 1, not JSON": zlib.compress(b"\xff"),
        "format 1, padding not zeros": padded(zlib.compress(orjson.dumps({**to_dict(table, TABLE_WIRE), "exp": exp})) + b"x"),
    }
    for what, other in others.items():
        for detail in _refused(tc, sealed(other)):
            assert detail.startswith("this table was sealed by another version of the service"), (what, detail)


def test_token_payload_round_trips(tapp):
    tables = tables_of(tapp)
    table, token = tables.create(["ana", "ben", "cy", "dee"], PRESETS["basic"], bots={"dee": "easy"})
    again = tables.open(token)
    assert again == table
    assert from_payload(TABLE_WIRE, *to_payload(table, TABLE_WIRE)) == table
    assert from_payload(TABLE_WIRE, to_dict(table, TABLE_WIRE)) == table  # the whole dict, as tokens sealed before the split held it


# --- settings -----------------------------------------------------------------------------------


def test_keys_and_lifetime_come_from_the_environment():
    keys = ",".join(base64.urlsafe_b64encode(k).decode() for k in (KEY_B, KEY_A))  # padded is fine too
    tables = Tables.from_environment(TABLE_WIRE, {"RUMMY_SEAL_KEYS": keys, "RUMMY_TABLE_TTL": "3600", "RUMMY_TABLE_STORE": "none"})
    assert tables.sealer.ttl == 3600 and tables.store is None
    old = Tables(Sealer([KEY_A]), wire=TABLE_WIRE)
    table, token = old.create(["ana", "ben"], PRESETS["standard"])
    assert tables.open(token) == table  # the second key still opens
    assert Tables(Sealer([KEY_B]), wire=TABLE_WIRE).open(tables.seal(table)) == table  # the first key seals
    default = Tables.from_environment(TABLE_WIRE, {})
    assert default.sealer.ttl == 7 * 24 * 3600
    assert isinstance(default.store, EmbeddedStore) and default.store.path == EmbeddedStore.default_path()  # guarded by default


@pytest.mark.parametrize(
    "env, message",
    [
        ({"RUMMY_SEAL_KEYS": "YWJj"}, "RUMMY_SEAL_KEYS: key 1 is 3 bytes; each key must be 32 random bytes"),
        ({"RUMMY_SEAL_KEYS": base64.urlsafe_b64encode(KEY_A).decode() + ",***"}, "RUMMY_SEAL_KEYS: key 2 is not base64url"),
        ({"RUMMY_SEAL_KEYS": " , "}, "RUMMY_SEAL_KEYS is set but holds no key"),
        ({"RUMMY_TABLE_TTL": "7d"}, "RUMMY_TABLE_TTL must be a whole number of seconds of at least 60, not '7d'"),
        ({"RUMMY_TABLE_TTL": "10"}, "RUMMY_TABLE_TTL must be a whole number of seconds of at least 60, not '10'"),
        ({"RUMMY_TABLE_STORE": "localhost:6379"}, "RUMMY_TABLE_STORE must be a Redis URL (redis://"),
    ],
)
def test_a_wrong_setting_stops_start_up_naming_it(monkeypatch, env, message):
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    from app import create_app

    with pytest.raises(ValueError) as e:
        create_app({"TESTING": True})
    assert str(e.value).startswith(message)


# --- the longest token ----------------------------------------------------------------------------


def test_the_longest_token_and_a_turn_fit_every_table_body(tc, tapp):
    """The body limits of the /v1/tables endpoints are derived from the longest token the
    service seals (``MAX_TOKEN_CHARS``), so the largest legitimate request fits: a token of that
    length, a seat and a whole turn of moves (12, names and meld ids of 40 four-byte characters,
    the widest spellings of 11 cards) or an entropy of 128 backslashes (two bytes each in JSON); such a request
    is judged (422 at /table: no table of this service), never a 413. The largest table measured
    (6 players with names of 40 four-byte characters, 100 hands scored, a hand of 1,000 random
    events: cards and meld ids drawn at random, so they compress far worse than a hand's moves)
    seals under the limit."""
    import json

    from limits import MAX_TOKEN_CHARS
    from referee.cards import DECK
    from referee.moves import Action, Source
    from referee.scorepad import HandEntry, Remaining
    from referee.view import Event
    from web.bodies import BODY_LIMITS

    rng = random.Random(11)
    wide = "".join(chr(0x1F600 + i) for i in range(64))
    names = ["".join(rng.choice(wide) for _ in range(40)) for _ in range(6)]
    tables = tables_of(tapp)
    table, _ = tables.create(names, PRESETS["standard"], seed=1, entropy="~" * 128)
    events = []
    for i in range(1000):
        who, kind = names[i % 6], rng.random()
        if kind < 0.35:
            events.append(Event(who, Action.DRAW, Source.STOCK))
        elif kind < 0.5:
            events.append(Event(who, Action.DRAW, Source.DISCARD_PILE, card=rng.choice(DECK)))
        elif kind < 0.85:
            events.append(Event(who, Action.DISCARD, card=rng.choice(DECK)))
        else:
            events.append(Event(who, Action.LAY_OFF, cards=(rng.choice(DECK),), meld=f"m{rng.randrange(1, 18)}"))
    hands = tuple(
        HandEntry(rng.choice(names), rng.random() < 0.1, {p: Remaining(points=rng.randrange(120)) for p in names}) for _ in range(100)
    )
    largest = dataclasses.replace(table, game=dataclasses.replace(table.game, events=tuple(events), hands=hands, seq=99_999))
    longest = len(tables.seal(largest))
    print(f"\nthe largest table measured seals to {longest:,} characters; the limit is {MAX_TOKEN_CHARS:,}")
    assert 5_000 < longest <= MAX_TOKEN_CHARS

    token, seat, widest = "rt1." + "A" * (MAX_TOKEN_CHARS - 4), "S" * 22, "".join(rng.choice(wide) for _ in range(40))
    turn = [{"player": widest, "action": "draw", "source": "discard"}]
    turn += [{"player": widest, "action": "lay_off", "cards": ["10♦️"], "meld": widest} for _ in range(10)]
    turn += [{"player": widest, "action": "discard", "card": "10♦️"}]
    bodies = {
        "/v1/tables/move": {"table": token, "seat": seat, "moves": turn},
        "/v1/tables/view": {"table": token, "seat": seat},
        "/v1/tables/next": {"table": token, "seat": seat, "entropy": "\\" * 128},  # each written \\ in JSON
        "/v1/tables/suggest": {"table": token, "seat": seat, "level": "medium"},
    }
    for path, body in bodies.items():
        raw = json.dumps(body, ensure_ascii=False).encode()
        assert len(raw) <= BODY_LIMITS[path], (path, len(raw), BODY_LIMITS[path])
        r = tc.post(path, data=raw, content_type="application/json")
        assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/table"], (path, r.get_json())


def test_a_table_too_large_to_seal_is_a_409_and_its_last_token_plays_on(monkeypatch):
    """A move whose table would seal to a token longer than the service carries is refused
    (409 problem+json, nothing played), and the token before it stays the latest: here with the
    limit lowered to the length of a token whose next move grows it (a token's length goes by
    buckets of the payload's size: found by playing on, on a service without a replay guard, so
    that the move can be sent again from that token)."""
    from tables_support import make_app

    import tables.seal

    tc = make_app(store=None).test_client()
    made = create(tc, ("ana", "ben"))
    token, seats = made["table"], made["seats"]
    for _ in range(600):
        seen = view(tc, token)
        if seen["status"] != "playing":
            token = deal_next(tc, token, seats).get_json()["table"]
            continue
        mover = seen["turn"]["player"]
        legal = view(tc, token, seats[mover])["legal_moves"]
        chosen = legal[0] if legal[0]["action"] == "draw" else legal[-1]
        grown = move(tc, token, seats[mover], move=chosen).get_json()["table"]
        if len(grown) > len(token):
            break
        token = grown
    assert len(grown) > len(token)
    monkeypatch.setattr(tables.seal, "MAX_TOKEN_CHARS", len(token))
    refused = move(tc, token, seats[mover], move=chosen)
    assert refused.status_code == 409 and refused.mimetype == "application/problem+json"
    detail = refused.get_json()["detail"]
    assert detail.startswith(
        f"this table has grown too large to seal (its token would be {len(grown):,} characters, more than the {len(token):,}"
    ), detail
    assert detail.endswith("its last token still shows the game and its scores: start a new table to play on"), detail
    assert view(tc, token)["seq"] == seen["seq"]  # the token before the move still opens, as it was
    monkeypatch.undo()
    assert move(tc, token, seats[mover], move=chosen).get_json()["legal"]
