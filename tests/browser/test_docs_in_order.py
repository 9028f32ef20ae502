"""/docs top to bottom, the operations above the sealed tables' (#33 point 6): on one page, every
operation's example succeeds, each closed again once its answer is read. The sealed tables' half
(the create example's table in between) is test_docs_tables_in_order.py: the page's own table
(static/docs/docs-init.js) is touched only by /v1/tables* requests, so the two halves meet nothing
of each other, and each file is a unit of its own for the suite's two workers."""

from .docs_page import execute_and_close, post_paths_in_page_order


def test_the_operations_before_the_tables_run_in_order_on_one_page(docs):
    paths = post_paths_in_page_order(docs)
    first_table = paths.index("/v1/tables")
    assert first_table > 0 and all(not p.startswith("/v1/tables") for p in paths[:first_table])
    for path in paths[:first_table]:
        execute_and_close(docs, path)
