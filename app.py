"""Rummy Referee's HTTP layer: decode, call the rules core, encode.

``create_app()`` builds the Flask application; the module-level ``app`` is what gunicorn serves
(``gunicorn app:app``). Every route is a few lines around one function of ``referee``; the
marshmallow schemas in ``schemas/`` are the request and response bodies of record, and the
OpenAPI document is generated from them (``make openapi``).
"""
from __future__ import annotations

import json
import os
from http import HTTPStatus
from pathlib import Path

import orjson
from flask import Flask, Response, g, request, send_from_directory
from flask.json.provider import JSONProvider
from flask_cors import CORS
from flask_smorest import Api, Blueprint
from marshmallow import missing
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import BadRequest, HTTPException, RequestEntityTooLarge, UnsupportedMediaType

import referee
from referee.errors import InvalidInput, Problem
from schemas import api as S
from schemas.errors import ProblemSchema, count_messages, pointer, problems_from_messages
from schemas.rules import ResolvedRulesSchema, RulesListSchema
from schemas.state import MAX_MOVES
from suggest_api import suggest_blueprint
from referee.rules import MAX_DEALS

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
PROBLEM_JSON = "application/problem+json"
API_VERSION = "1.0.0"
DEFAULT_MAX_BODY_BYTES = 256 * 1024
MAX_JSON_DEPTH = 32
# Structural limits checked on the decoded body before any schema runs (marshmallow checks a
# list's length only after loading every item, so a 60 000-item list would cost half a second
# and megabytes of error messages). No valid request comes near them: the longest list of any
# schema is a scorepad's hands (MAX_JSON_ITEMS; a test keeps the two equal), the widest object
# the rules (11 keys).
MAX_JSON_ITEMS = 1000
MAX_JSON_KEYS = 64
MAX_LISTED_ERRORS = 100  # a 422 lists at most this many faults, and says how many more there are


# --- JSON in and out ---------------------------------------------------------------------

class OrjsonProvider(JSONProvider):
    """Flask's JSON through orjson: the same documents, several times faster."""

    def dumps(self, obj, **kwargs):
        return orjson.dumps(obj).decode()

    def loads(self, s, **kwargs):
        return orjson.loads(s)

    def response(self, *args, **kwargs):
        obj = self._prepare_response_obj(args, kwargs)
        return self._app.response_class(orjson.dumps(obj), mimetype="application/json")


class _Repeated(dict):
    """An object in which ``key`` appeared more than once (found after the parse, with its path)."""

    key: str = ""


def _mark_repeated_keys(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            marked = _Repeated(pairs)
            marked.key = key
            return marked
        obj[key] = value
    return obj


def _has_repeated_key(raw: bytes) -> bool:
    """Whether some object of ``raw`` repeats a key (the fast check; the path is found after)."""
    seen = []

    def hook(pairs):
        if len({k for k, _ in pairs}) != len(pairs):
            seen.append(True)
        return None

    json.loads(raw, object_pairs_hook=hook)
    return bool(seen)


def _repeated_key_path(value, path=()):
    """The path of the first key repeated in one object of a body parsed with
    :func:`_mark_repeated_keys`, or None."""
    if isinstance(value, _Repeated):
        return (*path, value.key)
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for k, v in children:
        found = _repeated_key_path(v, (*path, k))
        if found:
            return found
    return None


class BodyProblem(BadRequest):
    """A 400 about one place in the body: ``path`` becomes the problem's JSON Pointer."""

    def __init__(self, description: str, path: tuple = ()) -> None:
        super().__init__(description)
        self.path = path


_JSON_TYPES = {dict: "an object", list: "an array", str: "a string", int: "a number", float: "a number",
               bool: "true or false", type(None): "null"}


def _depth(value, limit: int) -> int:
    """Nesting depth of a JSON value (a scalar in the top object is at depth 2), stopping early
    past ``limit``. The plain reference for :func:`_check_shape`'s depth rule."""
    stack = [(value, 1)]
    deepest = 0
    while stack:
        v, d = stack.pop()
        deepest = max(deepest, d)
        if deepest > limit:
            return deepest
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v)
    return deepest


