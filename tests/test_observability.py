"""The operator's files in deploy/: Prometheus's alert rules checked by Prometheus's own
``promtool check rules`` (Debian's prometheus package), every PromQL expression of the Grafana
dashboard checked the same way (as recording rules), each metric family of web/metrics.py on
the dashboard; and mtail's program for nginx's access lines (deploy/mtail/nginx.mtail) run by
Debian's mtail over real nginx JSON lines, counting 429s."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from web import metrics

ROOT = Path(__file__).resolve().parent.parent
ALERTS = ROOT / "deploy" / "prometheus" / "alerts.yaml"
DASHBOARD = ROOT / "deploy" / "grafana" / "rummy-referee.json"
MTAIL = ROOT / "deploy" / "mtail"


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        if os.environ.get("RUMMY_REQUIRE_NGINX") == "1":  # CI installs them with nginx (.ci/run)
            raise RuntimeError(f"{name} is not installed (apt-get install {'prometheus' if name == 'promtool' else name})")
        pytest.skip(f"needs {name} (apt-get install {'prometheus' if name == 'promtool' else name})")
    return found


def _families() -> set[str]:
    return {m._name for m in vars(metrics).values() if hasattr(m, "_name") and hasattr(m, "_documentation")}


def test_the_alert_rules_pass_promtool():
    out = subprocess.run([_tool("promtool"), "check", "rules", str(ALERTS)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "SUCCESS" in out.stdout, out.stdout + out.stderr
    rules = [r for g in yaml.safe_load(ALERTS.read_text())["groups"] for r in g["rules"]]
    used = " ".join(r["expr"] for r in rules)
    for family in ("rummy_http_requests_total", "rummy_store_breaker_open", "rummy_table_guard_total", "rummy_nginx_requests_total"):
        assert family in used, family


def test_promtool_does_refuse_a_wrong_rule(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump({"groups": [{"name": "x", "rules": [{"alert": "X", "expr": "sum(rate(x[5m])"}]}]}))
    assert subprocess.run([_tool("promtool"), "check", "rules", str(bad)], capture_output=True, timeout=60).returncode != 0


def test_the_dashboards_queries_parse_and_show_every_metric_family(tmp_path):
    dash = json.loads(DASHBOARD.read_text())
    exprs = [t["expr"] for p in dash["panels"] for t in p["targets"]]
    as_rules = {"groups": [{"name": "dashboard", "rules": [{"record": f"dashboard:panel{i}", "expr": e} for i, e in enumerate(exprs)]}]}
    path = tmp_path / "dashboard-rules.yaml"
    path.write_text(yaml.safe_dump(as_rules))
    out = subprocess.run([_tool("promtool"), "check", "rules", str(path)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    shown = " ".join(exprs)
    for family in _families():
        assert re.search(rf"\b{family}(_total|_bucket)?\b", shown), f"{family} is on no panel"
    assert len({p["id"] for p in dash["panels"]}) == len(dash["panels"])


def test_mtail_counts_nginx_refusals_from_its_json_lines(tmp_path):
    lines = [
        {"time": "t", "request_id": "a", "status": 200, "upstream": "127.0.0.1:8001"},
        {"time": "t", "request_id": "b", "status": 429, "upstream": ""},
        {"time": "t", "request_id": "c", "status": 429, "upstream": ""},
        {"time": "t", "request_id": "d", "status": 200, "upstream": "127.0.0.1:8001, 127.0.0.1:8002"},
    ]
    log = tmp_path / "nginx.log"
    log.write_text("".join(json.dumps(x, separators=(",", ":")) + "\n" for x in lines))
    out = subprocess.run(
        [_tool("mtail"), "--progs", str(MTAIL), "--logs", str(log), "--one_shot", "--one_shot_format", "prometheus"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    from prometheus_client.parser import text_string_to_metric_families

    samples = {(s.name, s.labels.get("status")): s.value for f in text_string_to_metric_families(out.stdout) for s in f.samples}
    assert samples[("rummy_nginx_requests_total", "429")] == 2 and samples[("rummy_nginx_requests_total", "200")] == 2
    assert samples[("rummy_nginx_upstream_retries_total", None)] == 1
