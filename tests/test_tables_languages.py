"""The sealed tables' own refusals in the players' languages (issue 36): a token that is not
one, altered or expired, a seat of no player or of another, a hand dealt too soon, an old copy
of the table, a pledge refused, each said as a player of Spanish or Russian reads it, and in the
pseudo-locale with no English word left (every sentence came through the catalogs)."""

from __future__ import annotations

import re

import pytest
from tables_support import KEY_A

from app import create_app
from referee.speech import PSEUDO
from schemas.wire import TABLE_WIRE
from tables import Sealer, Tables
from tables.store.embedded import EmbeddedStore

START = 1_800_000_000.0  # 2027-01-15 08:00 UTC


class Clock:
    """A sealer's clock the test moves on (seconds since the epoch)."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture()
def clock():
    return Clock()


@pytest.fixture()
def client(tmp_path, clock):
    tables = Tables(Sealer([KEY_A], 3600, clock), EmbeddedStore(tmp_path / "tables.sqlite3"), wire=TABLE_WIRE)
    tables.store.start()
    return create_app({"TESTING": True, "TABLES": tables}).test_client()


def made(client):
    r = client.post("/v1/tables", json={"players": ["ana", "ben"]})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def refusal(r) -> str:
    """The sentence of a refusal: a 422's one field fault, else the problem's detail."""
    body = r.get_json()
    assert r.mimetype == "application/problem+json", body
    return body["errors"][0]["detail"] if r.status_code == 422 else body["detail"]


def ask(client, lang, what):
    """Each refusal by name: (status, sentence) said in ``lang``."""
    client.application.extensions["rummy_tables"].sealer.clock.now = START
    table = made(client)
    token, seats = table["table"], table["seats"]
    q = f"?lang={lang}"
    if what == "not a table":
        r = client.post("/v1/tables/view" + q, json={"table": "a-table-of-another-game"})
    elif what == "altered":
        r = client.post("/v1/tables/view" + q, json={"table": token[:-8] + ("A" if token[-8] != "A" else "B") + token[-7:]})
    elif what == "no seat":
        r = client.post("/v1/tables/view" + q, json={"table": token, "seat": "x" * 22})
    elif what == "another player":
        r = client.post(
            "/v1/tables/move" + q,
            json={"table": token, "seat": seats["ana"], "move": {"player": "ben", "action": "draw", "source": "stock"}},
        )
    elif what == "too soon":
        r = client.post("/v1/tables/next" + q, json={"table": token, "seat": seats["ana"], "entropy": "e"})
    elif what == "old copy":
        mover = table["view"]["turn"]["player"]
        first = client.post("/v1/tables/move", json={"table": token, "seat": seats[mover], "move": {"action": "draw", "source": "stock"}})
        assert first.status_code == 200, first.get_json()
        r = client.post("/v1/tables/move" + q, json={"table": token, "seat": seats[mover], "move": {"action": "draw", "source": "discard"}})
    elif what == "not a pledge":
        r = client.post("/v1/tables" + q, json={"players": ["ana", "ben"], "pledge": "a-pledge-of-another-service", "entropy": "e"})
    elif what == "pledge without entropy":
        r = client.post("/v1/tables" + q, json={"players": ["ana", "ben"], "pledge": "rp1.nothing"})
    elif what == "move and moves":
        r = client.post(
            "/v1/tables/move" + q,
            json={
                "table": token,
                "seat": seats["ana"],
                "move": {"action": "draw", "source": "stock"},
                "moves": [{"action": "draw", "source": "stock"}],
            },
        )
    else:
        assert what == "expired"
        client.application.extensions["rummy_tables"].sealer.clock.now += 3600
        r = client.post("/v1/tables/view" + q, json={"table": token})
    return r.status_code, refusal(r)


CASES = [
    (
        "not a table",
        422,
        "this is not a table of this service: use the table token the last answer gave",
        "esta no es una mesa de este servicio: usa el token de mesa que dio la última respuesta",
        "это не стол этого сервиса: используйте токен стола из последнего ответа",
    ),
    (
        "altered",
        422,
        "this table token has been altered or damaged: send it exactly as the service gave it",
        "este token de mesa fue alterado o dañado: envíalo tal como lo dio el servicio",
        "токен стола изменён или повреждён: отправьте его точно таким, каким его выдал сервис",
    ),
    (
        "no seat",
        403,
        "this seat is not a seat at this table",
        "este asiento no es un asiento de esta mesa",
        "это место не принадлежит этому столу",
    ),
    (
        "another player",
        403,
        "this seat is ana's: it cannot move for ben",
        "este asiento es de ana: no puede jugar por ben",
        "это место игрока ana: с него нельзя ходить за игрока ben",
    ),
    (
        "too soon",
        409,
        "hand 1 is still being played: the next hand is dealt when it ends",
        "la mano 1 aún se está jugando: la siguiente se reparte cuando termine",
        "раздача 1 ещё идёт: следующую сдают, когда она закончится",
    ),
    (
        "old copy",
        409,
        "this is an old copy of the table: the table has moved on to seq 1; play on with the table token in this answer",
        "esta es una copia antigua de la mesa: la mesa ya va por el seq 1; sigue jugando con el token de mesa de esta respuesta",
        "это старая копия стола: стол уже на seq 1; играйте дальше с токеном стола из этого ответа",
    ),
    (
        "not a pledge",
        422,
        "this is not a pledge of this service: send the pledge exactly as POST /v1/tables/pledge gave it",
        "esto no es un pledge de este servicio: envía el pledge tal como lo dio POST /v1/tables/pledge",
        "это не pledge этого сервиса: отправьте pledge точно таким, каким его выдал POST /v1/tables/pledge",
    ),
    (
        "pledge without entropy",
        422,
        "a pledge deals hand 1 from its seed and your entropy: send entropy with it",
        "un pledge reparte la mano 1 con su semilla y tu entropía: envía la entropía con él",
        "pledge сдаёт раздачу 1 из своего зерна и вашей энтропии: отправьте энтропию вместе с ним",
    ),
    (
        "move and moves",
        422,
        "send exactly one of 'move' (one move) and 'moves' (a list)",
        "envía exactamente uno de 'move' (una jugada) y 'moves' (una lista)",
        "отправьте ровно одно из двух: 'move' (один ход) или 'moves' (список)",
    ),
    (
        "expired",
        422,
        "this table expired at 2027-01-15 09:00 UTC (a table lasts 1 hour after its last move): start a new one",
        "esta mesa caducó el 2027-01-15 09:00 UTC (una mesa dura 1 hora después de su última jugada): empieza una nueva",
        "срок стола истёк 2027-01-15 09:00 UTC (стол хранится 1 час после последнего хода): начните новый",
    ),
]


@pytest.mark.parametrize("what, status, english, spanish, russian", CASES, ids=[c[0] for c in CASES])
def test_a_tables_refusal_in_english_spanish_and_russian(client, what, status, english, spanish, russian):
    assert ask(client, "en", what) == (status, english)
    assert ask(client, "es", what) == (status, spanish)
    assert ask(client, "ru", what) == (status, russian)


# Words the pseudo-locale leaves as they are: the players' names, the fields and the path a
# refusal names, and the time zone of an expiry.
_LEFT_AS_IS = {"ana", "ben", "seq", "pledge", "POST", "tables", "UTC", "entropy", "move", "moves"}


@pytest.mark.parametrize("what", [c[0] for c in CASES])
def test_no_tables_refusal_is_left_in_english(client, what):
    _, said = ask(client, PSEUDO, what)
    assert said.startswith("⟦") and said.endswith("⟧"), said
    english = set(re.findall(r"[A-Za-z]{3,}", said)) - _LEFT_AS_IS
    assert not english, f"{what}: {sorted(english)} not from a catalog in {said!r}"


def test_a_seat_asked_of_a_computer_opponent_is_said_in_the_language(client):
    r = client.post("/v1/tables?lang=es", json={"players": ["ana", "bob"], "bots": {"bob": "easy"}, "seat": "bob"})
    assert r.status_code == 422
    assert refusal(r) == "bob no es un jugador humano de esta mesa: la vista que se responde es la de un jugador humano"


def test_a_service_without_a_store_refuses_a_pledge_in_the_language(tmp_path):
    tables = Tables(Sealer([KEY_A], 3600), None, wire=TABLE_WIRE)
    client = create_app({"TESTING": True, "TABLES": tables}).test_client()
    r = client.post("/v1/tables/pledge?lang=ru", json={})
    assert r.status_code == 409
    assert refusal(r) == (
        "этот сервис работает без хранилища столов (RUMMY_TABLE_STORE=none), поэтому не может выдать pledge на один стол: "
        "создайте стол без него"
    )
