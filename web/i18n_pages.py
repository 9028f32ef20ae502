"""The pages' catalogs: extraction from the HTML and the rulebook, and the browser's JSON.

Two gettext domains beside the service's sentences (``messages``):

- ``pages``: every player-visible string of the pages (``/``, the meld checker, ``/play``): the
  JavaScript's ``_()``, ``ngettext()``, ``pgettext()`` calls (Babel's javascript extractor) and the
  static HTML's text (:func:`extract_html`: each text node, and the attributes players meet,
  ``aria-label``, ``title``, ``placeholder``, ``alt``, the page's title and description, from its
  template in web/templates as it is rendered), which
  static/js/i18n.js translates in place, looking each text up as it is written here.
- ``rulebook``: the players' reading of ``RULES.md`` (``/rules``), one msgid per paragraph
  (:func:`extract_rulebook`), so the one text of the rules stays ``RULES.md`` and a paragraph
  changed there reads in English (with the page's note) until it is translated again.

``python -m web.i18n_pages`` (``make catalogs``) writes ``static/i18n/pages.<lang>.json`` for
each ``locales/<lang>/LC_MESSAGES/pages.po``, the pseudo-locale's (every msgid accented and
bracketed, so a string not going through the catalogs shows plain in it), and
``static/i18n/index.json``: ``{"languages": [{"code", "name", "rulebook", "pseudo"?}]}`` (the
name as the language's own speakers write it, from CLDR). The JSON format:
``{"lang": "pt-BR", "messages": {msgid: text, "context\\u0004msgid": text, singular: {cldr
category: text}}}``; a plural's gettext forms are put under the CLDR categories of the language
as its ``Plural-Forms`` sorts them (:func:`categories`).
"""

from __future__ import annotations

import gettext
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

from babel import Locale
from babel.messages.catalog import Catalog, Message

from web import pages_html
from web.rulebook import CHROME, NOT_TRANSLATED, READINGS, RULE_LABEL, RULEBOOK, for_players
from web.rulebook_catalogs import ACCENT, LOCALES, PSEUDO, ROOT, read_catalog, web_code

