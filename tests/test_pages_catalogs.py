"""The pages' catalogs (issue 36): every string of the pages and of the players' rulebook has a
translation in every language, with the same placeholders; the templates hold what the pages
say now; the browser's JSON catalogs are the ones `make catalogs` writes from the .po
files; plurals land on the CLDR categories Intl.PluralRules picks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from web import i18n_pages
from web.rulebook import page

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ["es", "fr", "de", "pt_BR", "ru"]
FULL_RULEBOOK = ["es", "ru"]
PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)[sd]")


def catalog(lang: str, domain: str):
    with (ROOT / "locales" / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return read_po(f)


def template(domain: str):
    with (ROOT / "locales" / f"{domain}.pot").open("rb") as f:
        return read_po(f)


def ids(messages) -> set:
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in messages if m.id}


def test_the_pages_template_holds_what_the_pages_say():
    keywords = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "noop": ((1, "c"), 2)}
    # the mapping `make extract` reads (which files, by which extractor)
    with (ROOT / "locales" / "pages.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg, "locales/pages.cfg")
    found = {
        (ctx, msg if isinstance(msg, str) else tuple(msg))
        for _f, _l, msg, _c, ctx in extract_from_dir(str(ROOT), method_map, options_map, keywords=keywords)
    }
    assert found == ids(template("pages")), "locales/pages.pot is stale: run `make extract`"


def test_the_rulebook_template_is_the_players_reading():
    found = {(None, text) for _l, _f, text, _c in i18n_pages.extract_rulebook(None, None, None, None)}
    assert found == ids(template("rulebook")), "locales/rulebook.pot is stale: run `make extract`"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_string_translated_with_the_same_placeholders(lang):
    po = catalog(lang, "pages")
    assert ids(po) >= ids(template("pages"))
    for m in po:
        if not m.id or (m.context == "ordinal" and not m.string):
            continue  # an ordinal form is needed only for the categories the language has
        sources = [m.id] if isinstance(m.id, str) else list(m.id)
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        assert all(forms) and not m.fuzzy, f"{lang}: {m.id!r} has no translation"
        wanted = set(PLACEHOLDER.findall(sources[-1]))
        # a plural's form for one may leave the count out ("the hand"), never add a placeholder
        assert all(set(PLACEHOLDER.findall(f)) <= wanted for f in forms), (lang, m.id, forms)
        assert set(PLACEHOLDER.findall(forms[-1])) == wanted, (lang, m.id, forms)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rulebook_page_words_translated_and_es_ru_whole(lang):
    po = catalog(lang, "rulebook")
    done = {m.id: m.string for m in po if m.id and m.string and not m.fuzzy}
    paragraphs = set(i18n_pages.rulebook_paragraphs())
    for m in template("rulebook"):
        if m.id and (m.id not in paragraphs or lang in FULL_RULEBOOK):
            assert m.id in done, f"{lang}: rulebook {m.id[:60]!r} has no translation"
    for source, said in done.items():
        # a rule's heading keeps its id (the page's anchors), every rule id and card stays
        assert re.findall(r"\bR\d+a?\b", source) == re.findall(r"\bR\d+a?\b", said), (lang, source[:60])
        assert re.findall(r"(?:10|[2-9AJQK])[♣♦♥♠]", source) == re.findall(r"(?:10|[2-9AJQK])[♣♦♥♠]", said), (lang, source[:60])


def test_the_browser_catalogs_are_current(tmp_path):
    i18n_pages.write_json(out=tmp_path)
    for made in tmp_path.iterdir():
        kept = ROOT / "static" / "i18n" / made.name
        assert kept.exists() and kept.read_text(encoding="utf-8") == made.read_text(encoding="utf-8"), (
            f"{kept} is stale: run `make catalogs`"
        )


def test_russian_plurals_by_cldr_category():
    ru = json.loads((ROOT / "static" / "i18n" / "pages.ru.json").read_text(encoding="utf-8"))
    forms = ru["messages"]["{label} ({n} card"]
    assert (forms["one"], forms["few"], forms["many"]) == ("{label} ({n} карта", "{label} ({n} карты", "{label} ({n} карт")


def test_rulebook_pages():
    spanish = page("players", "es")
    assert (
        '<html lang="es">' in spanish
        and '<h3 id="R11">Escalera <a class="rule-id" href="#R11" aria-label="regla R11">R11</a></h3>' in spanish
    )
    assert "translation-note" not in spanish
    french = page("players", "fr")
    assert "translation-note" in french and '<div lang="en">' in french and "<title>Règlement · Rummy Referee</title>" in french
    assert "Ce règlement n’est pas encore traduit en français" in french
    pseudo = page("players", "en-XA")
    assert 'id="R11"' in pseudo and "Run" not in re.sub(r"<[^>]+>", "", pseudo)
