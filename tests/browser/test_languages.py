"""The pages in the players' languages (issue 36) at 360×740: the browser's language followed, a
switch that stays chosen, ``<html lang>`` right, the catalogs kept for a visit with no connection,
and a pseudo-locale run over every page proving no player string bypasses the catalogs (each
string of the pages goes through static/js/i18n.js; the service's sentences come back in the
language asked). Screenshots go to the shots folder (RUMMY_SHOTS_DIR)."""

from __future__ import annotations

import re

import pytest

from .axe import assert_accessible
from .conftest import PHONE
from .play_driver import Play
from .scorepad_driver import Scorepad, service_scorepad
from .test_meld_checker import check, pick

CHOICE = "rummy-referee.lang.v1"


@pytest.fixture
def speaking(browser, server_url):
    """new(locale) → a phone-sized page whose browser speaks ``locale`` (navigator.languages);
    console errors fail the test as in the shared ``page`` fixture."""
    made = []

    def new(locale: str):
        ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, base_url=server_url, locale=locale)
        ctx.set_default_timeout(10_000)
        pg = ctx.new_page()
        pg.problems = []
        pg.allow_network_errors = False

        def on_console(msg):
            expected = "Failed to load resource" in msg.text and ("422" in msg.text or pg.allow_network_errors)
            if msg.type == "error" and not expected and not (pg.allow_network_errors and "net::" in msg.text):
                pg.problems.append(msg.text)

        pg.on("console", on_console)
        pg.on("pageerror", lambda exc: pg.problems.append(str(exc)))
        made.append((ctx, pg))
        return pg

    yield new
    for ctx, pg in made:
        ctx.close()
        assert not pg.problems, "the page reported errors:\n" + "\n".join(pg.problems)


def open_pad(page):
    page.goto("/")
    page.wait_for_selector("html[data-ready]")


def test_the_browser_language_is_followed_and_the_switch_stays_chosen(speaking, shots):
    page = speaking("es-ES")
    open_pad(page)
    assert page.get_attribute("html", "lang") == "es"
    assert page.title() == "Hoja de puntos de rummy · Rummy Referee"
    assert page.inner_text("h1") == "Hoja de puntos"
    assert page.inner_text("#nav-check") == "Comprobar una combinación"
    assert page.input_value("#lang-select") == "es"
    assert page.inner_text("label[for=lang-select]") == "Idioma"
    # each language is offered in its own words; the pseudo-locale is not offered
    names = page.eval_on_selector_all("#lang-select option", "os => os.map(o => o.textContent)")
    assert names == ["English", "Deutsch", "español", "français", "português (Brasil)", "русский"]
    page.screenshot(path=str(shots / "i18n-pad-setup-es-360.png"))

    page.select_option("#lang-select", "ru")
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    page.wait_for_selector("html[data-ready]")
    assert page.inner_text("h1") == "Блокнот для счёта"
    page.reload()
    page.wait_for_selector("html[data-ready]")
    assert page.get_attribute("html", "lang") == "ru"
    assert page.input_value("#lang-select") == "ru"
    assert page.evaluate(f"() => localStorage.getItem('{CHOICE}')") == "ru"
    # the rulebook follows the choice (asked again with ?lang=ru), as do its links back
    page.goto("/rules")
    page.wait_for_url(re.compile(r"/rules\?lang=ru$"))
    assert page.get_attribute("html", "lang") == "ru"
    assert page.input_value("#lang-select") == "ru"
    assert_accessible(page, "the players' rulebook in Russian")


