"""Languages (issue 36): every sentence through the catalogs, every catalog complete, the
generated files current, and the language of an answer chosen as docs/languages.md says."""

from __future__ import annotations

import os
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from referee.reasons import code_examples, summary_examples
from referee.speech import LANGUAGES, PSEUDO, Sentence, language, render, say, say_n

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import catalogs  # noqa: E402

TRANSLATED = [t for t in LANGUAGES if t != "en"]
KEYWORDS = {"say": None, "say_n": (1, 2), "term": ((1, "c"), 2), "say_in": ((1, "c"), 2)}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def entries(tag: str):
    with open(catalogs.po_path(tag), "rb") as f:
        return [m for m in read_po(f, locale=tag.replace("-", "_")) if m.id]


@pytest.mark.parametrize("tag", TRANSLATED)
def test_every_msgid_has_a_translation_with_the_same_placeholders(tag):
    with open(catalogs.POT, "rb") as f:
        wanted = {(m.context, m.id) for m in read_po(f) if m.id}
    found = entries(tag)
    assert {(m.context, m.id) for m in found} == wanted, "run `make extract`, then translate what it adds"
    faults = []
    for m in found:
        english = m.id if isinstance(m.id, str) else m.id[0]
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        for form in forms:
            if not form:
                faults.append(f"untranslated: {english!r}")
            elif placeholders(form) - {"count"} != placeholders(english) - {"count"}:
                faults.append(f"placeholders differ: {english!r} -> {form!r}")
    assert not faults, "\n".join(faults)


def test_the_template_holds_every_sentence_of_the_code():
    """locales/messages.pot is what `make extract` makes of the code today (a sentence added
    with say() and not extracted fails here)."""
    method_map = [("referee/**.py", "python"), ("schemas/**.py", "python"), ("web/**.py", "python"), ("tables/**.py", "python")]
    extracted = set()
    for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, keywords=KEYWORDS):
        extracted.add((context, message))
    with open(catalogs.POT, "rb") as f:
        template = {(m.context, m.id) for m in read_po(f) if m.id}
    assert template == extracted, "run `make extract`"


def test_generated_files_are_current():
    """The .mo files, the pseudo-locale, static/i18n/*.json and docs/languages.md's table are
    what tools/catalogs.py makes of the catalogs (`make catalogs`)."""
    stale = [str(p.relative_to(ROOT)) for p, data in catalogs.generated().items() if not p.exists() or p.read_bytes() != data]
    assert not stale, f"run `make catalogs`: {stale}"


def every_example() -> list[tuple[str, Sentence]]:
    made = [(f"reason {code.value}", r.message) for code, r in code_examples().items()]
    return made + [(f"summary {kind}", s) for kind, s in summary_examples().items()]


# Words the pseudo-locale leaves as they are: names and meld ids of the example positions, and
# English's own list word (CLDR's "and" of the en locale the pseudo-locale uses).
_LEFT_AS_IS = {"ana", "ben", "and"}


@pytest.mark.parametrize("name,sentence", every_example(), ids=[n for n, _ in every_example()])
def test_every_example_goes_through_the_catalogs(name, sentence):
    """Said in the pseudo-locale, no English word is left: every clause came from a catalog."""
    assert isinstance(sentence, Sentence), f"{name} is a plain str, not a sentence"
    pseudo = render(sentence, language(PSEUDO))
    assert pseudo.startswith("⟦") and pseudo.endswith("⟧"), pseudo
    english = set(re.findall(r"[A-Za-z]{3,}", pseudo)) - _LEFT_AS_IS
    assert not english, f"{name}: {sorted(english)} not from a catalog in {pseudo!r}"


@pytest.mark.parametrize("tag", TRANSLATED)
def test_no_example_is_left_in_english(tag):
    lang = language(tag)
    for name, sentence in every_example():
        said = render(sentence, lang)
        assert said != str(sentence), f"{tag} {name}: {said}"


def test_english_is_the_sentence_itself():
    s = code_examples()[next(iter(code_examples()))].message
    assert render(s, language("en")) is s and render(s, None) is s


def test_spanish_refusal_of_an_ace_high_run():
    reason = code_examples()[next(c for c in code_examples() if c.value == "ace_high")]
    assert render(reason.message, language("es")) == (
        "Q♠ K♠ A♠ no es una escalera: los ases son bajos, así que una escalera termina en el rey"
    )


