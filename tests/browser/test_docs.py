"""/docs as a frontend developer first meets it (#14, #23 point 11): every operation's "Try it
out" starts from its first curated example, and executing it succeeds, the sealed tables' too
(the page runs them on a live table it deals, replacing the placeholder token and seat); the
reason codes are a rendered table with padded, ruled columns; summaries show no Markdown marks.
A sealed table's example runs alone, on a page of its own (``docs``, tests/browser/conftest.py:
the page's own table starts empty); the others never touch that table, so they share one page
(``docs_shared``), each closing the operation it opened. All of them in order on one page:
test_docs_in_order.py and test_docs_tables_in_order.py; axe-core: test_docs_axe.py and
test_docs_axe_executed.py (files of their own, so the suite's two workers share the load)."""

import json

import pytest

from tables_api import EXAMPLES as TABLE_EXAMPLES
from tables_api import SEAT, TOKEN
from web.openapi import request_examples

EXAMPLES = {**request_examples(), **{f"tables/{k}" if k != "create" else "tables": v for k, v in TABLE_EXAMPLES.items()}}


@pytest.mark.parametrize("path", sorted(EXAMPLES))
def test_try_it_out_starts_from_the_first_curated_example_and_succeeds(request, path):
    # a sealed table's example alone on a fresh page; the others on the shared one, closed again
    docs = request.getfixturevalue("docs" if path.startswith("tables") else "docs_shared")
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
    _close(op)


def _close(op):
    """The operation closed again, so the shared page is as it opened (Swagger UI draws every open
    operation again on each change)."""
    op.locator(".opblock-summary").first.click()
    op.locator("button.execute").wait_for(state="detached")


def test_the_rules_get_example_succeeds(docs_shared):
    docs = docs_shared
    op = docs.locator(".opblock-get").filter(has=docs.locator('.opblock-summary-path[data-path="/v1/rules"]'))
    op.locator(".opblock-summary").first.click()
    op.locator("button.try-out__btn").click()
    op.locator("button.execute").click()
    status = op.locator(".live-responses-table tbody .response-col_status").first
    status.wait_for()
    assert status.inner_text().strip() == "200"
    _close(op)


def test_the_reason_codes_are_a_rendered_table_and_summaries_are_plain(docs_shared):
    docs = docs_shared
    table = docs.locator(".info table")
    assert table.locator("tr").filter(has_text="ace_high").inner_text().split("\t")[-1].strip() == (
        "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King"
    )
    cell = table.locator("td").first
    assert cell.evaluate("el => parseFloat(getComputedStyle(el).paddingRight)") > 0  # the rule id and the example apart
    summaries = docs.locator(".opblock-summary-description").all_inner_texts()
    assert summaries and not any("`" in s for s in summaries)