def test_rulebook_in_spanish_and_russian_others_in_english_with_a_note(speaking, shots):
    page = speaking("es-ES")
    response = page.goto("/rules")
    assert response.headers["content-language"] == "es"
    assert page.get_attribute("html", "lang") == "es"
    assert page.title() == "Reglamento · Rummy Referee"
    assert page.locator("#R11").inner_text() == "Escalera R11"
    assert "Los ases son bajos" in page.locator("#R11 + p").inner_text()
    assert page.locator(".translation-note").count() == 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(shots / "i18n-rules-es-360.png"))
    assert_accessible(page, "the rulebook in Spanish")

    page.goto("/rules?lang=ru#R11")
    assert page.locator("#R11").inner_text() == "Последовательность R11"
    assert "Тузы младшие" in page.locator("#R11 + p").inner_text()
    page.screenshot(path=str(shots / "i18n-rules-ru-360.png"))
    assert_accessible(page, "the rulebook in Russian")

    german = speaking("de-DE")
    german.goto("/rules")
    assert german.get_attribute("html", "lang") == "de"
    note = german.locator(".translation-note")
    assert note.is_visible() and "noch nicht ins Deutsche übersetzt" in note.inner_text()
    assert german.locator("#R11").inner_text() == "Run R11"  # the rules themselves in English
    assert german.locator("#R11").evaluate("e => e.closest('[lang]').lang") == "en"


def test_meld_checker_in_russian(speaking, server_url, shots):
    page = speaking("ru-RU")
    open_pad(page)
    page.click("#nav-check")
    page.wait_for_selector("#check-screen:not([hidden])")
    assert page.inner_text("#check-title") == "Проверить комбинацию"
    assert page.inner_text("#cards-legend") == "Выложенные карты"
    pick(page, "meld", ["QS", "KS", "AS"])
    assert page.get_attribute("#chip-meld-0", "aria-label") == "Убрать: дама, пики"
    word, summary = check(page)
    assert word == "Нет, это не комбинация"
    assert page.inner_text("#read-rule") == "Прочитать правило"
    page.screenshot(path=str(shots / "i18n-check-ru-360.png"))
    assert_accessible(page, "a meld refused, in Russian")


# Three hands of a game to 100 under the standard preset (going rummy doubles, R15): Bea goes
# rummy in hand 3 for 2 × (9 + 4) = 26; the cards K♠ Q♥ are 20 points (R14).
HANDS = [
    ("Ana", {"Bea": 20, "Cy": ["KS", "QH"]}, False),
    ("Cy", {"Ana": 7, "Bea": 3}, False),
    ("Bea", {"Ana": 9, "Cy": 4}, True),
]
PLAYERS = ["Ana", "Bea", "Cy"]


@pytest.mark.parametrize(
    ("locale", "lang", "words"),
    [
        (
            "es-ES",
            "es",
            {
                "title": "Mano 4",
                "save": "Guardar la mano 4",
                "dealer": "Siguiente en repartir: Ana",
                "left": "Les quedaba:",
                "rummy": "Bea hizo rummy: +26 (×2)",
            },
        ),
        (
            "ru-RU",
            "ru",
            {
                "title": "Раздача 4",
                "save": "Сохранить раздачу 4",
                "dealer": "Следующий сдающий: Ana",
                "left": "Осталось на руках:",
                "rummy": "Bea: рамми, +26 (×2)",
            },
        ),
    ],
)
def test_a_scorepad_game_kept_in_the_language(speaking, server_url, shots, locale, lang, words):
    page = speaking(locale)
    pad = Scorepad(page, server_url)
    pad.open()
    assert page.get_attribute("html", "lang") == lang
    pad.start(PLAYERS, target=100)
    for winner, remaining, rummy in HANDS:
        pad.enter_hand(winner, remaining, rummy=rummy)
    # the totals are the service's own (R14, R15)
    status, service = service_scorepad(server_url, PLAYERS, HANDS)
    assert status == 200 and pad.totals() == service["totals"] == {"Ana": 40, "Bea": 26, "Cy": 10}
    assert pad.text("#entry-title") == words["title"]
    assert pad.text("#save-hand") == words["save"]
    assert pad.text("#next-dealer") == words["dealer"]
    assert words["left"] in pad.history_text(2) or words["left"] in pad.history_text(0)
    assert words["rummy"] in pad.text("#hand-item-2")
    page.screenshot(path=str(shots / f"i18n-pad-game-{lang}-360.png"))
    assert_accessible(page, f"a scorepad game in {lang}")
    # a hand refused by the service: its sentence comes back in the page's language (asked with
    # Accept-Language); the page's own words around it are the catalog's
    page.click("#winner-0 + span")
    page.click("#mode-1-points + span")
    page.fill("#points-1", "500")
    page.click("#mode-2-points + span")
    page.fill("#points-2", "5")
    page.click("#save-hand")
    page.wait_for_selector("#opp-1-error:not([hidden])")
    assert (
        pad.text("#saved-note")
        == {
            "es": "No guardado: hay un dato que corregir, marcado arriba.",
            "ru": "Не сохранено: 1 запись нужно исправить, она отмечена выше.",
        }[lang]
    )
    page.screenshot(path=str(shots / f"i18n-pad-refused-{lang}-360.png"))
    assert_accessible(page, f"a refused hand in {lang}")


