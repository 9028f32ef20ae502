"""The catalogs on disk and the ``/rules`` page's translations (server side).

Below both :mod:`web.rulebook` (which asks :func:`rulebook_translator` for the players' reading
in a language) and :mod:`web.i18n_pages` (which extracts the rulebook's msgids and writes the
browser's catalogs), so neither imports the other at run time: where the catalogs are
(``locales/<folder>/LC_MESSAGES/<domain>.po``), the pseudo-locale's code and accents, and the
rulebook domain's translations, read once per language.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
PSEUDO = "en-XA"
ACCENT = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "ȧƀċđēƒġħīĵķŀḿňōƥɋřşŧūṽẇẋẏžȦƁĊĐĒƑĠĦĪĴĶĿḾŇŌƤɊŘŞŦŪṼẆẊẎŽ",
)


def web_code(folder: str) -> str:
    """A catalog folder's language as the web writes it: pt_BR → pt-BR."""
    return folder.replace("_", "-")


def read_catalog(path: Path) -> Catalog:
    """One ``.po`` file as Babel reads it."""
    with path.open("rb") as f:
        return read_po(f)


@lru_cache(maxsize=16)
def _rulebook_catalog(folder: str) -> dict[str, str]:
    path = LOCALES / folder / "LC_MESSAGES" / "rulebook.po"
    if not path.exists():
        return {}
    return {m.id: str(m.string) for m in read_catalog(path) if isinstance(m.id, str) and m.id and m.string and not m.fuzzy}


def rulebook_languages() -> list[str]:
    """The languages /rules is offered in (web codes: "es", "pt-BR"), English first, then each
    language with a rulebook catalog, then the pseudo-locale."""
    folders = sorted(p.parent.parent.name for p in LOCALES.glob("*/LC_MESSAGES/rulebook.po"))
    return ["en", *(web_code(f) for f in folders), PSEUDO]


def rulebook_translator(lang: str) -> Callable[[str], str | None]:
    """The rulebook's words in ``lang``: msgid → its translation, or None when it has none
    (English: every msgid as is; the pseudo-locale: every msgid accented)."""
    if lang == "en":
        return lambda text: text
    if lang == PSEUDO:
        return lambda text: _pseudo_markdown(text)
    messages = _rulebook_catalog(lang.replace("-", "_"))
    return messages.get


def _pseudo_markdown(text: str) -> str:
    """A paragraph of Markdown accented, its rule ids, cards, links' addresses and headings'
    marks kept (so the page's anchors and links still work)."""
    keep = re.compile(r"(\{\w+\}|\]\([^)]*\)|\bR\d+a?\b|`[^`]*`|^#+ |\b(?:10|[2-9AJQK])[♣♦♥♠]|^\|[-|]+\|$)", re.M)
    return "".join(p if keep.fullmatch(p) else p.translate(ACCENT) for p in keep.split(text))


def rulebook_language(asked: str | None, accept: Any) -> str:
    """The language /rules is sent in: ``asked`` (``?lang=``) when /rules is offered in it, else
    the best of the request's Accept-Language (werkzeug's LanguageAccept), else English."""
    offered = rulebook_languages()
    if asked in offered:
        return asked
    best = accept.best_match(offered[:-1]) if accept else None  # the pseudo-locale only when asked by name
    return str(best) if best else "en"
