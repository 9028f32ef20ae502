"""/docs as a frontend developer first meets it (#14, #23 point 11): every operation's "Try it
out" starts from its first curated example, and executing it succeeds, the sealed tables' too
(the page runs them on a live table it deals, replacing the placeholder token and seat); the
reason codes are a rendered table with padded, ruled columns; summaries show no Markdown marks;
axe-core finds nothing to fix."""

import json
import time
from pathlib import Path

import pytest
import yaml

from tables_api import EXAMPLES as TABLE_EXAMPLES
from tables_api import SEAT, TOKEN
from web.openapi import request_examples

from .axe import assert_accessible

EXAMPLES = {**request_examples(), **{f"tables/{k}" if k != "create" else "tables": v for k, v in TABLE_EXAMPLES.items()}}


@pytest.fixture(scope="module")
def docs_context(browser, server_url):
    """One browser context for the file's pages: Swagger UI's files and openapi.yaml come from its
    cache after the first page. Each test still opens its own page, so the page's own table (a
    variable of static/docs/docs-init.js, nothing kept in storage) starts empty: an example alone."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server_url)
    ctx.set_default_timeout(60_000)  # Swagger UI is slow to answer a click on a loaded machine
    yield ctx
    ctx.close()


@pytest.fixture
def docs(docs_context):
    pg = docs_context.new_page()
    problems = []
    pg.on("pageerror", lambda exc: problems.append(str(exc)))
    t0 = time.perf_counter()
    pg.goto("/docs")
    pg.wait_for_selector(".opblock-post", timeout=60_000)  # Swagger UI's bundle, on a busy machine
    print(f"\n/docs: the operations appeared after {time.perf_counter() - t0:.2f} s")
    yield pg
    pg.close()
    assert not problems, problems


@pytest.mark.parametrize("path", sorted(EXAMPLES))
def test_try_it_out_starts_from_the_first_curated_example_and_succeeds(docs, path):
    op = docs.locator(".opblock-post").filter(has=docs.locator(f'.opblock-summary-path[data-path="/v1/{path}"]'))
    op.locator(".opblock-summary").first.click()
    op.locator("button.try-out__btn").click()
    body = op.locator("textarea.body-param__text")
    first = next(iter(EXAMPLES[path].values()))["value"]
    assert json.loads(body.input_value()) == first
    op.locator("button.execute").click()
    status = op.locator(".live-responses-table tbody .response-col_status").first
    status.wait_for(timeout=60_000)  # /v1/tables/next first plays a hand out
    assert status.inner_text().strip() in ("200", "201")
    answer = json.loads(op.locator(".live-responses-table .response-col_description pre").first.inner_text())
    if TOKEN in json.dumps(first) or SEAT in json.dumps(first):  # a sealed example ran on the live table
        assert "errors" not in answer and answer.get("legal", True) is True, answer


def test_the_rules_get_example_succeeds(docs):
    op = docs.locator(".opblock-get").filter(has=docs.locator('.opblock-summary-path[data-path="/v1/rules"]'))
    op.locator(".opblock-summary").first.click()
    op.locator("button.try-out__btn").click()
    op.locator("button.execute").click()
    status = op.locator(".live-responses-table tbody .response-col_status").first
    status.wait_for()
    assert status.inner_text().strip() == "200"


def _scheme(pg, scheme):
    """The page's colour scheme switched in place (its media queries are evaluated again)."""
    pg.emulate_media(color_scheme=scheme)
    assert pg.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")


def test_docs_has_nothing_for_axe_core_to_fix(browser, server_url):
    """Light and dark, as the page opens and with an operation executed: one page (Swagger UI's
    load and first render are the dearest part of this test), its colour scheme switched."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=server_url)
    pg = ctx.new_page()
    pg.goto("/docs")
    pg.wait_for_selector(".opblock-post")
    for scheme in ("light", "dark"):
        _scheme(pg, scheme)
        assert_accessible(pg, f"/docs ({scheme})")
    op = pg.locator(".opblock-post").first
    op.locator(".opblock-summary").first.click()
    op.locator("button.try-out__btn").click()
    op.locator("button.execute").click()
    op.locator(".live-responses-table tbody .response-col_status").first.wait_for()
    for scheme in ("dark", "light"):
        _scheme(pg, scheme)
        assert_accessible(pg, f"/docs, an operation executed ({scheme})")
    ctx.close()


def test_the_reason_codes_are_a_rendered_table_and_summaries_are_plain(docs):
    table = docs.locator(".info table")
    assert table.locator("tr").filter(has_text="ace_high").inner_text().split("\t")[-1].strip() == (
        "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King"
    )
    cell = table.locator("td").first
    assert cell.evaluate("el => parseFloat(getComputedStyle(el).paddingRight)") > 0  # the rule id and the example apart
    summaries = docs.locator(".opblock-summary-description").all_inner_texts()
    assert summaries and not any("`" in s for s in summaries)


def test_every_operation_runs_in_order_on_one_page(docs):
    """#33 point 6: top to bottom on one page (the create example's table in between), every
    operation's example succeeds; /next and /suggest no longer meet a hand they cannot use."""
    paths = docs.eval_on_selector_all(".opblock-post .opblock-summary-path", "els => els.map(e => e.dataset.path)")
    spec = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text(encoding="utf-8"))
    assert sorted(paths) == sorted(p for p, ops in spec["paths"].items() if "post" in ops)  # GET /v1/rules has its own test
    # Each operation is closed again once its answer is read: Swagger UI draws every open one again
    # on each change, so with all of them open a click took over a minute on a loaded machine. The
    # order is the page's own table's (docs-init.js), which closing an operation leaves as it is.
    for path in paths:
        op = docs.locator(".opblock-post").filter(has=docs.locator(f'.opblock-summary-path[data-path="{path}"]'))
        op.locator(".opblock-summary").first.click()
        op.locator("button.try-out__btn").click()
        op.locator("button.execute").click()
        status = op.locator(".live-responses-table tbody .response-col_status").first
        status.wait_for(timeout=60_000)
        assert status.inner_text().strip() in ("200", "201"), path
        assert not docs.locator("text=Could not render").count(), path
        op.locator(".opblock-summary").first.click()
        op.locator("button.execute").wait_for(state="detached")
    for path in ("/v1/tables/next", "/v1/tables/suggest", "/v1/tables/move"):  # and again, out of order
        op = docs.locator(".opblock-post").filter(has=docs.locator(f'.opblock-summary-path[data-path="{path}"]'))
        op.locator(".opblock-summary").first.click()
        op.locator("button.btn-clear").click()  # the last answer goes: the status read below is the new one
        op.locator(".live-responses-table").wait_for(state="detached")
        op.locator("button.execute").click()
        status = op.locator(".live-responses-table tbody .response-col_status").first
        status.wait_for(timeout=60_000)
        assert status.inner_text().strip() == "200", path
        assert not docs.locator("text=Could not render").count(), path
        op.locator(".opblock-summary").first.click()
        op.locator("button.execute").wait_for(state="detached")
