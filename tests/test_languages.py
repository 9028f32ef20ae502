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
from moves_support import three_players

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
    method_map = [
        ("referee/**.py", "python"),
        ("schemas/**.py", "python"),
        ("web/**.py", "python"),
        ("tables/**.py", "python"),
        ("*_api.py", "python"),
    ]
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


# Each language's details in FIELD_FAULTS' order but the seed's range, which ends in the largest
# seed written the language's way: only its words before the number are compared.
@pytest.mark.parametrize(
    ("lang", "details", "seed_range"),
    [
        pytest.param(
            "en",
            [
                "the seed must be a whole number",
                "the list of players is missing: it is required",
                "the list of players must be a list, in square brackets",
                "'zzz' is not a field here",
            ],
            "the seed must be from 0 to ",
            id="english-as-it-was",
        ),
        pytest.param(
            "es",
            [
                "el campo «seed» debe ser un número entero",
                "falta el campo «players», que es obligatorio",
                "el campo «players» debe ser una lista, entre corchetes",
                "'zzz' no es un campo aquí",
            ],
            "el campo «seed» debe estar entre 0 y ",
            id="spanish",
        ),
        pytest.param(
            "ru",
            [
                "поле «seed» должно быть целым числом",
                "поле «players» отсутствует, хотя обязательно",
                "поле «players» должно быть списком в квадратных скобках",
                "'zzz' — здесь нет такого поля",
            ],
            "поле «seed» должно быть от 0 до ",
            id="russian",
        ),
    ],
)
def test_field_faults_in_each_language(client, lang, details, seed_range):
    said = field_details(client, lang)
    assert said[:3] + said[4:] == details
    assert said[3].startswith(seed_range), said[3]


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


# --- the rest of the answers (issue 36): /v1/verify, impossible rules, a list's or a name's own
# limits, the body's framing, a dealer's refusal, the problem's title -----------------------------


def problem_of(client, lang, path, body=None, raw=None):
    """The problem document of a request that is refused, asked in ``lang``."""
    if raw is not None:
        r = client.post(f"{path}?lang={lang}", data=raw, content_type="application/json")
    else:
        r = client.post(f"{path}?lang={lang}", json=body)
    assert r.status_code in (400, 422) and r.headers["Content-Language"] == lang, (r.status_code, r.get_json())
    return r.get_json()


def test_problem_title_in_the_language_type_and_status_as_they_are(client):
    en = problem_of(client, "en", "/v1/deal", {"players": ["ana", ""]})
    es = problem_of(client, "es", "/v1/deal", {"players": ["ana", ""]})
    ru = problem_of(client, "ru", "/v1/deal", {"players": ["ana", ""]})
    assert en["title"] == "Unprocessable Entity"  # Python's phrase for 422, as before
    assert (es["title"], ru["title"]) == ("Contenido no procesable", "Необрабатываемое содержимое")
    assert {(p["type"], p["status"]) for p in (en, es, ru)} == {("about:blank", 422)}
    bad = problem_of(client, "es", "/v1/deal", raw=b"[1, 2]")
    assert (bad["title"], bad["status"]) == ("Petición incorrecta", 400)
    missing = client.get("/v1/nowhere", headers={"Accept-Language": "ru"}).get_json()
    assert (missing["title"], missing["status"]) == ("Не найдено", 404)


