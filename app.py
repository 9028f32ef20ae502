"""Rummy Referee's HTTP layer: decode, call the rules core, encode.

``create_app()`` builds the Flask application; the module-level ``app`` is what gunicorn serves
(``gunicorn app:app``). Every route is a few lines around one function of ``referee``; the
marshmallow schemas in ``schemas/`` are the request and response bodies of record, and the
OpenAPI document is generated from them (``make openapi``). Request bodies, problem documents
and the OpenAPI document are built in ``web/``.
"""

from __future__ import annotations

import os
from pathlib import Path

import orjson
from flask import Flask, Response, current_app, g, request, send_from_directory
from flask.json.provider import JSONProvider
from flask_cors import CORS

import referee
import referee.bots
from referee.catalog import rules_document
from referee.errors import InvalidInput
from schemas import api as S
from schemas.rules import RulesListSchema
from schemas.suggest import SuggestRequest, SuggestResponse
from tables_api import register_tables, store_not_ready
from web import body_read, language, metrics, request_id, rulebook
from web.bodies import decode_body
from web.language import UnknownLanguage
from web.openapi import API_DESCRIPTION, NO_CREDENTIALS, SERVERS, openapi_document, request_examples
from web.problems import ProblemApi, invalid_input, problem, unknown_language
from web.routes import RefereeBlueprint, problems_under
from web.rulebook_catalogs import rulebook_language

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
API_VERSION = "1.0.0"
DEFAULT_MAX_BODY_BYTES = 2048 * 1024  # the largest endpoint limit: a revealed hand to verify (web/bodies.py)


class OrjsonProvider(JSONProvider):
    """Flask's JSON through orjson: the same documents, several times faster."""

    def dumps(self, obj, **kwargs):
        return orjson.dumps(obj).decode()

    def loads(self, s, **kwargs):
        return orjson.loads(s)

    def response(self, *args, **kwargs):
        obj = self._prepare_response_obj(args, kwargs)
        return self._app.response_class(orjson.dumps(obj), mimetype="application/json")


blp = RefereeBlueprint("v1", __name__, url_prefix="/v1", description="Referee and scorepad for Rummy (the rules R1–R21 at /rules).")
EXAMPLES = request_examples()


@blp.post("/melds/check", S.MeldCheckRequest, S.MeldCheckResponse, EXAMPLES["melds/check"])
def check_meld(args):
    """Is it a meld, or can these cards be laid off on a meld? (R6, R10–R12)

    With `onto`, the cards are laid off on that meld. A failed meld is explained against what the cards were meant to be, with the contract's
    reason codes and the cards named with suit symbols."""
    if "onto" in args:
        check = referee.check_lay_off(args["onto"], args["cards"], args["rules"])
    else:
        check = referee.check_meld(args["cards"], args["rules"])
    return check


@blp.post("/hand-score", S.HandScoreRequest, S.HandScoreResponse, EXAMPLES["hand-score"])
def hand_score(args):
    """What going out scores (R14, R15).

    Each opponent's cards left (R14), doubled for going rummy where the rules say so (R15)."""
    with problems_under("remaining"):
        return referee.score_hand(args["remaining"], args["rummy"], args["rules"])


@blp.post("/deal", S.DealRequest, S.StateResponse, EXAMPLES["deal"])
def deal(args):
    """Shuffle and deal a new hand (R2, R3).

    The same `seed` gives the same deal."""
    state = referee.deal(args["players"], args["rules"], args["dealer"], args["seed"])
    return {"state": referee.validate_state(state)}


@blp.post("/move", S.MoveRequest, S.MoveResponse, EXAMPLES["move"])
def move(args):
    """Judge one move, or a list of moves applied in order (R4–R9, R13, R17, R18).

    The list stops at the first illegal move. `legal: false` is a normal answer with the reasons;
    `summary` says in one sentence what happened."""
    single = "move" in args
    with problems_under("move" if single else "moves", first_index=single):
        return referee.apply_moves(args["state"], [args["move"]] if single else args["moves"])


@blp.post("/legal-moves", S.LegalMovesRequest, S.LegalMovesResponse, EXAMPLES["legal-moves"])
def legal_moves(args):
    """Every legal move of the player to move, and whose turn it is in words.

    Draws, melds, single-card lay-offs naming their meld, discards, and a `summary` saying whose
    turn it is and what they may do. Once the hand is over: no moves, a `hand_over` reason, and
    who deals next (R19)."""
    return referee.turn_options(args["state"])


