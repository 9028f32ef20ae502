"""/docs as a frontend developer first meets it (#14): every POST operation's "Try it out" starts
from the first curated example (made by the referee), and executing it succeeds; the reason
codes are a rendered table; summaries show no Markdown marks."""

import json

import pytest

from web.openapi import request_examples

EXAMPLES = request_examples()


@pytest.fixture
def docs(browser, server_url):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server_url)
    ctx.set_default_timeout(15_000)
    pg = ctx.new_page()
    problems = []
    pg.on("pageerror", lambda exc: problems.append(str(exc)))
    pg.goto("/docs")
    pg.wait_for_selector(".opblock-post")
    yield pg
    ctx.close()
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
    status.wait_for()
    assert status.inner_text().strip() == "200"


def test_the_reason_codes_are_a_rendered_table_and_summaries_are_plain(docs):
    table = docs.locator(".info table")
    assert table.locator("tr").filter(has_text="ace_high").inner_text().split("\t")[-1].strip() == (
        "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King"
    )
    summaries = docs.locator(".opblock-summary-description").all_inner_texts()
    assert summaries and not any("`" in s for s in summaries)