def _shape_ok(value, depth: int) -> bool:
    """Whether :func:`_check_shape` would let the container ``value`` (at ``depth``) through:
    the same three rules, without paths; a fifth of its time on a move (bench/README.md)."""
    if depth + (1 if value else 0) > MAX_JSON_DEPTH:
        return False
    if isinstance(value, dict):
        if len(value) > MAX_JSON_KEYS:
            return False
        value = value.values()
    elif len(value) > MAX_JSON_ITEMS:
        return False
    for v in value:
        if isinstance(v, (dict, list)) and not _shape_ok(v, depth + 1):
            return False
    return True


def _check_shape(body: dict) -> None:
    """Refuse a body nested deeper than MAX_JSON_DEPTH, with an array longer than MAX_JSON_ITEMS
    or an object wider than MAX_JSON_KEYS, naming the place (one pass, stops at the first)."""
    if _shape_ok(body, 1):
        return  # the usual case, decided without building a path for every container
    stack = [(body, ())]
    while stack:
        value, path = stack.pop()
        # the value at ``path`` is at depth len(path) + 1, its items one deeper (as _depth counts)
        if len(path) + (2 if value else 1) > MAX_JSON_DEPTH:
            raise BodyProblem(f"the body is nested more than {MAX_JSON_DEPTH} levels deep", path)
        if isinstance(value, dict):
            if len(value) > MAX_JSON_KEYS:
                raise BodyProblem(f"an object of {len(value)} keys: no object here has more than {MAX_JSON_KEYS}", path)
            stack.extend((v, (*path, k)) for k, v in value.items() if isinstance(v, (dict, list)))
        elif isinstance(value, list):
            if len(value) > MAX_JSON_ITEMS:
                raise BodyProblem(f"an array of {len(value)} items: no array here has more than {MAX_JSON_ITEMS}", path)
            stack.extend((v, (*path, i)) for i, v in enumerate(value) if isinstance(v, (dict, list)))


def decode_body() -> dict:
    """The request body as a JSON object, or an HTTP error naming what is wrong with it:
    415 not JSON, 413 too large, 400 not parseable, with a repeated key, not an object, or past
    the structural limits (nesting, array length, object width)."""
    mimetype = request.mimetype
    if mimetype != "application/json" and not (mimetype.startswith("application/") and mimetype.endswith("+json")):
        raise UnsupportedMediaType(f"send the body as JSON with Content-Type: application/json (got {mimetype or 'none'!r})")
    raw = request.get_data(cache=True)  # 413 when Content-Length is over MAX_CONTENT_LENGTH
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(raw) >= limit and request.environ["wsgi.input"].read(1):
        # A chunked body is read up to the limit and silently cut there: more is too large.
        raise RequestEntityTooLarge()
    if not raw.strip():
        raise BadRequest("the request body is empty: send a JSON object")
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError as e:
        raise BadRequest(f"the body is not valid JSON: {e}") from None
    if not isinstance(body, dict):
        raise BadRequest(f"the body must be a JSON object, not {_JSON_TYPES.get(type(body), type(body).__name__)}")
    _check_shape(body)
    if b'"' in raw:  # repeated keys: orjson keeps the last silently, so look again, strictly
        try:
            repeated = _has_repeated_key(raw) and _repeated_key_path(json.loads(raw, object_pairs_hook=_mark_repeated_keys))
        except (ValueError, RecursionError):
            raise BadRequest("the body is not valid JSON") from None
        if repeated:
            shown = repeated[-1] if len(repeated[-1]) <= 40 else repeated[-1][:40] + "…"
            raise BodyProblem(f"the key {shown!r} appears twice in one JSON object; send it once", repeated)
    return body


# --- problem details ---------------------------------------------------------------------

def problem(status: int, detail: str, problems: list[Problem] | None = None, headers=None) -> Response:
    """An RFC 9457 ``application/problem+json`` answer; ``problems`` become ``errors``."""
    body = {"type": "about:blank", "title": HTTPStatus(status).phrase, "status": status, "detail": detail}
    if problems is not None:
        body["errors"] = [{"pointer": pointer(p.path), "detail": p.message} for p in problems]
    resp = Response(orjson.dumps(body), status=status, mimetype=PROBLEM_JSON)
    for k, v in (headers or {}).items():
        resp.headers[k] = v
    return resp


