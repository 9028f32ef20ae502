"""``web.bodies.decode_body``'s one-walk checks of depth and repeated keys, and its shape faults,
agree with plain ones. No test here times anything (``bench/``)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

SETTINGS = dict(deadline=None, derandomize=True)


# --- decode_body's checks ---------------------------------------------------------------------


def _nested(depth: int) -> bytes:
    return b'{"a": ' * (depth - 1) + b"{}" + b"}" * (depth - 1)


def _depth(value) -> int:
    """The plain rule: nesting depth of a JSON value (a scalar in the top object is at depth 2)."""
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _plain_repeated_key(raw: bytes) -> bool:
    seen = []
    json.loads(raw, object_pairs_hook=lambda pairs: seen.append(len({k for k, _ in pairs}) != len(pairs)))
    return any(seen)


@pytest.mark.parametrize(
    "raw",
    [
        b'{"a": 1, "a": 2}',
        b'{"x": {"b": [1, {"c": 1, "c": 2}]}}',
        b'{"a": "x\\": 1, \\"a\\": 2", "b": 1}',
        b'{"a\\u0062": 1, "ab": 2}',
        b'{"k": ":::", "l": "{[{[{["}',
        _nested(32),
        _nested(33),
        b'{"s": "' + b"[" * 40 + b'"}',
        b"[1, 2]",
        b'{"a": [[[[]]]]}',
        b'{"\\"": 1, "\\\\": 2}',
        # colons inside strings: as many colons as keys kept proves nothing, the strings are read
        b'{"a": ":", "a": 1}',
        b'{"a:": 1, "b": {"c": 1, "c": 2}}',
        b'{"t": "a:b", "u": [{"v": "::"}]}',
        b'{"a": 1, "a" : 2}',
    ],
)
def test_decode_body_checks_agree_with_plain_ones(app, raw):
    from werkzeug.exceptions import BadRequest

    from web.bodies import MAX_JSON_DEPTH, decode_body

    def plain():
        if _plain_repeated_key(raw):
            raise BadRequest("a key twice")
        body = json.loads(raw)
        if not isinstance(body, dict):
            raise BadRequest("not an object")
        if _depth(body) > MAX_JSON_DEPTH:
            raise BadRequest("too deep")
        return body

    def checked():
        with app.test_request_context("/v1/move", method="POST", data=raw, content_type="application/json"):
            return decode_body()

    want, got = _outcome_http(plain), _outcome_http(checked)
    assert got[0] == want[0], (got, want)
    if got[0] == "ok":
        assert got[1] == want[1]


def _outcome_http(fn):
    from werkzeug.exceptions import HTTPException

    try:
        return ("ok", fn())
    except (HTTPException, ValueError) as e:
        return ("error", type(e).__name__)


def _json_values(max_depth):
    leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=3))
    return st.recursive(
        leaves,
        lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=2), inner, max_size=4)),
        max_leaves=max_depth,
    )


def _plain_shape_ok(body) -> bool:
    from web.bodies import MAX_JSON_DEPTH, MAX_JSON_ITEMS, MAX_JSON_KEYS

    if _depth(body) > MAX_JSON_DEPTH:
        return False
    stack = [body]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if len(v) > MAX_JSON_KEYS:
                return False
            stack.extend(v.values())
        elif isinstance(v, list):
            if len(v) > MAX_JSON_ITEMS:
                return False
            stack.extend(v)
    return True


@settings(max_examples=300, **SETTINGS)
@given(
    depth=st.integers(25, 40),
    width=st.sampled_from([0, 1, 63, 64, 65]),
    items=st.sampled_from([0, 999, 1000, 1001]),
    extra=_json_values(12),
    where=st.integers(0, 40),
)
def test_shape_fault_is_the_plain_rule(depth, width, items, extra, where):
    """web.bodies.shape_fault finds a fault exactly when the plain rules do, and its path leads
    to a container that breaks one."""
    from web.bodies import shape_fault, shape_keys

    body = extra if isinstance(extra, dict) else {"x": extra}
    node = body
    for i in range(depth - 2):  # a chain of objects and arrays down to about ``depth``
        if i == where:  # one of them near the width or length limit
            child = {f"k{j}": j for j in range(width)} if i % 2 == 0 else list(range(items))
        else:
            child = {} if i % 2 == 0 else []
        if isinstance(node, dict):
            node["d"] = child
        else:
            node.append(child)
        node = child
    fault = shape_fault(body)
    assert (fault is None) == _plain_shape_ok(body)
    # The walk decode_body makes first: the same verdict, and the keys the body holds.
    keys = shape_keys(body)
    assert (keys is None) == (fault is not None)
    if keys is not None:
        stack, plain = [body], 0
        while stack:
            v = stack.pop()
            plain += len(v) if isinstance(v, dict) else 0
            stack.extend(x for x in (v.values() if isinstance(v, dict) else v) if isinstance(x, (dict, list)))
        assert keys == plain
    if fault:
        at = body
        for key in reversed(fault[1]):
            at = at[key]
        assert isinstance(at, (dict, list))
