"""The operations' routes: liveness (``/healthz``), readiness (``/readyz``), this API's document
(``/openapi.yaml``) in a flask-smorest Blueprint, and Prometheus's scrape (``/metrics``, kept out
of the API document: it is for the operator, and nginx answers it 404 to the public).
``app.create_app`` registers them all through :func:`register_operations`.

One module for each service's routes, beside ``app.py``: the referee in ``referee_api.py``, the
sealed tables in ``tables_api.py``, these here, the pages in ``pages.py``."""

from __future__ import annotations

import os
from typing import Any

from flask import Flask, Response, current_app

from referee.speech import say
from schemas import api as S
from tables_api import store_not_ready
from web import metrics
from web.openapi import openapi_document
from web.problems import problem
from web.routes import RefereeBlueprint

ops = RefereeBlueprint("ops", __name__, description="Service health and documents.")


def register_operations(app: Flask, api: Any) -> None:
    """Register the documented operations' routes on ``api`` (flask-smorest's ``Api`` of ``app``)
    and ``GET /metrics`` on ``app`` alone."""
    api.register_blueprint(ops)
    app.add_url_rule("/metrics", "metrics", get_metrics, methods=["GET"])


@ops.get("/healthz", S.HealthSchema)
def get_health() -> Any:
    """Liveness: the process answers. Nothing else is asked (a store down is not a reason to
    restart the process: see `/readyz`)."""
    return {"status": "ok"}


@ops.get("/readyz", S.HealthSchema, errors=(503,))
def get_ready() -> Any:
    """Readiness: this instance should be sent requests. 503 while it drains (before a stop:
    the file `RUMMY_DRAIN_FILE` exists) or while the sealed tables' replay guard is configured
    but its store is not usable (unreachable, refusing, its scripts not loaded), naming why."""
    drain = os.environ.get("RUMMY_DRAIN_FILE", "").strip()
    if drain and os.path.exists(drain):
        return problem(503, say("this instance is draining: it is about to stop"), headers={"Retry-After": "1"})
    why = store_not_ready(current_app)
    if why is not None:
        # why: the store's own words for an operator (English, naming its address or file)
        return problem(503, say("the table store is not usable: {why}", why=why), headers={"Retry-After": "1"})
    return {"status": "ok"}


@ops.get(
    "/openapi.yaml",
    responses={
        "200": {
            "description": "This API's OpenAPI 3.1 document, generated from its schemas.",
            "content": {
                "application/yaml": {
                    "schema": {
                        "type": "object",
                        "required": ["openapi", "info", "paths"],
                        "additionalProperties": True,
                        "properties": {
                            "openapi": {"type": "string", "example": "3.1.0"},
                            "info": {"type": "object", "additionalProperties": True},
                            "paths": {"type": "object", "additionalProperties": True},
                        },
                        "description": "An OpenAPI 3.1 document, in YAML.",
                    }
                }
            },
        }
    },
)
def get_openapi() -> Response:
    """This document."""
    spec: list[str] = current_app.extensions.setdefault("rummy-openapi", [])  # generated once, on first request
    if not spec:
        spec.append(openapi_document(current_app))
    return Response(spec[0], mimetype="application/yaml")


def get_metrics() -> Response:
    """Prometheus's text exposition of every metric (``web.metrics``: all workers' values)."""
    return Response(metrics.exposition(), mimetype=metrics.CONTENT_TYPE, headers={"Cache-Control": "no-store"})
