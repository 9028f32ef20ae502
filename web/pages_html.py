"""The pages' HTML (``/``, ``/play``, ``/rules``, ``/docs``): a Jinja2 template a page in
web/templates, each extending ``page.html``, the head they share (charset, viewport, icon,
colours, the home screen's manifest), which each page wrote out again when they were whole HTML
files. What is a page's own in its head is its :class:`Head` here, one line a page.

``/``, ``/play`` and ``/docs`` hold nothing from the request: each is rendered once per process
and answered as the same bytes, as the static files were (the service worker keeps ``/`` and
``/play`` for offline use, as before). ``/rules`` is rendered per reading and language by
:func:`web.rulebook.page`, which gives its title and description in that language."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader

TEMPLATES = Path(__file__).resolve().parent / "templates"
# A block tag's own line leaves no blank line behind (trim_blocks, lstrip_blocks).
ENV = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


@dataclass(frozen=True)
class Head:
    """What a page's head says of its own (the English of the title and description: the pages
    translate them in the browser, static/js/i18n.js, from locales/pages.pot)."""

    title: str = ""
    description: str = ""
    styles: tuple[str, ...] = ("/static/scorepad.css",)
    script: str | None = None  # the page's module
    installable: bool = False  # the manifest and the home screen's icon: the pages that open offline on their own
    colors: bool = True  # light and dark, the bar's colour; not /docs (Swagger UI's page is light only)


HEADS = {
    "index.html": Head(
        "Rummy scorepad",
        "Rummy scorepad: enter each hand, the Rummy Referee keeps the score and settles disputed melds.",
        script="/static/scorepad.js",
        installable=True,
    ),
    "play.html": Head(
        "Play Rummy",
        "Practise Rummy in your browser against computer opponents, refereed by the Rummy Referee.",
        styles=("/static/scorepad.css", "/static/play.css"),
        script="/static/play.js",
    ),
    "rules.html": Head(styles=("/static/scorepad.css", "/static/rules.css"), script="/static/rules.js", installable=True),
    "docs.html": Head(
        "API",
        "The Rummy Referee's HTTP API: every operation with a worked example you can run from this page.",
        styles=("/docs/swagger-ui.css", "/docs/docs.css"),
        colors=False,
    ),
}


@cache
def static_page(name: str) -> str:
    """A page that is the same for every request: ``index.html``, ``play.html``, ``docs.html``."""
    return render(name)


def render(name: str, source: str | None = None, **values: Any) -> str:
    """The page ``name`` with its :class:`Head` (from ``source``, its template's text, when given)."""
    template = ENV.from_string(source) if source is not None else ENV.get_template(name)
    return template.render(head=HEADS[name], **values)