def invalid(problems: list[Problem], total: int | None = None) -> Response:
    """422 for input that cannot be true, each fault by JSON Pointer (the first
    MAX_LISTED_ERRORS of ``total``, which defaults to all of ``problems``)."""
    first = problems[0]
    where = pointer(first.path) or "the body"
    if len(where) > 100:
        where = where[:100] + "…"
    total = max(total or 0, len(problems))
    listed = f"; the first {MAX_LISTED_ERRORS} are listed" if total > MAX_LISTED_ERRORS else ""
    more = f" (and {total - 1} more{listed})" if total > 1 else ""
    return problem(422, f"{where}: {first.message}{more}", problems[:MAX_LISTED_ERRORS])


class RefereeApi(Api):
    """flask-smorest's Api, answering every error as problem details."""

    ERROR_SCHEMA = ProblemSchema  # the documented error body is the one actually sent (RFC 9457)

    def handle_http_exception(self, error: HTTPException):
        data = getattr(error, "data", None) or {}
        messages = data.get("messages")
        if error.code == 422 and messages:
            # webargs nests errors under the location ("json"); the pointer is into the body.
            messages = messages.get("json", messages) if isinstance(messages, dict) else messages
            found = problems_from_messages(messages, limit=MAX_LISTED_ERRORS)
            return invalid(found or [Problem((), "the body is not valid")], count_messages(messages))
        if error.code == 400 and messages:
            return problem(400, "the body is not valid JSON", [Problem((), "the body is not valid JSON")])
        headers = {k: v for k, v in error.get_headers() if k.lower() == "allow"}
        detail = error.description or HTTPStatus(error.code).phrase
        if error.code == 404:
            detail = f"there is no {request.path!r} here; see /openapi.yaml for the API's paths"
        elif error.code == 405:
            detail = f"{request.method} is not allowed on {request.path}; allowed: {headers.get('Allow', '')}"
        elif error.code == 413:
            detail = f"the body is larger than this service accepts ({request.max_content_length} bytes)"
        elif error.code >= 500:
            detail = "the service failed to answer; this is a fault of the service, not of the request"
        problems = [Problem(getattr(error, "path", ()), detail)] if error.code == 400 else None
        return problem(error.code, detail, problems, headers=headers)


# --- the API -----------------------------------------------------------------------------

class RefereeParser(FlaskParser):
    """webargs' parser, reading the body ``decode_body`` already decoded and checked."""

    def _raw_load_json(self, req):
        return g.get("json_body", missing)

    _schemas: dict = {}

    def _get_schema(self, argmap, req):
        """One instance per schema class, built once. webargs builds a new one for a class on
        every request, and with it every nested schema (deep copies of all their fields): that
        was a quarter of the time of a /v1/move (bench/README.md). Loading keeps no state on the
        instance, so sharing it is safe."""
        if isinstance(argmap, type):
            schema = self._schemas.get(argmap)
            if schema is None:
                schema = self._schemas[argmap] = super()._get_schema(argmap, req)
            return schema
        return super()._get_schema(argmap, req)


class RefereeBlueprint(Blueprint):
    ARGUMENTS_PARSER = RefereeParser()


blp = RefereeBlueprint("v1", __name__, url_prefix="/v1", description="Referee and scorepad for Rummy (RULES.md R1–R21).")
ERRORS = (400, 413, 415)


def documented_errors(fn):
    """Document the body errors every POST can answer (422 is added by flask-smorest).

    Only the documentation is kept: ``alt_response`` also wraps the view in a pass-through that
    costs a call and an ``ensure_sync`` check per request, three times over (bench/README.md)."""
    for code in ERRORS:
        fn._apidoc = blp.alt_response(code, response=HTTPStatus(code).name)(fn)._apidoc
    return fn