# Each refusal of the rest: the request, then its detail in English (as it was), Spanish, Russian.
REST = [
    (
        "/v1/deal",
        {"players": ["ana", ""]},
        None,
        "player 2 must not be empty",
        "el campo «players/1» no debe estar vacío",
        "поле «players/1»: не должно быть пустым",
    ),
    (
        "/v1/deal",
        {"players": ["Ana", "Аna"]},
        None,
        "Ana and Аna name the same player (R2a): 'A' (U+0041, LATIN CAPITAL LETTER A) and 'А' (U+0410, CYRILLIC CAPITAL LETTER A) look alike",
        "Ana y Аna nombran al mismo jugador (R2a): 'A' (U+0041, letra mayúscula del alfabeto latino) y 'А' (U+0410, letra mayúscula del alfabeto cirílico) se parecen",
        "Ana и Аna — один и тот же игрок (R2a): 'A' (U+0041, заглавная буква (латиница)) и 'А' (U+0410, заглавная буква (кириллица)) выглядят одинаково",
    ),
    (
        "/v1/deal",
        {"players": ["ana", "b\u200bb"]},
        None,
        "player 2 contains the invisible character U+200B (ZERO WIDTH SPACE), which would make two names that look alike; type the name again without it",
        "el campo «players/1» contiene el carácter invisible U+200B (carácter de formato, que no se ve), que haría que dos nombres parecieran iguales; escribe el nombre de nuevo sin él",
        "поле «players/1»: содержит невидимый символ U+200B (символ форматирования, который не отображается), из-за которого два имени выглядели бы одинаково; наберите имя заново без него",
    ),
    (
        "/v1/deal",
        {"players": ["ana", "ben", "cy", "dee", "eve", "fay", "gus"]},
        None,
        "a game has 2 to 6 players; this one has 7",
        "una partida tiene de 2 a 6 jugadores; esta tiene 7",
        "в партии от 2 до 6 игроков; здесь 7",
    ),
    (
        "/v1/melds/check",
        {"cards": ["2C"] * 53},
        None,
        "the cards must have at most 52 cards; this has 53",
        "el campo «cards» debe tener como máximo 52 cartas; tiene 53",
        "поле «cards»: должно быть не больше 52 карт; сейчас 53",
    ),
    (
        "/v1/deal",
        {"players": ["ana", "ben"], "dealer": "zed"},
        None,
        "dealer 'zed' is not one of the players",
        "repartidor: 'zed' no es uno de los jugadores",
        "сдающий: 'zed' не является одним из игроков",
    ),
    (
        "/v1/scorepad",
        {"players": ["ana", "ben"], "first_dealer": "zed"},
        None,
        "first dealer 'zed' is not one of the players",
        "primer repartidor: 'zed' no es uno de los jugadores",
        "первый сдающий: 'zed' не является одним из игроков",
    ),
    (
        "/v1/deal",
        None,
        b"[1, 2]",
        "the body must be a JSON object, not an array",
        "el cuerpo debe ser un objeto JSON, no un array",
        "тело запроса должно быть объектом JSON, а здесь массив",
    ),
    (
        "/v1/deal",
        None,
        b'{"players": ["ana", "ben"], "players": ["cy", "dee"]}',
        "the key 'players' appears twice in one JSON object; send it once",
        "la clave 'players' aparece dos veces en un mismo objeto JSON; envíala una sola vez",
        "ключ 'players' встречается в одном объекте JSON дважды; отправьте его один раз",
    ),
    (
        "/v1/deal",
        None,
        b" ",
        "the request body is empty: send a JSON object",
        "el cuerpo de la petición está vacío: envía un objeto JSON",
        "тело запроса пустое: отправьте объект JSON",
    ),
    (
        "/v1/deal",
        None,
        b'{"players": "\xff"}',
        "the body is not valid JSON: JSON is UTF-8 text, and byte 13 (0xFF) is not UTF-8",
        "el cuerpo no es JSON válido: JSON es texto UTF-8, y el byte 13 (0xFF) no es UTF-8",
        "тело запроса — не корректный JSON: JSON — это текст в UTF-8, а байт 13 (0xFF) не UTF-8",
    ),
]


@pytest.mark.parametrize("path,body,raw,en,es,ru", REST, ids=[r[3][:40] for r in REST])
def test_the_rest_in_english_spanish_and_russian(client, path, body, raw, en, es, ru):
    for lang, said in (("en", en), ("es", es), ("ru", ru)):
        assert problem_of(client, lang, path, body, raw)["detail"] == said