@blp.post("/scorepad", S.ScorepadRequest, S.ScorepadResponse, EXAMPLES["scorepad"])
def scorepad(args):
    """Score a physical-deck game hand by hand (R14, R15, R19, R20).

    Dealers (R19), points (R14, R15), running totals, standings and the winner (R20). Send every
    hand each time; nothing is stored."""
    return referee.replay(args["players"], args["rules"], args["hands"], args["first_dealer"])


@blp.post("/suggest", SuggestRequest, SuggestResponse, EXAMPLES["suggest"])
def suggest(args):
    """A legal move for the player to move, and one sentence why.

    Exactly the move the computer opponent of `level` (default hard) would make from that
    player's seat, seeing only what that seat may see: the state, and the hand's `events` when
    they are sent. A hand that is over: 422."""
    return referee.bots.suggest(args["state"], args["level"], args.get("events", ()))


@blp.get("/rules", RulesListSchema)
def get_rules():
    """The presets with every option value (R21), and what the pages show of the rules.

    Each preset's label and character, each option's label, sentence, allowed values and rule,
    the limits (players, hand sizes, target score, deals) and the computer opponents' levels."""
    return rules_document()


ops = RefereeBlueprint("ops", __name__, description="Service health and documents.")


@ops.get("/healthz", S.HealthSchema)
def get_health():
    """Liveness: the process answers. Nothing else is asked (a store down is not a reason to
    restart the process: see `/readyz`)."""
    return {"status": "ok"}


@ops.get("/readyz", S.HealthSchema)
@ops.alt_response(503, response="SERVICE_UNAVAILABLE")
def get_ready():
    """Readiness: this instance should be sent requests. 503 while it drains (before a stop:
    the file `RUMMY_DRAIN_FILE` exists) or while the sealed tables' replay guard is configured
    but its store is not usable (unreachable, refusing, its scripts not loaded), naming why."""
    drain = os.environ.get("RUMMY_DRAIN_FILE", "").strip()
    if drain and os.path.exists(drain):
        return problem(503, "this instance is draining: it is about to stop", headers={"Retry-After": "1"})
    why = store_not_ready(current_app)
    if why is not None:
        return problem(503, f"the table store is not usable: {why}", headers={"Retry-After": "1"})
    return {"status": "ok"}


@ops.get(
    "/openapi.yaml",
    responses={
        "200": {
            "description": "This API's OpenAPI 3.1 document, generated from its schemas.",
            "content": {
                "application/yaml": {
                    "schema": {
                        "type": "object",
                        "required": ["openapi", "info", "paths"],
                        "additionalProperties": True,
                        "properties": {
                            "openapi": {"type": "string", "example": "3.1.0"},
                            "info": {"type": "object", "additionalProperties": True},
                            "paths": {"type": "object", "additionalProperties": True},
                        },
                        "description": "An OpenAPI 3.1 document, in YAML.",
                    }
                }
            },
        }
    },
)
def get_openapi():
    """This document."""
    spec = current_app.extensions.setdefault("rummy-openapi", [])  # generated once, on first request
    if not spec:
        spec.append(openapi_document(current_app))
    return Response(spec[0], mimetype="application/yaml")


# --- the application ---------------------------------------------------------------------


def settings_from_environment(env=os.environ) -> dict:
    """The app's settings from environment variables, each with a safe default:

    - ``RUMMY_MAX_BODY_BYTES``: largest request body accepted (default 2097152; a full table
      snapshot is about 2 KB).
    - ``RUMMY_CORS_ORIGINS``: comma-separated origins allowed to call the API from a browser,
      or ``*`` (the default: the API holds no credentials and no state, so any page may call it).
      An empty value allows no other origin.

    A value that cannot be right stops the service at start-up with a message naming it, rather
    than running with a setting nobody chose.
    """
    raw = env.get("RUMMY_MAX_BODY_BYTES", str(DEFAULT_MAX_BODY_BYTES)).strip()
    if not (raw.isascii() and raw.isdigit()) or int(raw) < 1:
        raise ValueError(f"RUMMY_MAX_BODY_BYTES must be a whole number of bytes of at least 1, not {raw!r}")
    return {
        "MAX_CONTENT_LENGTH": int(raw),
        "CORS_ORIGINS": [o.strip() for o in env.get("RUMMY_CORS_ORIGINS", "*").split(",") if o.strip()],
    }


