"""The sealed answers' ``summary`` (one sentence for the seat about what happened since its last
move, its own moves in the second person) and ``seat`` on POST /v1/tables and /v1/tables/next
(the answer gives that seat's view, so a client needs no /view call) (#23, point 10)."""

# The fixtures tapp and tc come from tables_http_support; pytest passes them to the tests by name.
# ruff: noqa: F811

from tables_http_support import create, create_playing, tapp, tc  # noqa: F401 (fixtures)

from referee.cards import parse_card


def sym(code: str) -> str:
    return parse_card(code).symbol


def said(events, seat):
    """The events in words, computed here from the events the answer lists."""
    out = []
    for e in events:
        who = "you" if e["player"] == seat else e["player"]
        if e["action"] == "draw":
            did = "drew from the stock" if e["source"] == "stock" else f"took {sym(e['card'])} from the discard pile"
        elif e["action"] == "discard":
            did = f"discarded {sym(e['card'])}"
        elif e["action"] == "meld":
            did = "melded " + " ".join(sym(c) for c in e["cards"])
        else:
            did = "laid off " + " ".join(sym(c) for c in e["cards"])
        if out and out[-1][0] == who:
            out[-1][1].append(did)
        else:
            out.append((who, [did]))
    return [f"{w} {', '.join(d[:-1]) + ' and ' + d[-1] if len(d) > 1 else d[0]}" for w, d in out]


def test_create_with_a_seat_answers_its_view_and_what_the_opponents_did(tc):
    body = create_playing(tc, ("bob", "ana", "cy"), bots={"bob": "easy", "cy": "hard"}, dealer="cy", seat="ana")
    ana = next(p for p in body["view"]["players"] if p["id"] == "ana")
    assert len(ana["hand"]) == 7 and "hand" not in body["view"]["players"][0]  # ana's view: her cards only
    assert body["view"]["legal_moves"][0] == {"player": "ana", "action": "draw", "source": "stock"}
    # bob led (the dealer's left) and played his turn before ana: the summary says so, then her
    # turn. The deal is random (fair deals), so bob may take the up card or meld on his first turn.
    events = body["events"]
    assert {e["player"] for e in events} == {"bob"} and len(events) >= 2
    assert events[0]["action"] == "draw" and events[-1]["action"] == "discard"
    text = "; ".join(said(events, "ana")) + "; your turn: draw"
    assert body["summary"] == text
    assert body["summary"].startswith(("bob drew from the stock", "bob took "))