@pytest.mark.parametrize("path,body,raw", [r[:3] for r in REST], ids=[r[3][:40] for r in REST])
def test_the_rest_leaves_no_english_in_the_pseudo_locale(client, path, body, raw):
    problem = problem_of(client, PSEUDO, path, body, raw)
    for said in [problem["title"], problem["detail"], *(e["detail"] for e in problem.get("errors", ()))]:
        assert said.startswith("⟦") and said.endswith("⟧"), said
        # what stays as sent: names, field paths, quoted keys and the Unicode code points
        words = re.sub(r"players/1|'players'|'zed'|Ana|Аna|cards|\bana\b|U\+[0-9A-F]{4}|0x[0-9A-F]{2}", "", said)
        assert not re.search(r"[A-Za-z]{3,}", words), said


def test_an_impossible_rules_object_in_spanish_and_russian():
    from referee.errors import InvalidInput
    from referee.rules import OPTION_NAMES, resolve_rules

    with pytest.raises(InvalidInput) as refused:
        resolve_rules({"target_score": 0, "melds_per_turn": "x", "zz": 1})
    target, melds, unknown = (p.message for p in refused.value.problems)
    assert target == "target_score must be a whole number from 1 to 100000"  # English as it was
    assert render(target, language("es")) == "target_score debe ser un número entero de 1 a 100.000"
    assert render(target, language("ru")) == "target_score должно быть целым числом от 1 до 100\xa0000"
    assert render(melds, language("es")) == "melds_per_turn debe ser un número entero de 1 a 100, o null para no poner límite"
    assert render(unknown, language("ru")).startswith("неизвестный параметр правил 'zz'; параметры: melds_per_turn, ")
    names = "|".join(sorted(OPTION_NAMES, key=len, reverse=True))
    for message in (target, melds, unknown):
        pseudo = render(message, language(PSEUDO))
        assert not re.search(r"[A-Za-z]{3,}", re.sub(rf"{names}|'zz'", "", pseudo)), pseudo