def test_each_language_says_a_rank_mismatch_with_its_own_words():
    reason = next(r for c, r in code_examples().items() if c.value == "set_rank_mismatch")
    assert [render(reason.message, language(t)) for t in TRANSLATED] == [
        "9♥ 9♠ 9♣ 5♣ no es un grupo: 5♣ no es un 9",
        "9♥ 9♠ 9♣ 5♣ n'est pas un groupe : 5♣ n'est pas un 9",
        "9♥ 9♠ 9♣ 5♣ ist kein Satz: 5♣ ist keine 9",
        "9♥ 9♠ 9♣ 5♣ não é uma trinca: 5♣ não é um 9",
        "9♥ 9♠ 9♣ 5♣ — не группа: 5♣ — не девятка",
    ]


def test_plural_forms_follow_cldr():
    """Russian has three forms (1, 2-4, 5+; 21 like 1), French counts 0 as one."""
    cards = [say_n("{count} card", "{count} cards", n) for n in (1, 2, 5, 21, 0)]
    assert [render(c, language("ru")) for c in cards] == ["1 карта", "2 карты", "5 карт", "21 карта", "0 карт"]
    assert [render(c, language("fr")) for c in cards] == ["1 carte", "2 cartes", "5 cartes", "21 cartes", "0 carte"]
    assert [str(c) for c in cards] == ["1 card", "2 cards", "5 cards", "21 cards", "0 cards"]


def test_numbers_as_each_language_writes_them():
    big = say_n("{count} card", "{count} cards", 12345)
    assert str(big) == "12345 cards"  # English as the core always wrote it
    assert render(big, language("de")) == "12.345 Karten"
    assert render(big, language("fr")) == "12\u202f345 cartes"
    assert render(big, language("ru")) == "12\xa0345 карт"


def test_ordinals_and_their_gender():
    from referee.speech import Ordinal, _render

    es = language("es")
    assert [es.ordinal(3, "f"), es.ordinal(3, "m"), language("fr").ordinal(1, "f"), language("fr").ordinal(2)] == [
        "3.ª",
        "3.º",
        "1re",
        "2e",
    ]
    assert [language("ru").ordinal(3, g) for g in "mfn"] == ["3-й", "3-я", "3-е"]
    assert str(say("the {nth} card", nth=Ordinal(3))) == "the 3rd card"
    assert _render(say("the {nth} card", nth=Ordinal(3)), es) == "the {nth} card".format(nth="3.º")  # no catalog entry: msgid


def test_browser_catalog_says_what_the_service_says():
    """static/i18n/es.json holds the same translation, its plural rule and list patterns."""
    import json

    doc = json.loads((ROOT / "static" / "i18n" / "es.json").read_text(encoding="utf-8"))
    assert doc["lang"] == "es" and doc["plural"]["nplurals"] == 3
    assert doc["messages"]["aces are low, so a run stops at the King"] == "los ases son bajos, así que una escalera termina en el rey"
    assert doc["messages"]["rank, plural\u0004kings"] == "reyes"
    assert doc["messages"]["{count} card\u0000{count} cards"] == ["{count} carta", "{count} de cartas", "{count} cartas"]
    assert doc["list"]["end"] == "{0} y {1}"


# --- the API ------------------------------------------------------------------------------------

ACE_HIGH = {"cards": ["QS", "KS", "AS"]}


@pytest.fixture(scope="module")
def client():
    os.environ.setdefault("RUMMY_SEAL_KEYS", "MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDE=")
    import app

    return app.create_app({"TESTING": True}).test_client()


def check(client, query="", **headers):
    return client.post(f"/v1/melds/check{query}", json=ACE_HIGH, headers=headers)


def test_english_when_no_language_is_asked(client):
    r = check(client)
    assert r.headers["Content-Language"] == "en"
    assert "Accept-Language" in r.headers["Vary"]
    assert r.get_json()["summary"] == "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King"


@pytest.mark.parametrize(
    "accept,used",
    [
        ("es", "es"),
        ("es-MX", "es"),
        ("pt", "pt-BR"),
        ("pt-br", "pt-BR"),
        ("fr-CA;q=0.9, ru;q=0.8", "fr"),
        ("ja, ru;q=0.5, de;q=0.7", "de"),
        ("ja, zh", "en"),
        ("*", "en"),
    ],
)
def test_accept_language_chooses_with_quality_values_and_fallbacks(client, accept, used):
    assert check(client, **{"Accept-Language": accept}).headers["Content-Language"] == used