PLAY_WORDS = {
    "es": {
        "turn": ("Tu turno: roba una carta", "Tu turno: baja, coloca, descarta"),
        "hand": "Tu mano",
        "end": ("cerró", "Cerraste", "La mano queda en tablas"),
        "check": "Comprobar este reparto",
        "next": "Siguiente mano",
        "hint": ("Roba del mazo", "Toma ", "Baja ", "Coloca ", "Descarta "),
    },
    "ru": {
        "turn": ("Ваш ход: возьмите карту", "Ваш ход: выложите, подкиньте, сбросьте"),
        "hand": "Ваши карты",
        "end": ("выход", "Вы вышли", "Раздача закончилась ничьей"),
        "check": "Проверить эту сдачу",
        "next": "Следующая раздача",
        "hint": ("Возьмите ", "Выложите ", "Подкиньте ", "Сбросьте "),
    },
}


# Each action button's words, with the number of lines each word's letters stand on (1: whole).
ACTION_WORDS = """() => [...document.querySelectorAll('.actions .btn')].flatMap((button) => {
  const words = [];
  const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    for (const m of text.nodeValue.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      words.push([m[0], new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size]);
    }
  }
  return words;
})"""


def assert_actions_whole(page):
    """/play's four action buttons at 360 px: every word of their labels on one line (none
    broken inside a word, as "Выложит|ь" was), the four in one row, nothing scrolling sideways."""
    words = page.evaluate(ACTION_WORDS)
    assert len(words) >= 4 and all(lines == 1 for _, lines in words), words
    tops = page.evaluate("() => [...document.querySelectorAll('.actions .btn')].map((b) => Math.round(b.getBoundingClientRect().top))")
    assert len(set(tops)) == 1, tops
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize(("locale", "lang"), [("es-ES", "es"), ("ru-RU", "ru")])
def test_a_hand_played_in_play_in_the_language(speaking, server_url, shots, locale, lang):
    words = PLAY_WORDS[lang]
    page = speaking(locale)
    play = Play(page, server_url)
    play.start(opponents=2, levels=("easy", "easy"), target=100)
    assert page.get_attribute("html", "lang") == lang
    assert_actions_whole(page)
    for i in range(6):  # six of the player's moves, as the hint advises ("Play it")
        if play.ended():
            break
        assert page.inner_text("#turn") in words["turn"]
        assert page.inner_text("#hand-title").startswith(words["hand"])
        _, hint = play.hint()  # the Hard opponent's advice, said in the language by the service
        assert hint.startswith(words["hint"]) and not re.search(r"\b(Draw|Take|Meld|Lay off|Discard|the)\b", hint), hint
        if i == 0:
            page.screenshot(path=str(shots / f"i18n-play-hint-{lang}-360.png"))
        page.click("#hint-play")
        play.wait_idle()
    page.screenshot(path=str(shots / f"i18n-play-mid-{lang}-360.png"))
    assert_accessible(page, f"/play mid-hand in {lang}")
    # the opponents' moves in the log are the page's sentences in the language
    log = page.inner_text("#log")
    assert not re.search(r"\b(drew|discarded|melded|took)\b", log), log
    play.finish_by_api()
    title = page.inner_text("#end-title")
    assert any(w in title for w in words["end"]), title
    assert page.inner_text("#check-deal") == words["check"] or page.inner_text("#next-hand") == words["next"]
    page.screenshot(path=str(shots / f"i18n-play-end-{lang}-360.png"))
    assert_accessible(page, f"/play's end of a hand in {lang}")


