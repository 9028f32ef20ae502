"""The HTTP spine (CONTRACT.md): meld checks, hand scores, rules, and error answers."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import app as app_module
from referee.rules import OPTIONS, PRESETS

PROBLEM = "application/problem+json"


def check(client, cards, **extra):
    r = client.post("/v1/melds/check", json={"cards": cards, **extra})
    assert r.status_code == 200, r.get_json()
    return r.get_json()


# --- cards (R1, contract Cards) ----------------------------------------------------------


@pytest.mark.parametrize(
    "spelling",
    [
        ["10H", "JH", "QH"],
        ["TH", "JH", "QH"],
        ["th", "jh", "qh"],
        ["10h", "jH", "Qh"],
        ["10♥", "J♥", "Q♥"],
        ["10♡", "J♡", "Q♡"],
        ["10♥\ufe0f", "J♥\ufe0f", "Q♥\ufe0f"],
    ],
)
def test_r1_every_spelling_answers_canonical_codes(client, spelling):
    r = check(client, spelling)
    assert r == {"valid": True, "kind": "run", "cards": ["10H", "JH", "QH"], "reasons": [], "summary": "10♥ J♥ Q♥ is a run of hearts"}


@pytest.mark.parametrize(
    "symbols,codes",
    [
        (["Q♠", "Q♤", "Q♣"], None),  # same card twice: the white spade is the spade
        (["5♧", "5♢", "5♤"], ["5C", "5D", "5S"]),
    ],
)
def test_r1_white_suit_symbols(client, symbols, codes):
    r = check(client, symbols)
    if codes is None:
        assert not r["valid"] and r["reasons"][0]["code"] == "duplicate_card"
        assert r["reasons"][0]["cards"] == ["QS"]
    else:
        assert r["valid"] and r["cards"] == codes


@pytest.mark.parametrize("bad,index", [("ZZ", 1), ("1H", 0), ("11H", 2), (" QS", 1), ("Q S", 0), ("", 2), (7, 1), (None, 0)])
def test_unknown_card_is_422_naming_token_and_path(client, bad, index):
    cards = ["QS", "KS", "JS"]
    cards[index] = bad
    r = client.post("/v1/melds/check", json={"cards": cards})
    assert r.status_code == 422 and r.content_type == PROBLEM
    body = r.get_json()
    assert body["status"] == 422 and body["title"] and body["type"] == "about:blank"
    assert body["errors"][0]["pointer"] == f"/cards/{index}"
    if isinstance(bad, str):
        assert repr(bad) in body["errors"][0]["detail"]


# --- melds (R10–R12) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards,code,message",
    [
        (["QS", "KS", "AS"], "ace_high", "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King"),
        (["9H", "9S", "9C", "5C"], "set_rank_mismatch", "9♥ 9♠ 9♣ 5♣ is not a set: 5♣ is not a 9"),
        (["KS", "AS", "2S"], "run_wraps", "K♠ A♠ 2♠ is not a run: a run never wraps around from the King to the ace"),
        (["4H", "5H", "6S"], "run_suit_mismatch", "4♥ 5♥ 6♠ is not a run: 6♠ is not a heart"),
        (["5S", "7S", "8S"], "run_gap", "5♠ 7♠ 8♠ is not a run: the ranks are not consecutive, 6♠ is missing"),
        (["QH", "KH"], "too_few_cards", "Q♥ K♥ are not a meld: a meld needs at least three cards"),
        (["QH", "QH", "QD", "QC"], "duplicate_card", "Q♥ is listed twice: there is only one of each card in the deck"),
    ],
)
def test_r12_every_meld_reason_over_http(client, cards, code, message):
    r = check(client, cards)
    assert r["valid"] is False and r["kind"] is None
    assert r["reasons"][0]["code"] == code
    assert r["reasons"][0]["message"] == message


def test_r11_aces_high_or_low_option(client):
    r = check(client, ["AS", "QS", "KS"], rules={"aces": "high_or_low"})
    assert r == {"valid": True, "kind": "run", "cards": ["QS", "KS", "AS"], "reasons": [], "summary": "Q♠ K♠ A♠ is a run of spades"}
    r = check(client, ["KS", "AS", "2S"], rules={"aces": "high_or_low"})
    assert r["reasons"][0]["code"] == "run_wraps"


def test_r10_set_answers_in_suit_order(client):
    assert check(client, ["KS", "KH", "KC", "KD"])["cards"] == ["KC", "KD", "KH", "KS"]


def test_r6_lay_off_several_cards_at_once_and_kind_kept(client):
    r = check(client, ["8S", "4S"], onto=["5S", "6S", "7S"])
    assert r == {
        "valid": True,
        "kind": "run",
        "cards": ["4S", "5S", "6S", "7S", "8S"],
        "reasons": [],
        "summary": "4♠ 8♠ fit 5♠ 6♠ 7♠: 4♠ 5♠ 6♠ 7♠ 8♠ is a run of spades",
    }
    r = check(client, ["5D"], onto=["5S", "6S", "7S"])
    assert [x["code"] for x in r["reasons"]] == ["does_not_fit", "run_suit_mismatch"]
    assert r["reasons"][0]["message"] == "5♦ does not fit 5♠ 6♠ 7♠: 5♦ is not a spade"
    r = check(client, ["AS"], onto=["QS", "JS", "KS"])
    assert [x["code"] for x in r["reasons"]] == ["does_not_fit", "ace_high"]


def test_r6_onto_must_be_a_meld(client):
    r = client.post("/v1/melds/check", json={"cards": ["8S"], "onto": ["5S", "6S", "9S"]})
    assert r.status_code == 422 and r.content_type == PROBLEM
    assert r.get_json()["errors"][0]["pointer"] == "/onto"


# --- hand score (R14, R15) ---------------------------------------------------------------


@pytest.mark.parametrize(
    "preset,rummy,multiplier,points",
    [
        ("standard", False, 1, 30),
        ("standard", True, 2, 60),
        ("two-restocks", True, 2, 60),
        ("basic", True, 1, 30),
        ("basic", False, 1, 30),
    ],
)
def test_r15_going_rummy_doubles_by_preset(client, preset, rummy, multiplier, points):
    r = client.post("/v1/hand-score", json={"remaining": {"ben": ["KC", "QD", "9S", "AC"]}, "rummy": rummy, "rules": {"preset": preset}})
    assert r.get_json() == {"points": points, "by_player": {"ben": 30}, "multiplier": multiplier, "rummy": rummy}


def test_r14_several_opponents_sum(client):
    r = client.post("/v1/hand-score", json={"remaining": {"ben": ["QH", "5S", "AD"], "cy": ["10C", "2C"]}})
    assert r.get_json() == {"points": 28, "by_player": {"ben": 16, "cy": 12}, "multiplier": 1, "rummy": False}


def test_hand_score_refuses_a_card_twice_and_too_many_cards(client):
    r = client.post("/v1/hand-score", json={"remaining": {"ben": ["QH", "5S"], "cy": ["QH"]}})
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["pointer"] == "/remaining/cy/0"
    r = client.post("/v1/hand-score", json={"remaining": {"ben": ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C"], "cy": ["QH"]}})
    assert r.status_code == 422 and "only 7 are dealt" in r.get_json()["errors"][0]["detail"]


# --- rules (R21) -------------------------------------------------------------------------


def test_r21_rules_lists_presets_with_every_value(client):
    body = client.get("/v1/rules").get_json()
    by_name = {p["preset"]: p for p in body["presets"]}
    assert body["default_preset"] == "standard"
    assert set(by_name) == set(PRESETS)
    for name, preset in by_name.items():  # every option of the declaration, each with its value in that preset
        assert preset == {"preset": name, **{o.name: o.preset_value(name) for o in OPTIONS}}
    assert by_name["basic"]["melds_per_turn"] == 1 and by_name["basic"]["going_rummy_doubles"] is False
    assert by_name["basic"]["restock"] == "keep_top" and by_name["basic"]["target_score"] == 100
    assert by_name["two-restocks"]["restock"] == "immediate" and by_name["two-restocks"]["max_restocks"] == 2
    assert by_name["two-restocks"]["dealer_rotation"] == "left" and by_name["two-restocks"]["taken_discard_if_last"] is True
    assert by_name["standard"]["melds_per_turn"] is None and by_name["standard"]["restock"] == "turn_over"


@pytest.mark.parametrize(
    "rules,pointer",
    [
        ({"preset": "gin"}, "/rules/preset"),
        ({"jokers": True}, "/rules/jokers"),
        ({"target_score": 0}, "/rules/target_score"),
        ({"target_score": "100"}, "/rules/target_score"),
        ({"melds_per_turn": 0}, "/rules/melds_per_turn"),
        ({"going_rummy_doubles": 1}, "/rules/going_rummy_doubles"),
        ({"restock": "shuffle"}, "/rules/restock"),
        ({"aces": "high"}, "/rules/aces"),
        ({"max_restocks": -1}, "/rules/max_restocks"),
        ({"deals": 0}, "/rules/deals"),
        ({"dealer_rotation": "right"}, "/rules/dealer_rotation"),
    ],
)
def test_r21_bad_rule_option_is_422_by_path(client, rules, pointer):
    r = client.post("/v1/hand-score", json={"remaining": {"ben": ["KC"]}, "rules": rules})
    assert r.status_code == 422 and r.content_type == PROBLEM
    assert [e["pointer"] for e in r.get_json()["errors"]] == [pointer]


def test_r21_override_on_a_preset(client):
    r = client.post(
        "/v1/hand-score", json={"remaining": {"ben": ["KC"]}, "rummy": True, "rules": {"preset": "basic", "going_rummy_doubles": True}}
    )
    assert r.get_json()["points"] == 20


# --- errors (contract, Errors) -----------------------------------------------------------


@pytest.mark.parametrize(
    "data,content_type,status",
    [
        (b"{", "application/json", 400),
        (b"", "application/json", 400),
        (b"[1, 2]", "application/json", 400),
        (b'"cards"', "application/json", 400),
        (b'{"cards": ["QS"], "cards": ["KS"]}', "application/json", 400),
        (b'{"cards": ["QS"]}', "text/plain", 415),
        (b'{"cards": ["QS"]}', "application/x-www-form-urlencoded", 415),
        (b"\xff\xfe{}", "application/json", 400),
    ],
)
def test_bad_bodies_are_problem_json(client, data, content_type, status):
    r = client.post("/v1/melds/check", data=data, content_type=content_type)
    assert r.status_code == status and r.content_type == PROBLEM
    body = r.get_json()
    assert body["status"] == status and body["detail"]


def test_body_too_large_is_413(client, app):
    big = b'{"cards": ["' + b"Q" * (app.config["MAX_CONTENT_LENGTH"] + 10) + b'"]}'
    r = client.post("/v1/melds/check", data=big, content_type="application/json")
    assert r.status_code == 413 and r.content_type == PROBLEM


def test_deeply_nested_json_is_400(client):
    deep = b'{"cards": ' + b"[" * 1500 + b"]" * 1500 + b"}"  # within the meld check's 4 KiB
    r = client.post("/v1/melds/check", data=deep, content_type="application/json")
    assert r.status_code == 400 and r.content_type == PROBLEM


def test_unknown_path_404_and_wrong_method_405_with_allow(client):
    r = client.get("/v1/nothing")
    assert r.status_code == 404 and r.content_type == PROBLEM
    r = client.get("/v1/melds/check")
    assert r.status_code == 405 and r.content_type == PROBLEM and "POST" in r.headers["Allow"]


def test_missing_and_wrong_type_fields_named(client):
    r = client.post("/v1/melds/check", json={"cardz": ["QS"]})
    pointers = sorted(e["pointer"] for e in r.get_json()["errors"])
    assert r.status_code == 422 and pointers == ["/cards", "/cardz"]
    r = client.post("/v1/melds/check", json={"cards": "QS KS AS"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/cards"


def test_healthz(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}


def test_docs_page_is_served_offline(client):
    page = client.get("/docs")
    assert page.status_code == 200 and b"/docs/swagger-ui-bundle.js" in page.data
    assert b"http" not in page.data  # nothing loaded from another host
    assert client.get("/docs/swagger-ui-bundle.js").status_code == 200
    old = client.get("/docs/index.html")  # the page's address while it was a static file
    assert old.status_code == 301 and old.headers["Location"] == "/docs"


# --- the OpenAPI document ----------------------------------------------------------------


def test_committed_openapi_yaml_is_up_to_date(app):
    committed = (Path(app_module.__file__).parent / "openapi.yaml").read_text()
    assert committed == app_module.openapi_document(app), "openapi.yaml is stale: run `make openapi`"


def test_openapi_served_and_describes_every_endpoint(client):
    spec = yaml.load(client.get("/openapi.yaml").data, Loader=yaml.CSafeLoader)
    assert spec["openapi"].startswith("3.")
    for path in ["/v1/melds/check", "/v1/hand-score", "/v1/deal", "/v1/move", "/v1/legal-moves", "/v1/scorepad", "/v1/rules", "/healthz"]:
        assert path in spec["paths"], path
    assert "application/problem+json" in spec["components"]["responses"]["UNPROCESSABLE_ENTITY"]["content"]


def test_hand_score_a_card_twice_for_one_player_says_so(client):
    r = client.post("/v1/hand-score", json={"remaining": {"ben": ["KC", "kc"]}})
    assert r.status_code == 422
    assert r.get_json()["errors"] == [
        {"pointer": "/remaining/ben/1", "detail": "K♣ is listed twice for ben; there is only one in the deck (R1)"}
    ]


def test_a_hostile_unknown_key_is_echoed_once_not_three_times(client):
    key = "k" * 3_500  # within the meld check's 4 KiB
    r = client.post("/v1/melds/check", json={"cards": ["QS", "KS", "JS"], key: 1})
    body = r.get_json()
    assert r.status_code == 422 and body["errors"][0]["pointer"] == "/" + key
    assert len(r.data) < 5_000  # the pointer names the key; the details shorten it


def test_every_documented_request_example_is_answered_200(client, app):
    """Every example is answered with its documented success (201 for a new table). A sealed
    table's token and seat are per service (its keys): the examples' placeholders are replaced
    by those of a real table of this app (a finished hand for /v1/tables/next)."""
    from tables_support import sealed_placeholders

    spec = yaml.load(client.get("/openapi.yaml").data, Loader=yaml.CSafeLoader)
    seen: dict[str, int] = {}
    for path, item in spec["paths"].items():
        body = item.get("post", {}).get("requestBody")
        if not body:
            continue
        success = min(int(code) for code in item["post"]["responses"] if code.startswith("2"))
        for name, example in body["content"]["application/json"].get("examples", {}).items():
            value = sealed_placeholders(app, path, example["value"])
            r = client.post(path, json=value)
            if path == "/v1/tables/pledge" and app.extensions["rummy_tables"].store is None:
                assert r.status_code == 409, r.get_json()  # no store, no pledge (RUMMY_TABLE_STORE=none)
            else:
                assert r.status_code == success, (path, name, r.get_json())
            seen[path] = seen.get(path, 0) + 1
    # Every POST operation of the document has at least one example, and each was answered (the
    # document's own list of operations: a new endpoint is expected here with its examples).
    assert set(seen) == {path for path, item in spec["paths"].items() if "post" in item}
    assert seen["/v1/melds/check"] == 3 and seen["/v1/tables"] == 3  # a path's several examples each sent
    r = client.post("/v1/melds/check", json={"cards": ["Q♠", "K♠", "A♠"]})
    assert r.get_json()["reasons"][0]["code"] == "ace_high"


# --- the summary sentence of /v1/melds/check (contract: one sentence, for a valid meld too) ---


@pytest.mark.parametrize(
    "body, summary",
    [
        ({"cards": ["5S", "6S", "7S"]}, "5♠ 6♠ 7♠ is a run of spades"),
        ({"cards": ["8S", "8H", "8D"]}, "8♦ 8♥ 8♠ is a set of 8s"),
        ({"cards": ["QH", "QC", "QS"]}, "Q♣ Q♥ Q♠ is a set of queens"),
        ({"cards": ["QS", "KS", "AS"]}, "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King"),
        ({"cards": ["8S"], "onto": ["5S", "6S", "7S"]}, "8♠ fits 5♠ 6♠ 7♠: 5♠ 6♠ 7♠ 8♠ is a run of spades"),
        ({"cards": ["AC"], "onto": ["AS", "AD", "AH"]}, "A♣ fits A♦ A♥ A♠: A♣ A♦ A♥ A♠ is a set of aces"),
        ({"cards": ["5D"], "onto": ["5S", "6S", "7S"]}, "5♦ does not fit 5♠ 6♠ 7♠: 5♦ is not a spade"),
    ],
)
def test_melds_check_summary_is_one_sentence_for_players(client, body, summary):
    r = client.post("/v1/melds/check", json=body).get_json()
    assert r["summary"] == summary
    if not r["valid"]:
        assert r["summary"] == r["reasons"][0]["message"]


def test_r21_rules_document_serves_what_the_pages_show(client):
    body = client.get("/v1/rules").get_json()
    assert body["limits"]["players"] == {"minimum": 2, "maximum": 6}
    assert body["limits"]["hand_sizes"] == [{"players": n, "cards": c} for n, c in [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)]]
    assert body["limits"]["target_score"] == {"minimum": 1, "maximum": 100000}
    assert body["bot_levels"] == [
        {"level": "easy", "label": "Easy"},
        {"level": "medium", "label": "Medium"},
        {"level": "hard", "label": "Hard"},
    ]
    assert [n["label"] for n in body["preset_notes"]] == ["Basic", "Standard", "Two restocks"]
    options = {o["name"]: o for o in body["options"]}
    assert list(options) == [k for k in body["presets"][0] if k != "preset"]
    assert options["aces"]["rule"] == "R11"
    assert [v["value"] for v in options["aces"]["values"]] == ["low", "high_or_low"]
    assert options["melds_per_turn"]["defaults"] == {"basic": 1, "standard": None, "two-restocks": None}
    assert (options["max_restocks"]["minimum"], options["max_restocks"]["maximum"], options["max_restocks"]["allows_null"]) == (
        0,
        1000,
        True,
    )
    basic = {d["option"]: d["sentence"] for d in body["preset_notes"][0]["described"]}
    assert basic["melds_per_turn"] == "A player may lay down at most one meld in a turn; laying off is not limited."
