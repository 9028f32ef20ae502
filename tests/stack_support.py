"""For the tests that start the stack of `make stack` (deploy/stack.py: Debian's nginx and
redis-server before gunicorn): its module, and their marks. Without nginx or redis-server on the
machine they are skipped, unless RUMMY_REQUIRE_NGINX=1 or RUMMY_REQUIRE_REDIS=1 (CI installs
both), which makes that a failure."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))

import stack  # noqa: E402

try:
    stack.nginx_binary()
    stack.redis_binary()
    HAVE = True
except RuntimeError:
    HAVE = False
if not HAVE and (os.environ.get("RUMMY_REQUIRE_NGINX") == "1" or os.environ.get("RUMMY_REQUIRE_REDIS") == "1"):
    raise RuntimeError("these tests need Debian's nginx and redis-server (apt-get install nginx redis-server)")

STACK_MARKS = [pytest.mark.stack, pytest.mark.skipif(not HAVE, reason="needs Debian's nginx and redis-server")]


@pytest.fixture(scope="module")
def guarded_stack():
    """One instance of two workers behind nginx, guarded by its own redis-server, with this
    machine exempt from the rate limits: for the tests that stop or freeze that Redis, a stack
    for each module that imports it."""
    with stack.Stack(instances=1, workers=2, exempt=("127.0.0.1",)) as s:
        yield s


__all__ = ["STACK_MARKS", "guarded_stack", "stack"]
