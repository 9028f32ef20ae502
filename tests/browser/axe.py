"""The accessibility audit of the browser tests: axe-core (npm, pinned in tools/package.json,
installed by ``make test`` when npm is on the machine) injected into the page by playwright and
run for WCAG 2.1 A and AA and axe's best practices. Without it the audit skips with a note, and
fails instead when RUMMY_REQUIRE_NODE=1 (as in CI)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parents[2] / "tools" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]

RUN = """async (tags) => {
  const r = await window.axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.length, targets: v.nodes.slice(0, 4).map((n) => n.target.join(' '))}));
}"""


def axe_violations(page) -> list[dict]:
    """axe-core's violations on the page as it is now: [{id, impact, help, nodes, targets}]."""
    if not AXE.is_file():
        message = f"axe-core is not installed at {AXE} (`cd tools && npm ci`, which `make test` runs when npm is present)"
        if os.environ.get("RUMMY_REQUIRE_NODE") == "1":
            pytest.fail(f"{message} (RUMMY_REQUIRE_NODE=1, so this is a failure, not a skip)", pytrace=False)
        pytest.skip(message)
    if not page.evaluate("() => Boolean(window.axe)"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    return page.evaluate(RUN, TAGS)


def assert_accessible(page, where: str) -> None:
    """No axe-core violation on the page (WCAG 2.1 A/AA and best practices)."""
    found = axe_violations(page)
    assert not found, f"{where}: axe-core found {len(found)} violations: " + "; ".join(
        f"{v['id']} ({v['nodes']} nodes: {', '.join(v['targets'])}): {v['help']}" for v in found
    )