@pytest.mark.parametrize("locale", ["fr-FR", "de-DE", "pt-BR"])
def test_play_action_labels_stay_whole_in_the_other_languages(speaking, server_url, locale):
    page = speaking(locale)
    Play(page, server_url).start(opponents=2, levels=("easy", "easy"), target=100)
    assert_actions_whole(page)


PSEUDO = "en-XA"
# What may show unaccented in the pseudo-locale: the players' names the test types, cards and
# rule ids, numbers, and the product's name.
ALLOWED = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]|\bR\d+a?\b|Rummy Referee|CSV|\d+")


def plain_strings(page, within: str = "body", names: tuple[str, ...] = ()) -> list[str]:
    """The visible texts (and players' attribute texts) under ``within`` still in plain English."""
    texts = page.evaluate(
        """(within) => {
      const out = [];
      const root = document.querySelector(within);
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || el.closest('script,style,noscript,[hidden],option:not(:checked),.said')) continue; // .said: a rulebook example's names and cards, as written in every language
        if (!n.nodeValue.trim()) continue;
        const box = el.getBoundingClientRect();
        if (!box.width && !box.height && !el.closest('.sr-only')) continue;
        out.push(n.nodeValue.trim());
      }
      root.querySelectorAll('[aria-label],[title],[placeholder]').forEach((el) => {
        ['aria-label', 'title', 'placeholder'].forEach((a) => { if (el.getAttribute(a)) out.push(el.getAttribute(a)); });
      });
      if (within === 'body') out.push(document.title);
      return out;
    }""",
        within,
    )
    plain = []
    for text in texts:
        rest = ALLOWED.sub("", re.sub(r"⟦[^⟧]*⟧", "", text))
        for name in names:  # the players' names, as typed
            rest = re.sub(rf"\b{re.escape(name)}\b", "", rest)
        if re.search(r"[A-Za-z]{2,}", rest):
            plain.append(text)
    return plain


def service_words(page) -> set[str]:
    """Every string of GET /v1/rules as the page asked for it: the service's sentences (preset
    labels and characters, option words), translated by its own catalogs, not the pages'."""
    doc = page.evaluate(f"() => fetch('/v1/rules?lang={PSEUDO}', {{headers: {{'Accept-Language': '{PSEUDO}'}}}}).then((r) => r.json())")
    out: set[str] = set()

    def walk(v):
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, dict):
            [walk(x) for x in v.values()]
        elif isinstance(v, list):
            [walk(x) for x in v]

    walk(doc)
    return out