def _examples() -> dict:
    """Request examples for the docs, the table ones made by the referee itself (a seeded deal),
    so they are always valid."""
    from schemas.state import StateOutSchema
    opening = referee.validate_state(referee.deal(["ana", "ben"], referee.PRESETS["standard"], seed=7))
    state = StateOutSchema().dump(opening)
    ex = lambda summary, value: {"summary": summary, "value": value}  # noqa: E731
    return {
        "melds/check": {
            "disputed": ex("A disputed Q♠ K♠ A♠ (aces are low)", {"cards": ["Q♠", "K♠", "A♠"]}),
            "house_rule": ex("The same under the high_or_low house rule", {"cards": ["QS", "KS", "AS"], "rules": {"aces": "high_or_low"}}),
            "lay_off": ex("Lay 8♠ off onto 5♠ 6♠ 7♠", {"cards": ["8S"], "onto": ["5S", "6S", "7S"]}),
        },
        "hand-score": {
            "rummy": ex("Going rummy: 30 in hand, doubled", {"remaining": {"ben": ["KC", "QD", "9S", "AC"]}, "rummy": True}),
        },
        "deal": {
            "seeded": ex("Two players, reproducible", {"players": ["ana", "ben"], "seed": 7}),
        },
        "move": {
            "draw": ex("ana draws from the stock", {"state": state, "move": {"player": "ana", "action": "draw", "source": "stock"}}),
            "turn": ex("A whole turn: draw, then discard the card drawn", {"state": state, "moves": [
                {"player": "ana", "action": "draw", "source": "stock"},
                {"player": "ana", "action": "discard", "card": state["stock"][0]}]}),
        },
        "legal-moves": {"opening": ex("The opening position of a seeded deal", {"state": state})},
        "scorepad": {
            "three_players": ex("Three players, a hand and a drawn hand", {
                "players": ["Ana", "Ben", "Cy"], "first_dealer": "Ana",
                "hands": [{"winner": "Ana", "rummy": False, "remaining": {"Ben": {"cards": ["KC", "QD", "9S", "AC"]}, "Cy": {"points": 12}}},
                          {"draw": True}]}),
        },
    }


EXAMPLES = _examples()


@blp.route("/melds/check", methods=["POST"])
@blp.arguments(S.MeldCheckRequest, examples=EXAMPLES["melds/check"])
@blp.response(200, S.MeldCheckResponse)
@documented_errors
def check_meld(args):
    """Is it a meld? Or with `onto`, can these cards be laid off on that meld? (R6, R10–R12)

    A failed meld is explained against what the cards were meant to be, with the contract's
    reason codes and the cards named with suit symbols."""
    rules = args["rules"] or referee.PRESETS["standard"]
    if "onto" in args:
        try:
            check = referee.check_lay_off(args["onto"], args["cards"], rules)
        except InvalidInput as bad:
            return invalid(bad.problems)
    else:
        check = referee.check_meld(args["cards"], rules)
    return {"valid": check.valid, "kind": check.kind, "cards": [c.code for c in check.cards],
            "reasons": [r.as_dict() for r in check.reasons]}


@blp.route("/hand-score", methods=["POST"])
@blp.arguments(S.HandScoreRequest, examples=EXAMPLES["hand-score"])
@blp.response(200, S.HandScoreResponse)
@documented_errors
def hand_score(args):
    """What going out scores: each opponent's cards left (R14), doubled for going rummy where
    the rules say so (R15)."""
    rules = args["rules"] or referee.PRESETS["standard"]
    remaining = args["remaining"]
    problems, seen = [], {}
    dealt = referee.hand_size(len(remaining) + 1)
    for player, cards in remaining.items():
        if len(cards) > dealt:
            problems.append(Problem(("remaining", player), f"{player} holds {len(cards)} cards, but with {len(remaining) + 1} players only {dealt} are dealt (R2)"))
        for j, card in enumerate(cards):
            if card in seen:
                problems.append(Problem(("remaining", player, j), (f"{card.symbol} is listed twice for {player}" if seen[card] == player else f"{card.symbol} is listed for both {seen[card]} and {player}") + "; there is only one in the deck (R1)"))
            seen.setdefault(card, player)
    if problems:
        return invalid(problems)
    score = referee.score_hand(remaining, args["rummy"], rules)
    return {"points": score.points, "by_player": score.by_player, "multiplier": score.multiplier, "rummy": score.rummy}


@blp.route("/deal", methods=["POST"])
@blp.arguments(S.DealRequest, examples=EXAMPLES["deal"])
@blp.response(200, S.StateResponse)
@documented_errors
def deal(args):
    """Shuffle and deal a new hand (R2, R3); the same `seed` gives the same deal."""
    try:
        state = referee.deal(args["players"], args["rules"] or referee.PRESETS["standard"], args["dealer"], args["seed"])
    except InvalidInput as bad:
        return invalid(bad.problems)
    return {"state": referee.validate_state(state)}


