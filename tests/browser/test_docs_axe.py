"""/docs as it opens, light and dark: axe-core finds nothing to fix. One page (Swagger UI's load
and first render are the dearest part), its colour scheme switched in place. With an operation
executed: test_docs_axe_executed.py (a file of its own, so the suite's two workers share them)."""

from .axe import assert_accessible
from .docs_page import open_docs_for_axe, switch_scheme


def test_docs_as_it_opens_has_nothing_for_axe_core_to_fix(browser, server_url):
    ctx, pg = open_docs_for_axe(browser, server_url)
    for scheme in ("light", "dark"):
        switch_scheme(pg, scheme)
        assert_accessible(pg, f"/docs ({scheme})")
    ctx.close()
