"""/docs with an operation executed (its request, answer and response table drawn), dark and
light: axe-core finds nothing to fix. The page as it opens: test_docs_axe.py."""

from .axe import assert_accessible
from .docs_page import open_docs_for_axe, switch_scheme


def test_docs_with_an_operation_executed_has_nothing_for_axe_core_to_fix(browser, server_url):
    ctx, pg = open_docs_for_axe(browser, server_url)
    op = pg.locator(".opblock-post").first
    op.locator(".opblock-summary").first.click()
    op.locator("button.try-out__btn").click()
    op.locator("button.execute").click()
    op.locator(".live-responses-table tbody .response-col_status").first.wait_for()
    for scheme in ("dark", "light"):
        switch_scheme(pg, scheme)
        assert_accessible(pg, f"/docs, an operation executed ({scheme})")
    ctx.close()
