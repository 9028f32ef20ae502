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

__all__ = ["STACK_MARKS", "stack"]
