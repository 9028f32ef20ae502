"""openapi.yaml as the tools of other people's frontends see it (issue #17), with the Node tools
pinned in tools/package-lock.json (installed by ``make install`` when npm is on the machine):

- Redocly CLI's lint, with tools/redocly.yaml (every recommended rule as an error, deliberate
  exceptions written down), reports no problem at all;
- openapi-typescript, with its default options, makes types under which the contract's own
  minimal requests and a typed read of answers compile with ``tsc --noEmit`` (strict), and a
  discard with a ``source`` does not (clients/typescript/test/contract/contract.ts).

Without Node these tests skip and say so; CI sets ``RUMMY_REQUIRE_NODE=1``, which makes a missing
tool a failure instead.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "tools" / "node_modules" / ".bin"


def tool(name: str) -> str:
    """The path of a pinned Node tool, or a skip (a failure in CI) when it is not installed."""
    path = BIN / name
    if shutil.which("node") and path.exists():
        return str(path)
    why = f"{name} is not installed: run `make install` on a machine with node and npm"
    if os.environ.get("RUMMY_REQUIRE_NODE") == "1":
        pytest.fail(why)
    pytest.skip(why)


def run(*command: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "REDOCLY_TELEMETRY": "off", "NO_COLOR": "1", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true"},
    )


def test_redocly_lint_reports_no_problem():
    done = run(tool("redocly"), "lint", "--config", "tools/redocly.yaml", "--format=json", "openapi.yaml")
    report = json.loads(done.stdout)
    problems = [(p["ruleId"], p["message"], p["location"][0]["pointer"]) for p in report["problems"]]
    assert report["totals"] == {"errors": 0, "warnings": 0, "ignored": 0}, problems
    assert done.returncode == 0, done.stderr


def test_redocly_config_keeps_every_recommended_rule_but_the_ones_written_down():
    config = (ROOT / "tools" / "redocly.yaml").read_text()
    assert "recommended-strict" in config
    lines = config.splitlines()
    for i, line in enumerate(lines):
        if line.strip().endswith(": off") or line.strip().endswith(": warn"):
            assert lines[i - 1].strip().startswith("#"), f"an exception without its reason: {line.strip()}"


def test_typescript_types_take_the_contracts_minimal_requests(tmp_path):
    for name in ("contract.ts", "tsconfig.json"):
        shutil.copy(ROOT / "clients" / "typescript" / "test" / "contract" / name, tmp_path / name)
    generated = run(tool("openapi-typescript"), "openapi.yaml", "--output", str(tmp_path / "api.d.ts"))
    assert generated.returncode == 0, generated.stderr
    types = (tmp_path / "api.d.ts").read_text()
    assert "DiscardMove: {" in types and "ReasonCode" in types
    checked = run(tool("tsc"), "-p", str(tmp_path / "tsconfig.json"))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # The check has teeth: the same file against a loose move type fails where it should.
    loose = types.replace("DiscardMove: {", 'DiscardMove: {\n            source?: components["schemas"]["Source"];', 1)
    (tmp_path / "api.d.ts").write_text(loose)
    checked = run(tool("tsc"), "-p", str(tmp_path / "tsconfig.json"))
    assert checked.returncode != 0 and "Unused '@ts-expect-error' directive" in checked.stdout, checked.stdout