@pytest.fixture(scope="module")
def revealed_hand():
    """A finished hand of a sealed table, as ``result.fairness`` writes it (tests/fairness_support.py)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from fairness_support import bot_hand

    from referee.fairness import reveal
    from schemas.wire import to_json

    game, fair = bot_hand(3)
    return to_json(reveal(fair, game.players, game.state.dealer, game.rules, game.events))


def verify_summaries(client, lang, fairness):
    """/v1/verify's summary of the hand, of its seed changed, of two cards of its deck swapped and
    of a move out of order, with the dealer expected (the hand's own, then another)."""
    import copy
    import hashlib

    seed = copy.deepcopy(fairness)
    seed["seed"] = hashlib.sha256(bytes.fromhex(seed["seed"])).hexdigest()
    swapped = copy.deepcopy(fairness)
    swapped["deck"][3], swapped["deck"][40] = swapped["deck"][40], swapped["deck"][3]
    moved = copy.deepcopy(fairness)
    moves = moved["record"]["moves"]
    i = next(k for k, m in enumerate(moves) if m["action"] == "discard" and k > 4)
    moves[i - 1], moves[i] = moves[i], moves[i - 1]
    dealer = fairness["record"]["dealer"]
    bodies = [
        {"fairness": fairness, "expect": {"dealer": dealer}},
        {"fairness": seed},
        {"fairness": swapped},
        {"fairness": moved},
        {"fairness": fairness, "expect": {"dealer": "nobody"}},
    ]
    out = []
    for body in bodies:
        r = client.post(f"/v1/verify?lang={lang}", json=body)
        assert r.status_code == 200 and r.headers["Content-Language"] == lang
        out.append(r.get_json()["summary"])
    return out


def test_verify_in_spanish_and_russian(client, revealed_hand):
    en = verify_summaries(client, "en", revealed_hand)
    assert en[0].startswith("Verified: the seed matches the commitment, the deck follows from the seed and the entropy, the deal")
    assert en[0].endswith("; p3 went out. It is the hand you know: the dealer match.")
    es = verify_summaries(client, "es", revealed_hand)
    assert es[0] == (
        "Verificado: la semilla corresponde al compromiso, la baraja sale de la semilla y la entropía, el reparto y las 20 cartas "
        "robadas del mazo salieron de esa baraja, y las 42 jugadas fueron válidas; p3 cerró. Es la mano que conoces: coinciden el repartidor."
    )
    assert es[1].startswith("No verificado: la semilla no corresponde al compromiso: su SHA-256 es ")
    assert es[2] == (
        "No verificado: las cartas 4.ª y 41.ª de la baraja (4♦ y 8♦) están intercambiadas: "
        "la semilla y la entropía ponen 8♦ en 4.º lugar y 4♦ en 41.º lugar."
    )
    assert es[3] == (
        "No verificado: la jugada 5 (p1 descarta Q♦) no es válida después de las anteriores: "
        "p1 debe robar una carta antes de bajar, colocar o descartar."
    )
    assert es[4] == "No verificado: el registro dice que repartió p3, no nobody."
    ru = verify_summaries(client, "ru", revealed_hand)
    assert ru[0].startswith("Подтверждено: зерно соответствует обязательству (commitment), колода получается из зерна и энтропии, ")
    assert ru[0].endswith("и все ходы (42) были допустимы; игрок p3 вышел. Это известная вам раздача: совпадают сдающий.")
    assert ru[2] == "Не подтверждено: 4-я и 41-я карты колоды (4♦ и 8♦) переставлены: по зерну и энтропии 8♦ — 4-я карта, а 4♦ — 41-я."
    assert ru[4] == "Не подтверждено: по записи сдавал игрок p3, а не nobody."


def test_verify_leaves_no_english_in_the_pseudo_locale(client, revealed_hand):
    for said in verify_summaries(client, PSEUDO, revealed_hand):
        assert said.startswith("⟦") and said.endswith("⟧"), said
        # hashes, names and English ordinals (the pseudo-locale's numbers are English) stay
        words = re.sub(r"[0-9a-f]{16}|\bp\d\b|nobody|\d+(st|nd|rd|th)\b", "", said)
        assert not re.search(r"[A-Za-z]{3,}", words), said


def test_sealed_tables_refusals_in_spanish_and_russian_and_no_english_in_the_pseudo_locale(client):
    made = client.post("/v1/tables", json={"players": ["ana", "ben"], "bots": {"ben": "easy"}}).get_json()
    asks = [
        ("/v1/tables/view", {"table": "nonsense"}),
        ("/v1/tables/next", {"table": made["table"], "seat": made["seats"]["ana"]}),
        ("/v1/tables/view", {"table": made["table"], "seat": "x" * 20}),
    ]
    said = {}
    for lang in ("en", "es", "ru", PSEUDO):
        said[lang] = []
        for path, body in asks:
            r = client.post(f"{path}?lang={lang}", json=body)
            assert r.status_code in (403, 409, 422) and r.headers["Content-Language"] == lang
            said[lang].append((r.get_json()["title"], r.get_json()["detail"]))
    assert said["en"] == [
        ("Unprocessable Entity", "this is not a table of this service: use the table token the last answer gave"),
        ("Conflict", "hand 1 is still being played: the next hand is dealt when it ends"),
        ("Forbidden", "this seat is not a seat at this table"),
    ]
    assert said["es"] == [
        ("Contenido no procesable", "esta no es una mesa de este servicio: usa el token de mesa que dio la última respuesta"),
        ("Conflicto", "la mano 1 aún se está jugando: la siguiente se reparte cuando termine"),
        ("Prohibido", "este asiento no es un asiento de esta mesa"),
    ]
    assert said["ru"] == [
        ("Необрабатываемое содержимое", "это не стол этого сервиса: используйте токен стола из последнего ответа"),
        ("Конфликт", "раздача 1 ещё идёт: следующую сдают, когда она закончится"),
        ("Запрещено", "это место не принадлежит этому столу"),
    ]
    for title, detail in said[PSEUDO]:
        for text in (title, detail):
            assert text.startswith("⟦") and text.endswith("⟧") and not re.search(r"[A-Za-z]{3,}", text), text


@pytest.mark.parametrize("seconds,es,ru", [(86400, "1 día", "1 день"), (7200, "2 horas", "2 часа"), (300, "5 minutos", "5 минут")])
def test_a_table_expiry_says_its_lifetime_in_the_language(seconds, es, ru):
    from tables.seal import _duration

    said = _duration(seconds)
    assert (render(said, language("es")), render(said, language("ru"))) == (es, ru)
    assert str(said) == {86400: "1 day", 7200: "2 hours", 300: "5 minutes"}[seconds]


MALFORMED = {
    "players": [{"id": "ana", "hand": ["2C", "2C"]}, {"id": "ben", "hand": []}],
    "stock": [],
    "discard": ["3C"],
    "melds": [{"id": "m1", "cards": ["4C", "5C", "6C"], "kind": "set"}],
    "turn": {"player": "ana", "phase": "draw", "taken_discard": "3C"},
    "status": "draw",
}


def test_a_malformed_state_in_spanish_and_russian_and_no_english_in_the_pseudo_locale(client):
    said = {}
    for lang in ("en", "es", "ru", PSEUDO):
        r = client.post(f"/v1/legal-moves?lang={lang}", json={"state": MALFORMED})
        assert r.status_code == 422
        said[lang] = [e["detail"] for e in r.get_json()["errors"]]
    assert said["en"][:2] == ["meld 'm1' is a run, not a set", "2♣ (2C) is on the table twice: also in ana's hand (card 1) (R1)"]
    assert said["es"][:3] == [
        "la combinación 'm1' es una escalera, no un grupo",
        "2♣ (2C) está dos veces en la mesa: también en la mano de ana (carta 1) (R1)",
        "ben no tiene cartas, así que la mano ha terminado: status debe ser out, no draw (R13)",
    ]
    assert said["ru"][3].startswith("в руках, колоде, сбросе и комбинациях не хватает 47 из 52 карт: A♣ 7♣ ")
    assert said["ru"][3].endswith(" и ещё 34 (R1)")
    assert said["ru"][4] == "игрок, который ещё не взял карту, не мог в этот ход взять карту из сброса"
    for detail in said[PSEUDO]:
        words = re.sub(r"'m1'|\bana\b|\bben\b|\bdraw\b|\(2C\)", "", detail)
        assert detail.startswith("⟦") and not re.search(r"[A-Za-z]{3,}", words), detail


def _bad_events():
    """Events that contradict the state they are sent with (referee/history.py), every kind of
    refusal: (state as JSON, events as JSON) pairs."""
    from schemas.state import StateOutSchema

    def edited(state, **fields):
        body = StateOutSchema().dump(state)
        turn = {k: fields.pop(k) for k in ("melds_made", "laid_off", "taken_discard") if k in fields}
        return {**body, "turn": {**body["turn"], **turn}, **fields}

    s, ev = three_players()
    S = StateOutSchema().dump(s)
    taking, tev = three_players(moves=37)  # ben has taken 8♥ from the discard pile (event 36)
    melded, mev = three_players(moves=38)
    laying, lev = three_players(moves=15)
    stalled, sev = three_players(moves=36)
    drawing, _ = three_players(moves=39)  # cy to draw
    cy = {"player": "cy", "cards": ["2C"], "meld": "m1"}
    return [
        (S, [{**ev[0], "player": "zed"}, *ev[1:]]),
        (S, [*ev[:2], {**ev[2], "player": "cy"}, *ev[3:]]),
        (S, [*ev[:14], {"player": "ana", "action": "draw", "source": "stock"}, *ev[15:]]),
        (S, ev[:-1]),
        (S, tev),
        (StateOutSchema().dump(drawing), ev[:38]),
        (S, [*ev[:26], {**ev[26], "cards": ["3C"], "meld": "m9"}, *ev[27:]]),
        (S, [*ev[:38], {**ev[38], "card": "QD"}, *ev[39:]]),
        (S, [*ev[:21], {**ev[21], "card": "7H"}, {**ev[22], "card": "7H"}, *ev[23:]]),
        (S, [*ev[:36], {**ev[36], "card": "9H"}, *ev[37:]]),
        (S, [*ev[:29], {**ev[29], "card": "9H"}, *ev[30:33], {**ev[33], "card": "JS"}, *ev[34:]]),
        (S, [*ev[:37], {**ev[37], "meld": "m2"}, *ev[38:]]),
        (S, [*ev[:39], {"player": "ana", "action": "discard", "card": "2C"}]),
        (S, [*ev[:39], {**cy, "action": "meld"}]),
        (S, [*ev[:39], {**cy, "action": "lay_off"}]),
        (S, [*ev[:39], {"player": "cy", "action": "discard", "card": "2C"}]),
        (edited(s, stalled_turns=2), ev),
        (edited(s, players=[{**p, "tabled": False} if p["id"] == "ana" else p for p in S["players"]]), ev),
        (StateOutSchema().dump(taking), [*tev[:36], {"player": "ben", "action": "draw", "source": "stock"}]),
        (StateOutSchema().dump(taking), [*tev[:36], {**tev[36], "card": "4D"}]),
        (edited(taking, taken_discard=None), tev),
        (
            edited(
                melded,
                melds_made=0,
                players=[{**p, "tabled": True} if p["id"] == "ben" else p for p in StateOutSchema().dump(melded)["players"]],
            ),
            mev,
        ),
        (edited(laying, laid_off=False), lev),
        (edited(melded, laid_off=True), mev),
        (edited(stalled, stalled_turns=3), sev[28:]),
        (S, [*ev[:15], {**ev[15], "player": "ben"}, *ev[16:]]),
        (S, [*ev[:37], {"player": "cy", "action": "discard", "card": "8H"}]),
        (S, [*ev[:37], {"player": "cy", "action": "draw", "source": "discard", "card": "8H"}]),
        ({**S, "melds": [{**m, "owner": "ana"} if m["id"] == "m1" else m for m in S["melds"]]}, ev),
    ]


def _events_refused(client, lang):
    """The details of each /v1/suggest answer to :func:`_bad_events` in ``lang``."""
    said = []
    for state, events in _bad_events():
        r = client.post(f"/v1/suggest?lang={lang}", json={"state": state, "events": events})
        assert r.status_code == 422 and r.headers["Content-Language"] == lang, r.get_json()
        said += [e["detail"] for e in r.get_json()["errors"]]
    return said


def test_every_sentence_of_the_events_check_is_in_the_sweep():
    """Each msgid of referee/history.py is said (as a sentence or a clause of one) by some case
    of :func:`_bad_events`, so the pseudo-locale sweep below sees every one of them."""
    from babel.messages.extract import extract_from_file

    from referee.history import event_problems
    from schemas.state import StateSchema
    from schemas.suggest import EventInSchema

    def msgids(sentence):
        if isinstance(sentence, Sentence):
            yield sentence.msgid
            for value in sentence.params.values():
                yield from msgids(value)

    said = set()
    for state, events in _bad_events():
        for p in event_problems(StateSchema().load(state), EventInSchema(many=True).load(events)):
            said |= set(msgids(p.message))
    source = extract_from_file("python", ROOT / "referee" / "history.py", keywords=KEYWORDS)
    written = {m[1] if isinstance(m[1], str) else m[1][0] for m in source}
    assert len(written) == 40 and written - said == set()


def test_events_contradicting_the_state_in_spanish_and_russian(client):
    en, es, ru = (_events_refused(client, lang) for lang in ("en", "es", "ru"))
    assert len(en) == len(es) == len(ru) > 30
    assert en[1] == "after ana's discard of K♣ (event 1) it is ben's turn, not cy's (R3)"  # English as it was
    pairs = dict(zip(en, zip(es, ru, strict=True), strict=True))
    assert pairs[en[1]] == (
        "tras el evento 1 (el descarte de K♣ de ana) es el turno de ben, no de cy (R3)",
        "после события 1 (сброс карты K♣ игроком ana) ходит ben, а не cy (R3)",
    )
    assert pairs["cy's turn goes on until cy discards (R7): after cy's draw from the stock (event 2) ben cannot move"] == (
        "el turno de cy sigue hasta que cy descarte (R7): tras el evento 2 (el robo de cy del mazo) ben no puede jugar",
        "ход игрока cy длится, пока cy не сбросит карту (R7): после события 2 (взятие карты игроком cy из колоды) ben не может ходить",
    )
    assert pairs["ben drew from the stock this turn (event 36), but the state's card taken from the discard pile this turn is 8♥ (R8)"] == (
        "ben robó del mazo en este turno (evento 36), pero según el estado la carta tomada de la pila de descartes en este turno es: 8♥ (R8)",
        "игрок ben взял карту из колоды в этот ход (событие 36), но по состоянию карта, взятая из сброса в этот ход: 8♥ (R8)",
    )
    three, one = (
        f"{c}, discarded in event {i}, is in the discard pile (card {at}), but the events leave it card {left} of the pile, "
        f"under the {n} discarded after it and not taken since (no restock this hand)"
        for c, i, at, left, n in (("9♥", 29, 15, 13, "3 cards"), ("J♠", 33, 13, 15, "1 card"))
    )
    assert pairs[three][1] == (
        "9♥, сброшенная в событии 29, находится в сбросе (карта 15), но по событиям это карта 13 сброса, под 3 картами, "
        "сброшенными после неё и с тех пор не взятыми (в этой раздаче колода не пересобиралась)"
    )
    assert pairs[one][0] == (
        "J♠, descartada en el evento 33, está en la pila de descartes (carta 13), pero según los eventos es la carta 15 de la pila, "
        "debajo de 1 carta descartada después y no tomada desde entonces (sin rehacer el mazo en esta mano)"
    )
    assert pairs["cy's turn begins with a draw (R4), not a lay-off"] == (
        "el turno de cy empieza robando una carta (R4), no colocando cartas",
        "ход игрока cy начинается со взятия карты (R4), а не с подкидывания",
    )


def test_events_contradicting_the_state_leave_no_english_in_the_pseudo_locale(client):
    said = _events_refused(client, PSEUDO)
    for detail in said:
        words = re.sub(r"'(zed|m\d)'|\b(ana|ben|cy|m\d)\b", "", detail)
        assert detail.startswith("⟦") and not re.search(r"[A-Za-z]{3,}", words), detail
    assert len(said) > 30


def test_readyz_says_why_not_ready_in_the_language(client, tmp_path, monkeypatch):
    """/readyz's 503s: the instance draining, and the table store not usable (a real embedded
    store whose file is no longer a database); the store's own reason stays the operator's
    English words, nested in the sentence."""
    from tables_support import embedded_store, make_app

    drain = tmp_path / "drain"
    drain.touch()
    monkeypatch.setenv("RUMMY_DRAIN_FILE", str(drain))
    said = {lang: client.get(f"/readyz?lang={lang}").get_json()["detail"] for lang in ("en", "es", "ru", PSEUDO)}
    assert said == {
        "en": "this instance is draining: it is about to stop",
        "es": "esta instancia está dejando de recibir peticiones: se va a detener",
        "ru": "этот экземпляр больше не принимает запросы: он скоро остановится",
        PSEUDO: "⟦ţĥíš íñšţåñçé íš ðŕåíñíñĝ: íţ íš åƀöüţ ţö šţöþ⟧",
    }
    monkeypatch.delenv("RUMMY_DRAIN_FILE")
    store = embedded_store()
    app = make_app(store=store).test_client()
    assert app.get("/readyz").status_code == 200
    store.path.write_bytes(b"not a database" * 100)
    why = f"the embedded table store {store.path} cannot be read: database disk image is malformed"
    answers = {lang: app.get(f"/readyz?lang={lang}") for lang in ("en", "es", "ru")}
    assert {lang: (r.status_code, r.headers["Retry-After"]) for lang, r in answers.items()} == dict.fromkeys(answers, (503, "1"))
    assert {lang: r.get_json()["detail"] for lang, r in answers.items()} == {
        "en": f"the table store is not usable: {why}",
        "es": f"el almacén de mesas no se puede usar: {why}",
        "ru": f"хранилище столов недоступно: {why}",
    }
