"""/docs from POST /v1/tables to the bottom (#33 point 6): on one page, in the page's order (the
create example's table in between), every operation's example succeeds; /next and /suggest no
longer meet a hand they cannot use; then again, out of order. The operations above them run in
order in test_docs_in_order.py."""

from .docs_page import execute_and_close, post_paths_in_page_order


def test_the_tables_operations_run_in_order_then_out_of_order_on_one_page(docs):
    paths = post_paths_in_page_order(docs)
    # The order is the page's own table's (docs-init.js), which closing an operation leaves as it is.
    for path in paths[paths.index("/v1/tables") :]:
        execute_and_close(docs, path)
    for path in ("/v1/tables/next", "/v1/tables/suggest", "/v1/tables/move"):  # and again, out of order
        execute_and_close(docs, path, statuses=("200",), clear=True)