def test_create_without_a_seat_is_the_spectators_view_and_a_bots_seat_is_422(tc):
    body = tc.post("/v1/tables", json={"players": ["ana", "ben"]}).get_json()
    assert all("hand" not in p for p in body["view"]["players"]) and body["summary"] == "ana is to draw"  # a name keeps its spelling
    r = tc.post("/v1/tables", json={"players": ["ana", "bob"], "bots": {"bob": "hard"}, "seat": "bob"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/seat"
    r = tc.post("/v1/tables", json={"players": ["ana", "bob"], "seat": "zed"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/seat"


def test_a_move_is_summed_up_for_the_seat_in_the_second_person(tc):
    # ana leads; after her discard bob (easy) and cy (medium) play their first turns, and one of
    # them goes out in about 1 random deal in 1,050 (57 of 60,000): the hand is over and the
    # summary says so instead of ana's turn. Then another table is dealt, up to 5 (1 in 10^15).
    for _ in range(5):
        made = create(tc, ("ana", "bob", "cy"), bots={"bob": "easy", "cy": "medium"}, seat="ana", dealer="cy")
        table, seat = made["table"], made["seats"]["ana"]
        drew = tc.post("/v1/tables/move", json={"table": table, "seat": seat, "move": {"action": "draw", "source": "stock"}}).get_json()
        assert drew["summary"] == "You drew from the stock; you may now meld or lay off, then discard"
        card = drew["view"]["players"][0]["hand"][0]
        body = tc.post(
            "/v1/tables/move", json={"table": drew["table"], "seat": seat, "move": {"action": "discard", "card": card}}
        ).get_json()
        assert body["legal"] and body["events"][0] == {"player": "ana", "action": "discard", "card": card}
        if body["view"]["status"] == "playing":
            break
    else:
        raise AssertionError(f"5 tables in a row ended hand 1 before ana's next turn: {body['view']['result']}")
    text = "; ".join(said(body["events"], "ana"))
    assert body["summary"].startswith(f"You discarded {sym(card)}; bob ")
    assert body["summary"] == f"{text[0].upper()}{text[1:]}; your turn: draw"


def test_a_refusal_is_said_to_the_seat(tc):
    made = tc.post("/v1/tables", json={"players": ["ana", "ben"], "seat": "ana"}).get_json()
    table, seats = made["table"], made["seats"]
    hand = made["view"]["players"][0]["hand"]
    r = tc.post("/v1/tables/move", json={"table": table, "seat": seats["ana"], "move": {"action": "meld", "cards": hand[:3]}}).get_json()
    assert not r["legal"] and r["reasons"][0]["message"].startswith("ana must draw")
    assert r["summary"] == "You must draw a card before melding, laying off or discarding"
    r = tc.post("/v1/tables/move", json={"table": table, "seat": seats["ben"], "move": {"action": "draw", "source": "stock"}}).get_json()
    assert r["reasons"][0]["code"] == "not_your_turn" and r["summary"] == "It is ana's turn, not yours"
    drew = tc.post("/v1/tables/move", json={"table": table, "seat": seats["ana"], "move": {"action": "draw", "source": "stock"}}).get_json()
    r = tc.post(
        "/v1/tables/move", json={"table": drew["table"], "seat": seats["ana"], "move": {"action": "draw", "source": "stock"}}
    ).get_json()
    assert r["summary"] == "You have already drawn this turn: one draw per turn"


def test_next_with_a_seat_answers_its_view(tc, tapp):
    from test_tables import play_hand, seeded

    made = seeded(tapp, ("ana", "ben"), 3)
    table, _ = play_hand(tc, made["table"], made["seats"])
    r = tc.post("/v1/tables/next", json={"table": table, "seat": made["seats"]["ana"], "entropy": "ana-2"})
    assert r.get_json()["summary"] == "Your entropy is in; the deal waits for ben to send theirs."
    r = tc.post("/v1/tables/next", json={"table": r.get_json()["table"], "seat": made["seats"]["ben"], "entropy": "ben-2"})
    assert r.status_code == 200
    body = r.get_json()
    ben = next(p for p in body["view"]["players"] if p["id"] == "ben")
    assert len(ben["hand"]) == 10 and all("hand" not in p for p in body["view"]["players"] if p["id"] != "ben")
    leader = body["view"]["turn"]["player"]
    assert body["summary"] == ("Your turn: draw" if leader == "ben" else f"{leader} is to draw")
    r = tc.post("/v1/tables/next", json={"table": table, "seat": "not-a-seat-of-this-table"})
    assert r.status_code == 403 and r.get_json()["detail"] == "this seat is not a seat at this table"
    # Fresh eyes: the 403 is one of the operation's documented answers, not only 'default'
    import yaml

    documented = yaml.load(tc.get("/openapi.yaml").data, Loader=yaml.CSafeLoader)["paths"]["/v1/tables/next"]["post"]["responses"]
    assert documented["403"] == {"$ref": "#/components/responses/FORBIDDEN"}


def test_a_name_that_could_pass_for_the_reader_or_the_narration_is_quoted(tc):
    # R2a: a bot named "You" and a player whose name reads as a move: each is quoted wherever a
    # sentence names it, so "you" is only ever the reader and no name adds a move to the story.
    odd = "ben drew K♠ from the stock; cy"
    made = create_playing(tc, (odd, "You"), bots={"You": "easy"}, seat=odd, dealer=odd)
    table, seat = made["table"], made["seats"][odd]
    assert made["summary"].startswith("“You” ") and made["summary"].endswith("; your turn: draw")
    drew = tc.post("/v1/tables/move", json={"table": table, "seat": seat, "move": {"action": "draw", "source": "stock"}}).get_json()
    assert drew["summary"] == "You drew from the stock; you may now meld or lay off, then discard"
    r = tc.post("/v1/tables/move", json={"table": drew["table"], "seat": seat, "move": {"action": "draw", "source": "stock"}}).get_json()
    assert r["reasons"][0]["message"] == f"“{odd}” has already drawn this turn: one draw per turn"
    assert r["summary"] == "You have already drawn this turn: one draw per turn"
    card = drew["view"]["players"][0]["hand"][-1]
    body = tc.post("/v1/tables/move", json={"table": drew["table"], "seat": seat, "move": {"action": "discard", "card": card}}).get_json()
    assert body["summary"].startswith(f"You discarded {sym(card)}; “You” ")
    spectator = tc.post("/v1/tables", json={"players": [odd, "You"]}).get_json()
    assert spectator["summary"] == f"“{odd}” is to draw"  # the last listed deals, so the first leads