# The scorepad page and the docs load only from this service; Swagger UI sets inline styles.
PAGE_CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
DOCS_CSP = PAGE_CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")


def create_app(config: dict | None = None) -> Flask:
    """The Flask application. ``config`` overrides settings (tests); otherwise they come from
    the environment (:func:`settings_from_environment`)."""
    app = Flask(__name__, static_folder=None)
    app.json = OrjsonProvider(app)
    app.config.update(
        API_TITLE="Rummy Referee",
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.1.0",
        API_SPEC_OPTIONS={"info": {"description": API_DESCRIPTION}, "servers": SERVERS, "security": NO_CREDENTIALS},
        **settings_from_environment(),
    )
    app.config.update(config or {})
    request_id.init_app(app)  # first: every answer and log line after it knows the request's id
    language.init_app(app)  # then the answer's language: every sentence after it is said in it
    metrics.init_app(app)
    CORS(
        app,
        resources={r"/v1/*": {"origins": app.config["CORS_ORIGINS"]}, r"/openapi.yaml": {"origins": app.config["CORS_ORIGINS"]}},
        methods=["GET", "POST", "OPTIONS"],
        allow_headers=["Content-Type"],
        max_age=600,
    )
    api = ProblemApi(app)
    api.register_blueprint(blp)
    api.register_blueprint(ops)
    register_tables(app, api)
    app.register_error_handler(InvalidInput, invalid_input)
    app.register_error_handler(UnknownLanguage, unknown_language)
    body_read.init_app(app)  # the body whole and in time, before anything reads it (408, 400, 413)

    @app.after_request
    def _security_headers(resp: Response) -> Response:
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers.setdefault("Referrer-Policy", "no-referrer")
        if resp.mimetype == "text/html":
            resp.headers["Content-Security-Policy"] = DOCS_CSP if request.path.startswith("/docs") else PAGE_CSP
            resp.headers["X-Frame-Options"] = "DENY"
        return resp

    @app.before_request
    def _decode_json_body():
        if request.method in ("POST", "PUT", "PATCH") and request.url_rule is not None:
            g.json_body = decode_body()

    @app.get("/docs")
    def docs():
        return send_from_directory(STATIC / "docs", "index.html")

    @app.get("/docs/<path:name>")
    def docs_asset(name):
        return (
            send_from_directory(STATIC / "docs", name)
            if (STATIC / "docs" / name).is_file()
            else send_from_directory(swagger_ui_dir(), name)
        )

    @app.get("/")
    def index():
        return send_from_directory(STATIC, "index.html")

    @app.get("/play")
    def play_page():
        """Play a hand against computer opponents (static/play.html), on the sealed tables' API only."""
        return send_from_directory(STATIC, "play.html")

    @app.get("/rules")
    def rules_page():
        """The rulebook (RULES.md) as a page, one anchor per rule id (``/rules#R11``): for players
        (in the language ``?lang=`` names, else the best of Accept-Language, else English), or
        with the API's codes at ``/rules?for=developers`` (English)."""
        if request.args.get("for") == "developers":
            return Response(rulebook.page("developers"), mimetype="text/html", headers={"Content-Language": "en"})
        lang = rulebook_language(request.args.get("lang"), request.accept_languages)
        return Response(rulebook.page("players", lang), mimetype="text/html", headers={"Content-Language": lang, "Vary": "Accept-Language"})

    @app.get("/RULES.md")
    def rules_text():
        """The rulebook as written, in Markdown."""
        return send_from_directory(HERE, "RULES.md", mimetype="text/markdown")

    @app.get("/static/<path:name>")
    def static_file(name):
        return send_from_directory(STATIC, name)

    @app.get("/sw.js")
    def service_worker():
        """The scorepad's service worker, served at the root so that it may keep "/" for offline use."""
        resp = send_from_directory(STATIC, "sw.js", max_age=0)
        resp.headers["Cache-Control"] = "no-cache"
        return resp

    return app


def swagger_ui_dir() -> str:
    """Swagger UI's files (version 5: it reads OpenAPI 3.1), from the flask-swagger-ui package."""
    import flask_swagger_ui

    return str(Path(flask_swagger_ui.__file__).parent / "dist")


try:
    app = create_app()
except ValueError as e:  # a setting it cannot use (RUMMY_TABLE_STORE, RUMMY_SEAL_KEYS, …): one line, not a traceback
    raise SystemExit(f"rummy-referee not started: {e}") from None
