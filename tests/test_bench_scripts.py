"""``make bench`` stays runnable: every benchmark script imports and parses its options.

The benchmarks' figures are not asserted here (a shared, noisy machine; they live in
``make bench``), but a script that no longer starts is a broken target nobody would notice until
the next measurement: one import moved above the script's ``sys.path`` line did exactly that.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.mark.parametrize("script", ["run.py", "bots.py"])
def test_a_bench_script_starts_from_any_directory(script, tmp_path):
    got = subprocess.run([sys.executable, str(BENCH / script), "--help"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert got.returncode == 0, got.stderr[-2000:]
    assert got.stdout.startswith("usage:"), got.stdout[:200]
