"""The languages' generated files, from the gettext catalogs (issue 36; ``make catalogs``).

``locales/messages.pot`` holds every sentence for players (``make extract``: the msgids of
``referee.speech.say``/``say_n``/``term``); ``locales/<ll_CC>/LC_MESSAGES/messages.po`` the
translations, written by people. This script makes, from them, the files that are committed and
checked for staleness by ``tests/test_languages.py``:

- ``locales/en_XA/LC_MESSAGES/messages.po``: the pseudo-locale, accented English made from the
  msgids (never written by hand): "⟦Ẋ íš ñöţ å ŕüñ⟧", each placeholder ``{name}`` kept as it is;
- ``locales/<ll_CC>/LC_MESSAGES/messages.mo``: each catalog compiled (what the service reads);
- ``static/i18n/<tag>.json``: each catalog for the pages' offline judge (one per language of
  ``referee.speech.LANGUAGES`` but English, plus ``en-XA``);
- the table of ``docs/languages.md``: every reason code's and summary kind's example sentence in
  every language.

``python tools/catalogs.py update`` merges ``locales/messages.pot`` into each catalog (``make
extract`` runs it before this script).

The browser catalog ``static/i18n/<tag>.json`` (UTF-8, keys sorted)::

    {
      "lang": "es",                   # BCP 47 tag, as Content-Language says it
      "plural": {
        "nplurals": 2,                # how many plural forms
        "rule": "(n != 1)",           # gettext's Plural-Forms expression in n (C syntax: ?: == != % && ||)
        "cldr": {"one": "n is 1"}     # CLDR's rules, for reference
      },
      "list": {"2": "{0} y {1}", "start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0} y {1}"},
      "ordinal": "es",                # how ordinals are written (see below)
      "messages": {
        "<msgid>": "<translation>",                         # a sentence
        "<context>\\u0004<msgid>": "<translation>",           # a word with a context (gettext's key)
        "<msgid>\\u0000<plural msgid>": ["<form 0>", "<form 1>", ...]   # plural forms, index = rule(n)
      }
    }

A sentence is rendered as ``referee/speech.py`` does: look up the msgid (with ``context + "\\u0004"``
before it for a word; with ``"\\u0000" + plural`` after it for a count, taking the form at index
``rule(n)``), then fill each ``{name}`` or ``{name:spec}`` placeholder: a string as it is, a
number as the language writes it (``Intl.NumberFormat(lang)``), a list by the ``list`` patterns
(CLDR: two items by "2"; more: "start" for the first two, "middle" after, "end" for the last
two), a nested sentence rendered the same way, an ordinal by the ``ordinal`` scheme: ``en``
1st 2nd 3rd 4th; ``es`` 3.º (spec ``m``, default) / 3.ª (``f``); ``pt`` 3º / 3ª; ``fr`` 1er / 1re,
then 2e 3e; ``de`` 3.; ``ru`` 3-й (``m``) / 3-я (``f``) / 3-е (``n``). The spec is only ever a
gender letter of an ordinal. A msgid missing from ``messages`` is a defect (the tests forbid it);
English is the msgid itself.
"""

from __future__ import annotations

import gettext
import io
import json
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.plural import to_gettext

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.reasons import code_examples, summary_examples  # noqa: E402
from referee.speech import LANGUAGES, PSEUDO, Language, language, language_name, render  # noqa: E402

LOCALES = ROOT / "locales"
POT = LOCALES / "messages.pot"
STATIC = ROOT / "static" / "i18n"
DOCS = ROOT / "docs" / "languages.md"
_TABLE = re.compile(r"(<!-- BEGIN languages:[^\n]*-->\n)(.*?)(<!-- END languages -->)", re.S)
TRANSLATED = [t for t in LANGUAGES if t != "en"]


def folder(tag: str) -> str:
    """``pt-BR`` → ``pt_BR`` (gettext's directory names)."""
    return tag.replace("-", "_")


def po_path(tag: str) -> Path:
    return LOCALES / folder(tag) / "LC_MESSAGES" / "messages.po"


def read(path: Path, tag: str) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f, locale=folder(tag) if tag != PSEUDO else "en")


# --- the pseudo-locale ------------------------------------------------------------------------

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥíĵķļɱñöþǫŕšţüṽŵẋýžÅƁÇÐÉƑĜĤÍĴĶĻṀÑÖÞǪŔŠŢÜṼŴẊÝŽ",
)


def pseudo(text: str) -> str:
    """Accented English between ⟦ ⟧, every ``{placeholder}`` kept: "⟦{cards} íš ñöţ å ŕüñ⟧"."""
    out, depth = [], 0
    for ch in text:
        if ch == "{":
            depth += 1
        if depth:
            out.append(ch)
        else:
            out.append(ch.translate(_ACCENTED))
        if ch == "}":
            depth -= 1
    return "⟦" + "".join(out) + "⟧"


_FIXED = datetime(2026, 12, 1, tzinfo=UTC)