@blp.route("/move", methods=["POST"])
@blp.arguments(S.MoveRequest, examples=EXAMPLES["move"])
@blp.response(200, S.MoveResponse)
@documented_errors
def move(args):
    """Judge one move, or a list applied in order up to the first illegal one (R4–R9, R13,
    R17, R18). `legal: false` is a normal answer with the reasons."""
    single = "move" in args
    moves = [args["move"]] if single else args["moves"]
    try:
        outcome = referee.apply_moves(args["state"], moves)
    except InvalidInput as bad:
        prefix = ("move",) if single else ("moves",)
        return invalid([Problem(prefix + p.path[1:] if single else prefix + p.path, p.message) for p in bad.problems])
    return {"legal": outcome.legal, "reasons": [r.as_dict() for r in outcome.reasons],
            "applied": outcome.applied, "state": outcome.state,
            "result": outcome.result.as_dict() if outcome.result else None}


@blp.route("/legal-moves", methods=["POST"])
@blp.arguments(S.LegalMovesRequest, examples=EXAMPLES["legal-moves"])
@blp.response(200, S.LegalMovesResponse)
@documented_errors
def legal_moves(args):
    """Every legal move of the player to move: draws, melds, single-card lay-offs naming their
    meld, discards. Empty once the hand is over."""
    state = args["state"]
    return {"player": state.turn.player, "phase": state.turn.phase,
            "moves": [m.as_dict() for m in referee.legal_moves(state)]}


@blp.route("/scorepad", methods=["POST"])
@blp.arguments(S.ScorepadRequest, examples=EXAMPLES["scorepad"])
@blp.response(200, S.ScorepadResponse)
@documented_errors
def scorepad(args):
    """Score a physical-deck game hand by hand: dealers (R19), points (R14, R15), running
    totals, standings and the winner (R20). Send every hand each time; nothing is stored."""
    rules = args["rules"] or referee.PRESETS["standard"]
    try:
        pad = referee.replay(args["players"], rules, args["hands"], args["first_dealer"])
    except InvalidInput as bad:
        return invalid(bad.problems)
    return {
        "hands": pad.hands, "totals": pad.totals, "standings": pad.standings,
        "next_dealer": pad.next_dealer, "game_over": pad.game_over, "winner": pad.winner,
        "to_target": pad.to_target, "rules": rules,
    }


@blp.route("/rules", methods=["GET"])
@blp.response(200, RulesListSchema)
def rules():
    """The three presets with every option value (R21)."""
    return {"default_preset": "standard", "presets": list(referee.PRESETS.values())}


ops = RefereeBlueprint("ops", __name__, description="Service health and documents.")


@ops.route("/healthz", methods=["GET"])
@ops.response(200, S.HealthSchema)
def healthz():
    """Liveness: the process answers."""
    return {"status": "ok"}


# --- the application ---------------------------------------------------------------------

