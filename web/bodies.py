"""Request bodies: JSON only, bounded by what each endpoint needs, parsed once, and checked
before any schema reads them.

:data:`BODY_LIMITS` is the one statement of how large a body each endpoint accepts (413 beyond):
the app applies it (``web.body_read``) and deploy/stack.py renders the same numbers into nginx's
``client_max_body_size`` per location, and openapi.yaml states them (``info.x-limits``). Each is
the largest legitimate request with room to spare: a meld check, a hand score, a deal or a new
table is under 1 KiB; a state for 6 players at the end of a long hand (every card placed, 17
melds, names of 40 characters) under 4 KiB, and a move may add up to 100 moves
(``schemas.state.MAX_MOVES``), a request for advice up to 200 of the hand's events; a sealed
table's token at most ``limits.MAX_TOKEN_CHARS`` (:data:`TABLE_BODY`), and a seat's moves one turn's (12 at most); a scorepad the
longest game (100 hands, the ``deals`` option's maximum) of 6 players with names of 40
characters and every opponent's cards listed: 136 KB at the widest spellings (4-byte
characters, "10♦️"), 52 KB in ASCII (a test builds that pad from the schema's maxima and keeps
the limit just above it); a revealed hand about 100 bytes a move. With the item limits of the
schemas they bound the costliest request of each endpoint to about 10 ordinary moves
(bench/worst.py; the longest scorepad, 3000 cards, is at about 10), except advice from the hard
level and the check of a long revealed hand, whose work is a fixed search and the hand's own
moves, up to 16,000 (bench/worst.py ``OVER_10``: their own nginx zone).

Structural limits are checked on the decoded body before any schema runs (marshmallow checks a
list's length only after loading every item, so a 60 000-item list would cost half a second
and megabytes of error messages). No valid request comes near them: the longest list of any
schema is a revealed hand's moves (MAX_JSON_ITEMS; a test keeps the two equal), the widest object
the rules (11 keys).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

import orjson
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType

from limits import MAX_TOKEN_CHARS
from referee.speech import Sentence, say, term
from web.context import this_request

KIB = 1024
# A sealed table's request: the longest token the service seals (limits.py), a seat, and at
# most one turn of moves (12, 11 cards in all, names and meld ids of 40 four-byte characters:
# 4.6 KiB; tests/test_tables_tokens.py builds it), an entropy of 128 characters or a level.
TABLE_BODY = MAX_TOKEN_CHARS + 5 * KIB
BODY_LIMITS = {
    "/v1/melds/check": 4 * KIB,
    "/v1/hand-score": 4 * KIB,
    "/v1/deal": 4 * KIB,
    "/v1/move": 16 * KIB,
    "/v1/legal-moves": 8 * KIB,
    "/v1/suggest": 24 * KIB,  # a state (4 KiB) and up to 200 of the hand's events (about 50 bytes each, 90 with long names)
    "/v1/scorepad": 144 * KIB,  # the largest legitimate pad, 136 KB (tests/test_hostile_input.py computes it)
    "/v1/tables": 4 * KIB,
    "/v1/tables/pledge": 1 * KIB,  # {}
    "/v1/tables/view": TABLE_BODY,
    "/v1/tables/move": TABLE_BODY,
    "/v1/tables/next": TABLE_BODY,
    "/v1/tables/suggest": TABLE_BODY,
    "/v1/verify": 2048 * KIB,  # a revealed hand: 7 KiB usually, 135 KiB at 2,501 moves, 128 B a move at 16,000
}
DEFAULT_BODY_LIMIT = 16 * KIB  # a path not listed (a GET, a 404)


def body_limit(path: str, ceiling: int | None = None) -> int:
    """The largest body ``path`` accepts: its :data:`BODY_LIMITS` entry, never above
    ``ceiling`` (``RUMMY_MAX_BODY_BYTES``, the operator's cap over all of them)."""
    limit = BODY_LIMITS.get(path, DEFAULT_BODY_LIMIT)
    return limit if ceiling is None else min(limit, ceiling)


MAX_JSON_DEPTH = 32
MAX_JSON_ITEMS = 16_000  # a revealed hand's moves (schemas.fairness.MAX_RECORD_MOVES)
MAX_JSON_KEYS = 64

_JSON_TYPES = {
    dict: term("JSON value", "an object"),
    list: term("JSON value", "an array"),
    str: term("JSON value", "a string"),
    int: term("JSON value", "a number"),
    float: term("JSON value", "a number"),
    bool: term("JSON value", "true or false"),
    type(None): term("JSON value", "null"),
}


Path = tuple[str | int, ...]
"""A place in the body: object keys and array indexes, outermost first."""


class BodyProblem(BadRequest):
    """A 400 about one place in the body: ``path`` becomes the problem's JSON Pointer."""

    def __init__(self, description: str, path: Path = ()) -> None:
        super().__init__(description)
        self.path = path


def shape_fault(value: Any, depth: int = 1) -> tuple[Sentence, list[str | int]] | None:
    """The first place where the container ``value`` (at ``depth``; a scalar in the top object
    is at depth 2) breaks a structural limit: nested deeper than MAX_JSON_DEPTH, an array longer
    than MAX_JSON_ITEMS, an object wider than MAX_JSON_KEYS. Returns (what is wrong, the path to
    it, innermost key first) or None. The path is built only on the way back from a fault, so
    the usual body costs one walk."""
    if depth + (1 if value else 0) > MAX_JSON_DEPTH:
        return say("the body is nested more than {count} levels deep", count=MAX_JSON_DEPTH), []
    if isinstance(value, dict):
        if len(value) > MAX_JSON_KEYS:
            return say("an object of {count} keys: no object here has more than {most}", count=len(value), most=MAX_JSON_KEYS), []
        items: Iterable[tuple[Any, Any]] = value.items()
    else:
        if len(value) > MAX_JSON_ITEMS:
            return say("an array of {count} items: no array here has more than {most}", count=len(value), most=MAX_JSON_ITEMS), []
        items = enumerate(value)
    for key, v in items:
        if isinstance(v, (dict, list)):
            fault = shape_fault(v, depth + 1)
            if fault:
                fault[1].append(key)
                return fault
    return None


def shape_keys(value: dict[str, Any]) -> int | None:
    """How many object keys the parsed body ``value`` holds, or None when it breaks a structural
    limit (:func:`shape_fault` then says where). One walk, a level of nesting at a time, does
    both: the limits and the count of keys that finds a key repeated in one object
    (:func:`decode_body`)."""
    keys, depth = 0, 1
    level: list[Any] = [value]
    while level:
        if depth + 1 > MAX_JSON_DEPTH and any(level):
            return None
        depth += 1
        below: list[Any] = []
        push = below.append
        for v in level:
            if type(v) is dict:
                if len(v) > MAX_JSON_KEYS:
                    return None
                keys += len(v)
                v = v.values()
            elif len(v) > MAX_JSON_ITEMS:
                return None
            for x in v:
                kind = type(x)
                if kind is dict or kind is list:
                    push(x)
        level = below
    return keys


class _Repeated(dict[str, Any]):
    """An object in which ``key`` appeared more than once (found after the parse, with its path)."""

    key: str = ""


def _repeated_key_path(value: Any, path: Path = ()) -> Path | None:
    """The path of the first key repeated in one object of a body parsed with a marking hook,
    or None."""
    if isinstance(value, _Repeated):
        return (*path, value.key)
    children: Iterable[tuple[Any, Any]] = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for k, v in children:
        found = _repeated_key_path(v, (*path, k))
        if found:
            return found
    return None


def _find_repeated_key(raw: bytes) -> Path | None:
    """The path of a key repeated in one object of ``raw`` (orjson keeps the last silently, so
    the body is read a second time, strictly, by the standard library), or None. Only called
    once :func:`_keys_written` and :func:`shape_keys` disagree, that is for a refused body."""
    repeated: list[bool] = []

    def mark(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) == len(pairs):
            return obj
        marked = _Repeated(pairs)
        seen: set[str] = set()
        for k, _ in pairs:
            if k in seen:
                marked.key = k
                break
            seen.add(k)
        repeated.append(True)
        return marked

    try:
        value = json.loads(raw, object_pairs_hook=mark)
    except (ValueError, RecursionError):
        raise BadRequest(say("the body is not valid JSON")) from None
    return _repeated_key_path(value) if repeated else None


# Every JSON string, and whether a colon follows it (then it is a key): scanned from the left,
# each match starts at an opening quote, so strings inside strings are never mistaken for keys.
# The loop is unrolled (runs of plain characters, then one escape): 2-3 times faster than one
# alternative per character, 0.5 ms less on a 28 KB revealed hand.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"(\s*:)?')


def _keys_written(raw: bytes) -> int:
    """How many object keys the valid JSON text ``raw`` writes (a regular-expression scan, not
    a parse)."""
    strings = _STRING.findall(raw)  # each the text after it up to a colon: empty for a value
    return len(strings) - strings.count(b"")


def decode_body() -> dict[str, Any]:
    """The request body as a JSON object, or an HTTP error naming what is wrong with it:
    415 not JSON, 413 too large, 400 not parseable, with a repeated key, not an object, or past
    the structural limits (nesting, array length, object width)."""
    request = this_request()
    mimetype = request.mimetype
    if mimetype != "application/json" and not (mimetype.startswith("application/") and mimetype.endswith("+json")):
        got = repr(mimetype or "none")
        raise UnsupportedMediaType(say("send the body as JSON with Content-Type: application/json (got {type})", type=got))
    raw = request.get_data(cache=True)  # 413 when Content-Length is over MAX_CONTENT_LENGTH
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(raw) >= limit and request.environ["wsgi.input"].read(1):
        # A chunked body is read up to the limit and silently cut there: more is too large.
        raise RequestEntityTooLarge()
    if not raw.strip():
        raise BadRequest(say("the request body is empty: send a JSON object"))
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError as e:
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as bad:  # orjson would say "str is not valid UTF-8: surrogates not allowed"
            raise BadRequest(
                say(
                    "the body is not valid JSON: JSON is UTF-8 text, and byte {at} ({byte}) is not UTF-8",
                    at=str(bad.start),
                    byte=f"0x{raw[bad.start]:02X}",
                )
            ) from None
        # the parser's own account of where it stopped (orjson's words) is said as it is
        raise BadRequest(say("the body is not valid JSON: {why}", why=str(e))) from None
    if not isinstance(body, dict):
        raise BadRequest(say("the body must be a JSON object, not {what}", what=_JSON_TYPES.get(type(body), type(body).__name__)))
    keys = shape_keys(body)
    if keys is None:
        fault = shape_fault(body)
        assert fault is not None, "shape_keys and shape_fault read the same limits"
        raise BodyProblem(fault[0], tuple(reversed(fault[1])))
    # One parse: a key repeated in an object shows as fewer keys kept than written. Every key
    # written is followed by its colon, and outside strings a colon is nothing else, so a body
    # with as many colons as keys kept wrote each key once (one byte count). Only a body whose
    # strings hold colons needs its strings scanned (_keys_written), and only a refused one is
    # read again, to name the key (bounded by the endpoint's limit).
    repeated = _find_repeated_key(raw) if raw.count(b":") != keys and _keys_written(raw) != keys else None
    if repeated:
        key = str(repeated[-1])
        shown = key if len(key) <= 40 else key[:40] + "…"
        raise BodyProblem(say("the key {key} appears twice in one JSON object; send it once", key=repr(shown)), repeated)
    return body
