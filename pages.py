"""The pages' routes: the scorepad and meld checker (``/``), play against the computer
(``/play``), the rulebook (``/rules``, ``/RULES.md``), the API's docs (``/docs``, Swagger UI),
their static files and the scorepad's service worker. A plain Flask Blueprint (not in the API
document), registered by ``app.create_app``; the pages' security headers are the factory's,
as they are every answer's.

One module for each service's routes, beside ``app.py``: the referee in ``referee_api.py``, the
sealed tables in ``tables_api.py``, health and documents in ``operations_api.py``, these here."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, redirect, request, send_from_directory
from werkzeug.wrappers import Response as WerkzeugResponse

from web import pages_html, rulebook
from web.rulebook_catalogs import rulebook_language

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"

pages = Blueprint("pages", __name__)


@pages.get("/docs")
def docs() -> Response:
    """The API's docs page (web/templates/docs.html, Swagger UI on /openapi.yaml)."""
    return page("docs.html")


@pages.get("/docs/index.html")
def docs_old_address() -> WerkzeugResponse:
    """The docs page's address while it was a static file: kept for old links and bookmarks."""
    return redirect("/docs", code=301)


@pages.get("/docs/<path:name>")
def docs_asset(name: str) -> Response:
    """The docs page's own files, else Swagger UI's."""
    return send_from_directory(STATIC / "docs", name) if (STATIC / "docs" / name).is_file() else send_from_directory(swagger_ui_dir(), name)


@pages.get("/")
def index() -> Response:
    """The scorepad and the meld checker (web/templates/index.html)."""
    return page("index.html")


@pages.get("/play")
def play_page() -> Response:
    """Play a hand against computer opponents (web/templates/play.html), on the sealed tables' API only."""
    return page("play.html")


@pages.get("/rules")
def rules_page() -> Response:
    """The rulebook (RULES.md) as a page, one anchor per rule id (``/rules#R11``): for players
    (in the language ``?lang=`` names, else the best of Accept-Language, else English), or
    with the API's codes at ``/rules?for=developers`` (English)."""
    if request.args.get("for") == "developers":
        return Response(rulebook.page("developers"), mimetype="text/html", headers={"Content-Language": "en"})
    lang = rulebook_language(request.args.get("lang"), request.accept_languages)
    return Response(rulebook.page("players", lang), mimetype="text/html", headers={"Content-Language": lang, "Vary": "Accept-Language"})


@pages.get("/RULES.md")
def rules_text() -> Response:
    """The rulebook as written, in Markdown."""
    return send_from_directory(HERE, "RULES.md", mimetype="text/markdown")


@pages.get("/static/<path:name>")
def static_file(name: str) -> Response:
    return send_from_directory(STATIC, name)


@pages.get("/sw.js")
def service_worker() -> Response:
    """The scorepad's service worker, served at the root so that it may keep "/" for offline use."""
    resp = send_from_directory(STATIC, "sw.js", max_age=0)
    resp.headers["Cache-Control"] = "no-cache"
    return resp


def page(name: str) -> Response:
    """A page that is the same for every request, rendered once (web.pages_html), with an ETag
    so that a browser holding it is answered 304, as the static file was."""
    resp = Response(pages_html.static_page(name), mimetype="text/html")
    resp.add_etag()
    resp.make_conditional(request)
    return resp


def swagger_ui_dir() -> str:
    """Swagger UI's files (version 5: it reads OpenAPI 3.1), from the flask-swagger-ui package."""
    import flask_swagger_ui

    return str(Path(flask_swagger_ui.__file__).parent / "dist")