def settings_from_environment(env=os.environ) -> dict:
    """The app's settings from environment variables, each with a safe default:

    - ``RUMMY_MAX_BODY_BYTES``: largest request body accepted (default 262144; a full table
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
PAGE_CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
DOCS_CSP = PAGE_CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")


def create_app(config: dict | None = None) -> Flask:
    """The Flask application. ``config`` overrides settings (tests); otherwise they come from
    the environment (:func:`settings_from_environment`)."""
    app = Flask(__name__, static_folder=None)
    app.json = OrjsonProvider(app)
    app.config.update(
        API_TITLE="Rummy Referee",
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.0.3",
        API_SPEC_OPTIONS={"info": {"description": API_DESCRIPTION}},
        **settings_from_environment(),
    )
    app.config.update(config or {})
    CORS(app, resources={r"/v1/*": {"origins": app.config["CORS_ORIGINS"]}, r"/openapi.yaml": {"origins": app.config["CORS_ORIGINS"]}},
         methods=["GET", "POST", "OPTIONS"], allow_headers=["Content-Type"], max_age=600)
    api = RefereeApi(app)
    api.register_blueprint(blp)
    api.register_blueprint(suggest_blueprint(RefereeBlueprint, invalid))  # computer opponents' advice
    api.register_blueprint(ops)

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

    spec_text: list[str] = []  # generated once, on first request

    @app.get("/openapi.yaml")
    def openapi_yaml():
        if not spec_text:
            spec_text.append(openapi_document(app))
        return Response(spec_text[0], mimetype="application/yaml")

    @app.get("/docs")
    def docs():
        return send_from_directory(STATIC / "docs", "index.html")

    @app.get("/docs/<path:name>")
    def docs_asset(name):
        return send_from_directory(STATIC / "docs", name) if (STATIC / "docs" / name).is_file() else send_from_directory(swagger_ui_dir(), name)

    @app.get("/")
    def index():
        return send_from_directory(STATIC, "index.html")

    @app.get("/static/<path:name>")
    def static_file(name):
        return send_from_directory(STATIC, name)

    return app


def swagger_ui_dir() -> str:
    import swagger_ui_bundle
    return swagger_ui_bundle.swagger_ui_path


API_DESCRIPTION = (
    "A stateless referee and scorepad for Basic / Straight Rummy (2–6 players, one 52-card deck). "
    "Rules: RULES.md (R1–R21). Errors are RFC 9457 application/problem+json with JSON Pointers."
)


def build_spec(app: Flask) -> dict:
    """The OpenAPI document as a dict: flask-smorest's, with error responses declared as
    ``application/problem+json`` (RFC 9457) and the request limits stated."""
    spec = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()
    for resp in spec.get("components", {}).get("responses", {}).values():
        content = resp.get("content", {})
        if "application/json" in content and resp.get("description") not in ("OK",):
            content[PROBLEM_JSON] = content.pop("application/json")
    spec["info"]["x-limits"] = {
        "description": (
            "Every request is bounded. Bodies over max_body_bytes are 413; bodies nested deeper than "
            "max_json_depth, with an array longer than max_json_items or an object with more than "
            "max_json_keys keys are 400, before any field is read. Each field's own limits are the "
            "schemas' maxItems / maxLength / maximum (422). A 422 lists at most max_listed_errors "
            "faults. Within these limits a move or legal-moves request takes milliseconds of "
            "CPU whatever it holds; the costliest, a scorepad of the most hands or one whose every "
            "entry is wrong, a few hundred milliseconds."
        ),
        "max_body_bytes": app.config["MAX_CONTENT_LENGTH"],
        "max_json_depth": MAX_JSON_DEPTH,
        "max_json_items": MAX_JSON_ITEMS,
        "max_json_keys": MAX_JSON_KEYS,
        "max_listed_errors": MAX_LISTED_ERRORS,
        "max_moves_per_request": MAX_MOVES,
        "max_scorepad_hands": MAX_DEALS,
    }
    _precise_schemas(spec)
    return spec


def _precise_schemas(node) -> None:
    """Say in the document exactly what the schemas accept, where apispec's output is looser or
    wrong for OpenAPI 3.0 (found by the schemathesis contract tests):

    - a nullable nested schema comes out as ``anyOf: [$ref, {type: object, nullable: true}]``,
      which admits *any* object; it becomes ``{nullable: true, allOf: [$ref]}``;
    - a length on a JSON object (a marshmallow ``Dict``) comes out as ``minLength``/``maxLength``,
      which apply to strings only; they become ``minProperties``/``maxProperties``.
    """
    if isinstance(node, list):
        for item in node:
            _precise_schemas(item)
        return
    if not isinstance(node, dict):
        return
    any_of = node.get("anyOf")
    if isinstance(any_of, list) and len(any_of) == 2 and {"type": "object", "nullable": True} in any_of:
        ref = next(x for x in any_of if x != {"type": "object", "nullable": True})
        del node["anyOf"]
        node["nullable"] = True
        node["allOf"] = [ref]
    if node.get("type") == "object":
        for old, new in (("minLength", "minProperties"), ("maxLength", "maxProperties")):
            if old in node:
                node[new] = node.pop(old)
    for value in node.values():
        _precise_schemas(value)


def openapi_document(app: Flask) -> str:
    """The OpenAPI 3 document as YAML, generated from the schemas and routes."""
    import yaml
    return yaml.safe_dump(build_spec(app), sort_keys=False, allow_unicode=True)


app = create_app()