OUT = ROOT / "static" / "i18n"
ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
_SKIP = {"script", "style"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Texts(HTMLParser):
    """The player-visible texts of an HTML page, with their line numbers."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str, str | None]] = []
        self._skip = 0
        self._context: list[str | None] = []  # data-context of the open elements (one word, two meanings)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        if tag in _SKIP:
            self._skip += 1
        values = dict(attrs)
        if tag not in VOID:
            self._context.append(values.get("data-context"))
        for name in ATTRIBUTES:
            if values.get(name):
                self.found.append((line, _normal(values[name] or ""), None))
        if tag == "meta" and values.get("name") == "description" and values.get("content"):
            self.found.append((line, _normal(values["content"] or ""), None))

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self._skip -= 1
        if tag not in VOID and self._context:
            self._context.pop()

    def handle_data(self, data: str) -> None:
        text = _normal(data)
        if self._skip or not text or not re.search(r"[A-Za-z]", text):
            return
        self.found.append((self.getpos()[0], text, self._context[-1] if self._context else None))


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str | None, str | tuple[str, str], list[str]]]:
    """Babel extractor (babel.cfg's ``[extractors]``) for the pages' HTML: each text node and
    player-facing attribute, whitespace folded as static/js/i18n.js folds it; a text inside an
    element with ``data-context="pile"`` is that context's msgid (the pile "Discard", not the
    button)."""
    parser = _Texts()
    # a page's template (web/templates), rendered as it is served: with page.html's head
    parser.feed(pages_html.render(Path(fileobj.name).name, fileobj.read().decode("utf-8")))
    for line, text, context in parser.found:
        if context:
            yield line, "pgettext", (context, text), []
        else:
            yield line, None, text, []


def rulebook_paragraphs() -> list[str]:
    """The players' reading of RULES.md, paragraph by paragraph (each one msgid)."""
    return [p for p in for_players(RULEBOOK.read_text(encoding="utf-8")).split("\n\n") if p.strip()]


def extract_rulebook(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel extractor for RULES.md: the players' reading's paragraphs (the file itself is read
    through :func:`rulebook_paragraphs`, as the page reads it)."""
    for number, paragraph in enumerate(rulebook_paragraphs(), start=1):
        yield number, None, paragraph, []
    words = [*CHROME.values(), NOT_TRANSLATED, RULE_LABEL, *(v for k, v in READINGS["players"].items() if k != "kind")]
    for word in words:
        found = re.fullmatch(r'<a href="[^"]+">(.*)</a>', word)
        yield 0, None, found.group(1) if found else word, []


# --- the browser's catalogs ---------------------------------------------------------------


def categories(catalog: Catalog) -> list[str]:
    """The CLDR plural category of each of a catalog's gettext plural forms, in the forms' order
    (its ``Plural-Forms``): form i is the category of the first count 0–1000 the header's
    expression sends to i (Russian's three forms: one, few, many; CLDR's "other", for fractions,
    is read as its last form)."""
    locale = catalog.locale or Locale("en")
    pick = gettext.c2py(catalog.plural_expr)
    out: list[str | None] = [None] * catalog.num_plurals
    for n in range(1001):
        index = pick(n)
        if out[index] is None:
            out[index] = locale.plural_form(n)
    return [c or "other" for c in out]


def _key(message: Message) -> str:
    """A message's key in the browser's catalog: its msgid (a plural's singular), after its context."""
    ident = message.id
    key = str(ident[0]) if isinstance(ident, tuple | list) else str(ident)
    return f"{message.context}\u0004{key}" if message.context else key


def catalog_json(catalog: Catalog, code: str) -> dict[str, Any]:
    """One catalog as the browser reads it (see the module docstring); untranslated and fuzzy
    messages are left out, so the page shows their English."""
    tags = categories(catalog)
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        key = _key(message)
        if isinstance(message.id, tuple):
            forms = list(message.string) if isinstance(message.string, tuple | list) else [message.string]
            if all(forms):
                said = dict(zip(tags, forms, strict=False))
                messages[key] = {"other": forms[-1], **said}
        elif message.string:
            messages[key] = message.string
    return {"lang": code, "messages": messages}


_PLACEHOLDER = re.compile(r"(\{\w+\}|%\(\w+\)[sd])")


def pseudo(text: str) -> str:
    """English accented and bracketed, placeholders kept: "Start game" → "⟦Şŧȧřŧ ġȧḿē⟧"."""
    parts = _PLACEHOLDER.split(text)
    return "⟦" + "".join(p if _PLACEHOLDER.fullmatch(p) else p.translate(ACCENT) for p in parts) + "⟧"


def pseudo_json(template: Catalog) -> dict[str, Any]:
    """The pseudo-locale's catalog from the template (every msgid, accented)."""
    messages: dict[str, Any] = {}
    for message in template:
        if not message.id:
            continue
        key = _key(message)
        if isinstance(message.id, tuple):
            messages[key] = {"one": pseudo(str(message.id[0])), "other": pseudo(str(message.id[1]))}
        else:
            messages[key] = pseudo(str(message.id))
    return {"lang": PSEUDO, "messages": messages}


def _dump(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8")


def write_json(locales: Path = LOCALES, out: Path = OUT) -> list[Path]:
    """``make catalogs``' pages part: the JSON catalogs and the index (see the module docstring)."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    languages: list[dict[str, Any]] = [{"code": "en", "name": "English", "rulebook": True}]
    for po in sorted(locales.glob("*/LC_MESSAGES/pages.po")):
        folder = po.parent.parent.name
        code = web_code(folder)
        path = out / f"pages.{code}.json"
        _dump(path, catalog_json(read_catalog(po), code))
        written.append(path)
        locale = Locale.parse(folder)
        rulebook = (po.parent / "rulebook.po").exists() and rulebook_complete(read_catalog(po.parent / "rulebook.po"))
        languages.append({"code": code, "name": locale.get_display_name(locale) or code, "rulebook": rulebook})
    template = locales / "pages.pot"
    if template.exists():
        path = out / f"pages.{PSEUDO}.json"
        _dump(path, pseudo_json(read_catalog(template)))
        written.append(path)
        languages.append({"code": PSEUDO, "name": "[Pseudo]", "pseudo": True, "rulebook": False})
    index = out / "index.json"
    _dump(index, {"languages": languages})
    written.append(index)
    return written


def rulebook_complete(catalog: Catalog) -> bool:
    """True when every paragraph of the players' reading has a translation that is not fuzzy."""
    done = {m.id for m in catalog if m.id and m.string and not m.fuzzy}
    return all(p in done for p in rulebook_paragraphs())


def main() -> None:
    for path in write_json():
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()