def test_lang_parameter_wins_over_the_header(client):
    r = check(client, "?lang=ru", **{"Accept-Language": "es"})
    assert r.headers["Content-Language"] == "ru"
    body = r.get_json()
    assert body["reasons"][0]["code"] == "ace_high" and body["reasons"][0]["rule"] == "R11"
    assert (
        body["reasons"][0]["message"]
        == body["summary"]
        == ("Q♠ K♠ A♠ — не последовательность: тузы младшие, поэтому последовательность заканчивается на короле")
    )
    assert check(client, "?lang=PT_br").headers["Content-Language"] == "pt-BR"


def test_unknown_lang_is_a_problem_naming_the_parameter(client):
    r = check(client, "?lang=xx")
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["errors"] == [
        {"parameter": "lang", "detail": "lang: 'xx' is not a language of this service; use one of en, es, fr, de, pt-BR, ru"}
    ]


def test_problems_are_said_in_the_language(client):
    r = client.post("/v1/melds/check?lang=de", json={"cards": ["QS", "KS", "ZZ"]})
    assert r.status_code == 422 and r.headers["Content-Language"] == "de"
    assert r.get_json()["errors"][0]["detail"].startswith("'ZZ' ist keine Karte: schreib den Wert")
    r = client.get("/v1/nowhere?lang=fr")
    assert (
        r.status_code == 404
        and r.get_json()["detail"] == "il n'y a pas de '/v1/nowhere' ici ; les chemins de l'API sont dans /openapi.yaml"
    )


def test_a_move_summary_in_spanish(client):
    from referee.notation import parse_position
    from schemas.wire import to_json

    state = parse_position("ana:8H 4H 2C 6D / ben:8D 3C 3D KH | - | QD | KC ... | ana draw")
    r = client.post(
        "/v1/move?lang=es",
        json={"state": to_json(state), "moves": [{"player": "ana", "action": "draw", "source": "discard"}]},
    )
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["summary"] == "ana tomó Q♦ de la pila de descartes y ahora puede bajar o colocar, y luego descartar"


def test_rules_list_the_languages(client):
    r = client.get("/v1/rules")
    assert [lang["tag"] for lang in r.get_json()["languages"]] == ["en", "es", "fr", "de", "pt-BR", "ru"]
    assert r.get_json()["languages"][4]["name"] == "português (Brasil)"


def test_a_sealed_table_speaks_to_its_seat_in_spanish(client):
    made = client.post("/v1/tables?lang=es", json={"players": ["ana", "bob"], "seat": "ana", "dealer": "bob"}).get_json()
    assert made["summary"] == "Te toca: roba"
    table, seat = made["table"], made["seats"]["ana"]
    drew = client.post("/v1/tables/move?lang=es", json={"table": table, "seat": seat, "move": {"action": "draw", "source": "stock"}})
    assert drew.headers["Content-Language"] == "es"
    assert drew.get_json()["summary"] == "Robaste del mazo; ahora puedes bajar o colocar, y luego descartar"
    again = client.post(
        "/v1/tables/move?lang=es", json={"table": drew.get_json()["table"], "seat": seat, "move": {"action": "draw", "source": "stock"}}
    )
    assert again.get_json()["summary"] == "Ana ya ha robado en este turno: se roba una vez por turno"
    english = client.post(
        "/v1/tables/move", json={"table": drew.get_json()["table"], "seat": seat, "move": {"action": "draw", "source": "stock"}}
    )
    assert english.get_json()["summary"] == "You have already drawn this turn: one draw per turn"


# marshmallow's wording of a field that is missing or of the wrong type: English as it was, other
# languages through the catalogs, the field named by its path (field names stay as they are).
FIELD_FAULTS = [
    ({"players": ["ana", "bob"], "seed": "7"}, "/seed"),
    ({"seed": 1}, "/players"),
    ({"players": "ana bob"}, "/players"),
    ({"players": ["ana", "bob"], "seed": -1}, "/seed"),
    ({"players": ["ana", "bob"], "seed": 1, "zzz": 1}, "/zzz"),
]


