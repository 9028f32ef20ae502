"""/docs (Swagger UI) as the tests drive it: its fixtures (``docs``) are in conftest.py; here the
operations run one after another on one page, each read and closed again."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def post_paths_in_page_order(docs) -> list[str]:
    """Every POST operation of the page, top to bottom; the page shows every one of openapi.yaml."""
    paths = docs.eval_on_selector_all(".opblock-post .opblock-summary-path", "els => els.map(e => e.dataset.path)")
    spec = yaml.load((ROOT / "openapi.yaml").read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    assert sorted(paths) == sorted(p for p, ops in spec["paths"].items() if "post" in ops)  # GET /v1/rules has its own test
    return paths


def execute_and_close(docs, path: str, statuses=("200", "201"), clear=False) -> None:
    """Opens the operation, runs its example (``clear``: its last answer cleared first, so the status
    read is the new one), checks the status and that Swagger UI rendered it, and closes it again:
    Swagger UI draws every open operation again on each change, so with all of them open a click
    took over a minute on a loaded machine."""
    op = docs.locator(".opblock-post").filter(has=docs.locator(f'.opblock-summary-path[data-path="{path}"]'))
    op.locator(".opblock-summary").first.click()
    if clear:
        op.locator("button.btn-clear").click()
        op.locator(".live-responses-table").wait_for(state="detached")
    else:
        op.locator("button.try-out__btn").click()
    op.locator("button.execute").click()
    status = op.locator(".live-responses-table tbody .response-col_status").first
    status.wait_for(timeout=60_000)  # /v1/tables/next first plays a hand out
    assert status.inner_text().strip() in statuses, path
    assert not docs.locator("text=Could not render").count(), path
    op.locator(".opblock-summary").first.click()
    op.locator("button.execute").wait_for(state="detached")


def open_docs_for_axe(browser, server_url):
    """A context of its own and /docs in it, its operations drawn: (context, page)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=server_url)
    pg = ctx.new_page()
    pg.goto("/docs")
    pg.wait_for_selector(".opblock-post")
    return ctx, pg


def switch_scheme(pg, scheme: str) -> None:
    """The page's colour scheme switched in place (its media queries are evaluated again)."""
    pg.emulate_media(color_scheme=scheme)
    assert pg.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