def test_pseudo_locale_every_page_string_goes_through_the_catalogs(speaking, server_url):
    page = speaking("en-US")
    page.context.add_init_script(f"localStorage.setItem('{CHOICE}', '{PSEUDO}')")
    open_pad(page)
    assert page.get_attribute("html", "lang") == PSEUDO
    service = service_words(page)
    found = [t for t in plain_strings(page) if t not in service]
    assert found == [], f"the scorepad's setup: {found}"
    pad = Scorepad(page, "")
    pad.start(PLAYERS, target=100)
    for winner, remaining, rummy in HANDS:
        pad.enter_hand(winner, remaining, rummy=rummy)
    pad.fill_hand("Ana", {"Bea": ["2S"]})
    found = [t for t in plain_strings(page, names=tuple(PLAYERS)) if t not in service and not any(w in t for w in service if len(w) > 12)]
    assert found == [], f"a scorepad game: {found}"
    page.click("#nav-check")
    page.wait_for_selector("#check-screen:not([hidden])")
    pick(page, "meld", ["QS", "KS"])
    assert plain_strings(page, "#check-screen") == [], "the meld checker"
    page.click("#check-meld")
    page.wait_for_selector("#verdict:not([hidden])")
    # the verdict's sentences are the service's (its own pseudo run); the page's words around them
    verdict = page.evaluate(
        "() => [document.querySelector('#verdict-summary').textContent].concat([...document.querySelectorAll('#verdict-reasons li')].map((li) => li.textContent))"
    )
    assert [t for t in plain_strings(page, "#check-screen") if t not in verdict] == [], "a verdict"
    page.click("#nav-rules")
    page.wait_for_selector("#rules-screen:not([hidden])")
    page.wait_for_selector("#rules-body .rule-list")
    # the presets' sentences are the service's: not the pages' to translate (its own pseudo run)
    texts = [t for t in plain_strings(page, "#rules-screen") if not page.locator("#rules-these + ul").get_by_text(t, exact=True).count()]
    assert texts == [], "the rules screen"
    play = Play(page, server_url)
    play.open()
    page.wait_for_selector("#setup:not([hidden]) #start")
    found = [t for t in plain_strings(page) if t not in service and t not in ("Ana", "Bob", "Cy")]
    assert found == [], f"/play's setup: {found}"
    play.start(opponents=2, levels=("easy", "easy"), target=100)
    # the hint's sentence is the service's, asked with Accept-Language, which never chooses the
    # pseudo-locale (tests/test_bots_languages.py says every kind of advice in it)
    _, hint = play.hint()
    # the live region says the service's summary of the moves, then the turn as shown
    levels = ("Ana", "Bob", "Cy", *(w for w in service if len(w) < 12))
    found = [t for t in plain_strings(page, names=levels) if t not in (hint, page.inner_text("#announce")) and t not in service]
    assert found == [], f"/play's table: {found}"
    play.finish_by_api()
    found = [t for t in plain_strings(page, names=levels) if t not in service and t != page.inner_text("#announce")]
    assert found == [], f"/play's end of a hand: {found}"
    page.goto("/rules")
    page.wait_for_url(re.compile(r"lang=en-XA"))
    found = plain_strings(page)
    assert found == [], f"the rulebook: {found}"


def test_offline_in_spanish_after_one_visit(speaking, shots):
    page = speaking("es-ES")
    page.allow_network_errors = True
    open_pad(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.goto("/rules?lang=es")  # read once online: kept in Spanish by the service worker
    open_pad(page)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-ready]")
    assert page.get_attribute("html", "lang") == "es"
    assert page.inner_text("h1") == "Hoja de puntos"
    assert page.input_value("#lang-select") == "es"
    page.click("#nav-check")
    pick(page, "meld", ["9H", "9S", "9C"])
    word, summary = check(page)
    assert word == "Sí, es una combinación"
    # the offline judge's own sentence, the service's Spanish words (referee.melds.meld_is)
    assert summary == "9♣ 9♥ 9♠ es un grupo de nueves"
    assert page.is_visible("#verdict-offline") and page.inner_text("#verdict-offline").startswith(
        "Comprobado en este teléfono (sin conexión)"
    )
    page.screenshot(path=str(shots / "i18n-check-offline-es-360.png"))
    assert_accessible(page, "a meld checked offline, in Spanish")
    page.goto("/rules?lang=es")
    assert page.locator("#R10").inner_text() == "Grupo R10"
    page.context.set_offline(False)
