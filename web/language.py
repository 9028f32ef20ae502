"""The language of an answer (issue 36): the ``lang`` query parameter, else ``Accept-Language``,
else English; ``Content-Language`` on every answer says which was used.

``lang`` is one of the service's BCP 47 tags (:data:`referee.speech.LANGUAGES`, or the
pseudo-locale ``en-XA`` that tests use), compared without regard to case or ``_``/``-``; any
other value is a 422 naming the parameter. ``Accept-Language`` is read by werkzeug's
``LanguageAccept`` (its ranges by quality value, highest first; each range matches its own tag,
else the service's tag of its primary language: ``es-MX`` → ``es``, ``pt`` → ``pt-BR``); a
header that names none of them, or none at all, is English. Every sentence of the core is then said in that language where the
answer is written (``schemas.dump.SPEAKING``; problem documents through :func:`spoken`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import Flask, Response, g, has_request_context, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from referee.errors import Problem
from referee.speech import LANGUAGES, PSEUDO, Language, language, render, say
from schemas.dump import SPEAKING

QUERY = "lang"
HEADER = "Content-Language"
_BY_KEY = {t.lower().replace("_", "-"): t for t in (*LANGUAGES, PSEUDO)}


class UnknownLanguage(ValueError):
    """A ``lang`` the service does not speak: ``problem`` names the parameter."""

    def __init__(self, value: str) -> None:
        self.problem = Problem(
            (QUERY,),
            say(
                "lang: {value} is not a language of this service; use one of {languages}", value=repr(value), languages=", ".join(LANGUAGES)
            ),
        )
        super().__init__(self.problem.message)


def choose(lang: str | None, accept: Any) -> Language:
    """The language of an answer: ``lang`` (the query parameter; raises
    :class:`UnknownLanguage` for another value), else the best of ``accept`` (werkzeug's
    ``LanguageAccept``), else English."""
    if lang is not None:
        tag = _BY_KEY.get(lang.strip().lower().replace("_", "-"))
        if tag is None:
            raise UnknownLanguage(lang)
        return language(tag)
    for value, _ in sorted(accept or (), key=lambda vq: -vq[1]):  # stable: ties keep the header's order
        tag = _best(value)
        if tag is not None:
            return language(tag)
    return language("en")


_PRIMARY = {t.split("-")[0].lower(): t for t in LANGUAGES}  # es → es, pt → pt-BR


def _best(value: str) -> str | None:
    """The service's language for one ``Accept-Language`` range: the same tag, else the same
    primary language (RFC 4647 lookup, then the one region spoken): ``es-MX`` → ``es``,
    ``pt`` → ``pt-BR``; ``*`` and others None."""
    key = value.strip().lower().replace("_", "-")
    if key in _BY_KEY and _BY_KEY[key] != PSEUDO:
        return _BY_KEY[key]
    return _PRIMARY.get(key.split("-")[0])


@lru_cache(maxsize=256)
def accepted(header: str) -> Language:
    """The language of an ``Accept-Language`` header (its best range the service speaks, else
    English), as :func:`choose` finds it from werkzeug's parse of the header (as
    ``request.accept_languages``). Remembered by the header's text: browsers send a few."""
    return choose(None, parse_accept_header(header, LanguageAccept))


def current() -> Language | None:
    """The language of the request being answered (None: English, or outside a request)."""
    if not has_request_context():
        return None
    chosen: Language | None = g.get("language")
    return chosen


def spoken(text: str) -> str:
    """``text`` (a sentence of the core, or any string) in the request's language."""
    return render(text, current())


def init_app(app: Flask) -> None:
    """Choose each request's language first (a bad ``lang`` of the API, /v1/, raises
    :class:`UnknownLanguage`, which app.py answers with a 422 through
    ``web.problems.unknown_language``; a page ignores one), say the sentences of the answer in
    it, and name it in ``Content-Language`` unless the answer already did."""

    @app.before_request
    def _choose_language() -> None:
        g.language = None
        environ = request.environ
        if not environ.get("QUERY_STRING") and "HTTP_ACCEPT_LANGUAGE" not in environ:
            return  # English, the commonest answer of the API: no query string to parse, no header
        asked = request.args.get(QUERY)
        if asked is not None and not request.path.startswith("/v1/"):
            # the pages (/rules?lang=) choose among their own languages (web/i18n_pages.py)
            asked = asked if asked.strip().lower().replace("_", "-") in _BY_KEY else None
        if asked is None and "Accept-Language" not in request.headers:
            return  # English, the commonest answer of the API: nothing to choose or to set
        chosen = choose(asked, None) if asked is not None else accepted(environ.get("HTTP_ACCEPT_LANGUAGE", ""))
        g.language_tag = chosen.tag
        if chosen.translations is not None:  # English is SPEAKING's default (None)
            g.language = chosen
            g.language_token = SPEAKING.set(chosen)

    @app.after_request
    def _content_language(resp: Response) -> Response:
        headers = resp.headers
        if HEADER not in headers:  # a page may have said its own (not there: add, as set would)
            headers.add(HEADER, g.get("language_tag", "en"))
        vary = headers.get("Vary")
        if vary is None:
            headers.add("Vary", "Accept-Language")
        elif "accept-language" not in vary.lower():
            headers["Vary"] = f"{vary}, Accept-Language"
        return resp

    @app.teardown_request
    def _forget_language(_: BaseException | None) -> None:
        token = g.pop("language_token", None)
        if token is not None:
            SPEAKING.reset(token)
