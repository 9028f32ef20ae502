"""Logs as JSON, one line per event, through python-json-logger: gunicorn's own lines, its access
line (one per request: time, request id, method, path, status, bytes, duration, the client as
nginx passed it) and the app's (time, level, logger, message, request id; a traceback inside the
line, never over many). ``gunicorn.conf.py`` sets ``logger_class = "web.logs.JsonLogger"``."""

from __future__ import annotations

import logging
import os
import sys
from datetime import timedelta
from typing import Any

from gunicorn.glogging import Logger
from pythonjsonlogger.json import JsonFormatter

from web.request_id import HEADER, RequestIdFilter


def formatter() -> JsonFormatter:
    """``{"time", "level", "logger", "message", …extra fields}`` (ISO 8601 UTC time)."""
    return JsonFormatter(
        "{levelname}{name}{message}",
        style="{",
        rename_fields={"levelname": "level", "name": "logger"},
        timestamp="time",
        json_ensure_ascii=False,
    )


class JsonLogger(Logger):  # type: ignore[misc]  # gunicorn ships no types
    """gunicorn's logger writing JSON lines; the app's loggers (the root logger) too, with the
    request id."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for h in log.handlers:
                h.setFormatter(formatter())
        root = logging.getLogger()
        if not any(getattr(h, "_rummy", False) for h in root.handlers):
            h = logging.StreamHandler(sys.stderr)
            h.setFormatter(formatter())
            h.addFilter(RequestIdFilter())
            h._rummy = True  # type: ignore[attr-defined]  # marks the handler this module added
            root.addHandler(h)
            root.setLevel(self.loglevel)

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: timedelta) -> None:
        if not self.access_log_enabled:
            return
        status = resp.status.split(None, 1)[0] if isinstance(resp.status, str) else resp.status
        rid = next((v for k, v in resp.headers if k.lower() == HEADER.lower()), None) or environ.get("HTTP_X_REQUEST_ID")
        self.access_log.info(
            "request",
            extra={
                "request_id": rid,
                "method": environ.get("REQUEST_METHOD"),
                "path": environ.get("RAW_URI"),
                "status": int(status),
                "bytes": getattr(resp, "sent", None),
                "duration_ms": round(request_time.total_seconds() * 1000, 3),
                "client": environ.get("HTTP_X_FORWARDED_FOR") or environ.get("REMOTE_ADDR"),
                "pid": os.getpid(),
            },
        )