def pseudo_catalog(template: Catalog) -> Catalog:
    made = Catalog(
        locale="en",
        project="Rummy Referee",
        fuzzy=False,
        creation_date=_FIXED,
        revision_date=_FIXED,  # the same bytes from the same template, whenever it is made
    )
    made.header_comment = "# The pseudo-locale en-XA: accented English made from the msgids by tools/catalogs.py (never edit)."
    for m in template:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            made.add(m.id, tuple(pseudo(i) for i in m.id), context=m.context, flags=m.flags)
        else:
            made.add(m.id, pseudo(m.id), context=m.context, flags=m.flags)
    return made


def po_text(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=False, no_location=True)
    return buf.getvalue()


# --- the generated files ----------------------------------------------------------------------


def mo_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def browser_catalog(tag: str, catalog: Catalog) -> bytes:
    """``static/i18n/<tag>.json`` (the module's docstring gives the format)."""
    locale = Locale.parse(folder(tag) if tag != PSEUDO else "en")
    patterns = locale.list_patterns["standard"]
    messages: dict[str, object] = {}
    for m in catalog:
        if not m.id or not m.string:
            continue
        key = m.id if isinstance(m.id, str) else f"{m.id[0]}\u0000{m.id[1]}"
        if m.context:
            key = f"{m.context}\u0004{key}"
        messages[key] = m.string if isinstance(m.string, str) else list(m.string)
    rule = locale.plural_form
    document = {
        "lang": tag,
        "plural": {
            "nplurals": catalog.num_plurals,
            "rule": catalog.plural_expr,
            "cldr": dict(rule.rules),
        },
        "list": {key: patterns[key] for key in ("2", "start", "middle", "end")},
        "ordinal": "en" if tag == PSEUDO else locale.language,
        "messages": messages,
    }
    return (json.dumps(document, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode()


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _compiled(tag: str, mo: bytes | None) -> Language:
    """``tag``'s :class:`Language` with the catalog compiled in this run (``mo``), not the file
    on disk: the docs table must say what the .mo files written beside it say, in one run."""
    if mo is None:
        return language(tag)
    return Language(tag, Locale.parse("en" if tag == PSEUDO else folder(tag)), gettext.GNUTranslations(io.BytesIO(mo)))


def example_table(mos: dict[str, bytes] | None = None) -> str:
    """Every reason code's example (``referee.reasons.code_examples``) and every summary kind's
    (``summary_examples``) in every language: one row each, one column per language. ``mos``:
    each translated language's compiled catalog by tag (default: the files on disk)."""
    langs = [_compiled(t, (mos or {}).get(t)) for t in LANGUAGES]
    rows = ["| | " + " | ".join(f"{language_name(t)} (`{t}`)" for t in LANGUAGES) + " |", "|---" * (len(LANGUAGES) + 1) + "|"]
    examples = [(f"reason `{code.value}`", r.message) for code, r in code_examples().items()]
    examples += [(f"summary `{kind}`", s) for kind, s in summary_examples().items()]
    for name, sentence in examples:
        rows.append(f"| {name} | " + " | ".join(_cell(render(sentence, lang)) for lang in langs) + " |")
    return "\n".join(rows) + "\n"


def docs_page(mos: dict[str, bytes] | None = None) -> bytes:
    """``docs/languages.md`` with its generated table (between the BEGIN/END marks) rewritten."""
    text = DOCS.read_text(encoding="utf-8")
    table = example_table(mos)
    return _TABLE.sub(lambda m: m.group(1) + table + m.group(3), text).encode()


def generated() -> dict[Path, bytes]:
    """Every generated file and its bytes, as this script writes them (the staleness test
    compares the committed files with this)."""
    template = read(POT, "en")
    out: dict[Path, bytes] = {}
    fake = pseudo_catalog(template)
    out[po_path(PSEUDO)] = po_text(fake)
    mos: dict[str, bytes] = {}
    for tag in [*TRANSLATED, PSEUDO]:
        catalog = fake if tag == PSEUDO else read(po_path(tag), tag)
        mos[tag] = mo_bytes(catalog)
        out[po_path(tag).with_suffix(".mo")] = mos[tag]
        out[STATIC / f"{tag}.json"] = browser_catalog(tag, catalog)
    out[DOCS] = docs_page(mos)
    return out


def update() -> None:
    """Merge ``locales/messages.pot`` into each hand-written catalog (new msgids untranslated,
    gone ones dropped), keeping its header (the glossary sources)."""
    template = read(POT, "en")
    for tag in TRANSLATED:
        catalog = read(po_path(tag), tag)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        po_path(tag).write_bytes(po_text(catalog))


def main(argv: list[str]) -> None:
    if argv[1:] == ["update"]:
        update()
        return
    for path, data in generated().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv)

# to_gettext is Babel's CLDR → gettext Plural-Forms converter: the catalogs' headers come from it.
__all__ = ["generated", "pseudo", "to_gettext", "update"]
