"""Every Prometheus metric of the service, defined here and nowhere else, and their exposition
(served at ``GET /metrics`` by ``operations_api``).

prometheus_client in its multiprocess mode: gunicorn runs several worker processes, each
answering a share of the requests, and a scrape reaches one of them; each worker writes its
values to memory-mapped files in ``PROMETHEUS_MULTIPROC_DIR`` (gunicorn.conf.py makes one per
master, empty at start, and marks a worker's files dead when it exits), and ``/metrics`` sums
them. (OpenTelemetry's Prometheus exporter keeps its values in each process and has no such
mode: behind gunicorn a scrape would see one worker's.) Without ``PROMETHEUS_MULTIPROC_DIR``
(the tests' app, one process) the default registry is served.

``/metrics`` is scraped from each instance's own port; nginx answers it 404 to the public.
Rate-limit refusals happen in nginx, before any instance: they are counted from nginx's JSON
access lines (deploy/mtail/nginx.mtail, status 429), not here.
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Counter, Gauge, Histogram, generate_latest, multiprocess

if TYPE_CHECKING:  # tables/ records its metrics through this module and has no Flask at run time
    from flask import Flask, Response

REQUESTS = Counter(
    "rummy_http_requests_total",
    "Requests answered by the app, by endpoint (its route), method and status.",
    ["endpoint", "method", "status"],
)
LATENCY = Histogram(
    "rummy_http_request_duration_seconds",
    "Seconds from the request reaching a worker to its answer, by endpoint.",
    ["endpoint"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
GUARD = Counter(
    "rummy_table_guard_total",
    "The replay guard's outcomes: recorded (a change kept), replayed (a retry answered again), "
    "stale (409, an old token), unavailable (503, the store did not answer).",
    ["outcome"],
)
BREAKER_OPEN = Gauge(
    "rummy_store_breaker_open",
    "1 while the table store's breaker is open in some live worker (guarded moves answer 503).",
    multiprocess_mode="livemax",
)
BREAKER_TRANSITIONS = Counter("rummy_store_breaker_transitions_total", "The table store's breaker opening and closing.", ["to"])
TOKEN_BYTES = Histogram(
    "rummy_table_token_bytes",
    "Size of each sealed table token answered, in bytes (the service refuses to seal past its limit).",
    buckets=(512, 1024, 1536, 2048, 3072, 4096, 6144, 8192, 12288, 16384),
)
BOT_SECONDS = Histogram(
    "rummy_bot_decision_seconds",
    "Seconds the computer opponents spent deciding within one request (all their turns in it), by endpoint.",
    ["endpoint"],
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
CONTENT_TYPE = CONTENT_TYPE_LATEST.split(";")[0]  # the media type alone: Flask adds the charset, as /metrics has always answered
METHODS = frozenset({"GET", "POST", "OPTIONS", "HEAD", "PUT", "PATCH", "DELETE"})


def breaker_changed(opened: bool) -> None:
    """The table store's ``Breaker.on_change`` hook: the gauge and the transition counted."""
    BREAKER_OPEN.set(1 if opened else 0)
    BREAKER_TRANSITIONS.labels("open" if opened else "closed").inc()


def exposition() -> bytes:
    """The text exposition of every metric: all workers' values in multiprocess mode."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]  # prometheus_client leaves it unannotated
        return generate_latest(registry)
    return generate_latest(REGISTRY)


def init_app(app: Flask) -> None:
    """Count and time every request of the Flask ``app`` (the endpoint is its route, or
    ``unmatched``: a bounded set of labels). (Flask is imported here only: tables/ records its
    metrics through this module and has no Flask.)"""
    from flask import g

    from web.context import this_request

    @app.before_request
    def _start_clock() -> None:
        g.metrics_started = time.perf_counter()

    # Each label set's counter and histogram, found once: prometheus_client's ``labels`` checks
    # and locks on every call. The sets are bounded (routes × methods × statuses).
    counters: dict[tuple[str, str, int], Counter] = {}
    latencies: dict[str, Histogram] = {}

    @app.after_request
    def _count(resp: Response) -> Response:
        started = g.get("metrics_started")
        req = this_request()
        rule = req.url_rule
        endpoint = rule.rule if rule is not None else "unmatched"
        method = req.method
        if method not in METHODS:
            method = "other"
        status = resp.status_code
        counter = counters.get((endpoint, method, status))
        if counter is None:
            counter = counters[endpoint, method, status] = REQUESTS.labels(endpoint, method, str(status))
        counter.inc()
        if started is not None:
            latency = latencies.get(endpoint)
            if latency is None:
                latency = latencies[endpoint] = LATENCY.labels(endpoint)
            latency.observe(time.perf_counter() - started)
        return resp