def field_details(client, lang):
    out = []
    for body, where in FIELD_FAULTS:
        r = client.post(f"/v1/deal?lang={lang}", json=body)
        assert r.status_code == 422 and r.headers["Content-Language"] == lang
        (error,) = r.get_json()["errors"]
        assert error["pointer"] == where
        out.append(error["detail"])
    return out


def test_field_faults_in_english_are_as_they_were(client):
    details = field_details(client, "en")
    assert details[:3] == [
        "the seed must be a whole number",
        "the list of players is missing: it is required",
        "the list of players must be a list, in square brackets",
    ]
    assert details[3].startswith("the seed must be from 0 to ")
    assert details[4] == "'zzz' is not a field here"


def test_field_faults_in_spanish_and_russian(client):
    es = field_details(client, "es")
    assert es[:3] == [
        "el campo «seed» debe ser un número entero",
        "falta el campo «players», que es obligatorio",
        "el campo «players» debe ser una lista, entre corchetes",
    ]
    assert es[3].startswith("el campo «seed» debe estar entre 0 y ")
    assert es[4] == "'zzz' no es un campo aquí"
    ru = field_details(client, "ru")
    assert ru[:3] == [
        "поле «seed» должно быть целым числом",
        "поле «players» отсутствует, хотя обязательно",
        "поле «players» должно быть списком в квадратных скобках",
    ]
    assert ru[3].startswith("поле «seed» должно быть от 0 до ")
    assert ru[4] == "'zzz' — здесь нет такого поля"


def test_field_faults_leave_no_english_in_the_pseudo_locale(client):
    for detail in field_details(client, PSEUDO):
        assert detail.startswith("⟦") and detail.endswith("⟧"), detail
        # only the field's path, the echoed key and the numbers stay unaccented
        words = re.sub(r"seed|players|'zzz'|[\d ]", "", detail)
        assert not re.search(r"[a-z]{3,}", words), detail


def rules_words(document):
    """Every label and sentence of a /v1/rules document (what people read), in order."""
    out = []
    for note in document["preset_notes"]:
        out += [note["label"], note["character"], *(d["sentence"] for d in note["described"])]
    for option in document["options"]:
        out += [option["label"], option["sentence"], *(v for v in option["sentences"].values() if v)]
        out += [option["null_means"]] if option["null_means"] else []
        for value in option["values"]:
            out += [value["label"], value["sentence"]]
    return out + [level["label"] for level in document["bot_levels"]]


def test_rules_document_in_spanish_and_russian(client):
    es = client.get("/v1/rules?lang=es").get_json()
    aces = next(o for o in es["options"] if o["name"] == "aces")
    assert aces["label"] == "Ases"
    assert [v["label"] for v in aces["values"]] == ["Bajos", "Altos o bajos"]
    standard = next(n for n in es["preset_notes"] if n["preset"] == "standard")
    assert standard["label"] == "Estándar"
    target = next(d["sentence"] for d in standard["described"] if d["option"] == "target_score")
    assert target.startswith("La partida termina cuando un jugador llega a 100 puntos; gana el total más alto")
    ru = client.get("/v1/rules", headers={"Accept-Language": "ru"}).get_json()
    restocks = next(o for o in ru["options"] if o["name"] == "max_restocks")
    assert restocks["label"] == "Пересборов за раздачу"
    assert restocks["sentences"]["other"].startswith("Пересборов колоды за раздачу — не больше {n};")
    two = next(n for n in ru["preset_notes"] if n["preset"] == "two-restocks")
    assert two["label"] == "Два пересбора"
    assert next(d["sentence"] for d in two["described"] if d["option"] == "max_restocks").startswith(
        "Пересборов колоды за раздачу — не больше 2;"
    )
    assert [level["label"] for level in ru["bot_levels"]] == ["Лёгкий", "Средний", "Сложный"]
    # values and names of options stay as they are
    assert [o["name"] for o in ru["options"]] == [o["name"] for o in client.get("/v1/rules").get_json()["options"]]


def test_rules_document_leaves_no_english_in_the_pseudo_locale(client):
    english = rules_words(client.get("/v1/rules").get_json())
    pseudo = rules_words(client.get(f"/v1/rules?lang={PSEUDO}").get_json())
    assert len(pseudo) == len(english) > 60
    assert [w for w in pseudo if not (w.startswith("⟦") and w.endswith("⟧"))] == []
