"""The deployment files of deploy/: the Kubernetes manifests pass the Kubernetes API schemas
(kubernetes-validate, strict: no unknown fields) and hang together; the Dockerfile builds the
image the README describes. Docker itself cannot run here, so the Dockerfile is checked as
text: a slim Python base, only requirements.txt, a non-root user, a HEALTHCHECK on /healthz and
the Procfile's command."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))
K8S = ROOT / "deploy" / "k8s"
KUBERNETES_VERSION = "1.30.0"  # the oldest release still supported upstream when this was written
MANIFESTS = sorted(K8S.glob("*.yaml"))


def _resources(name: str = "rummy-referee") -> dict[str, dict]:
    """The resources of one component (``rummy-referee``: the app; ``rummy-referee-redis``: the
    replay guard's Redis), by kind."""
    out = {}
    for path in MANIFESTS:
        for doc in yaml.safe_load_all(path.read_text()):
            if doc["metadata"]["labels"]["app.kubernetes.io/name"] == name:
                out[doc["kind"]] = doc
    return out


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_each_manifest_passes_the_kubernetes_schema(path):
    docs = list(yaml.safe_load_all(path.read_text()))
    assert docs
    for doc in docs:
        version = kubernetes_validate.validate(doc, KUBERNETES_VERSION, strict=True)
        print(f"INFO {path.relative_to(ROOT)} passed for resource {doc['kind']}/{doc['metadata']['name']} against version {version}")


def test_the_validator_does_refuse_a_wrong_manifest():
    bad = _resources()["Deployment"]
    bad = {**bad, "spec": {**bad["spec"], "replicas": "two"}}
    with pytest.raises(kubernetes_validate.ValidationError, match="'two' is not of type 'integer'"):
        kubernetes_validate.validate(bad, KUBERNETES_VERSION, strict=True)


def test_the_manifests_hang_together():
    r = _resources()
    assert set(r) == {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Secret", "ConfigMap", "NetworkPolicy"}
    deployment = r["Deployment"]
    pod = deployment["spec"]["template"]["spec"]
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert deployment["spec"]["selector"]["matchLabels"] == labels
    assert r["Service"]["spec"]["selector"] == labels == r["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"]
    assert r["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "name": deployment["metadata"]["name"],
    }
    # The HPA owns the replica count (a `replicas` in the Deployment resets it on every apply); a
    # drain evicts one pod at a time, however many there are (issue 31 §7).
    assert "replicas" not in deployment["spec"] and r["HorizontalPodAutoscaler"]["spec"]["minReplicas"] >= 2
    assert r["PodDisruptionBudget"]["spec"] == {**r["PodDisruptionBudget"]["spec"], "maxUnavailable": 1}
    assert "minAvailable" not in r["PodDisruptionBudget"]["spec"]
    spread = {c["topologyKey"]: c for c in pod["topologySpreadConstraints"]}
    assert set(spread) == {"topology.kubernetes.io/zone", "kubernetes.io/hostname"}
    assert all(c["labelSelector"]["matchLabels"] == labels and c["maxSkew"] == 1 for c in spread.values())
    containers = {c["name"]: c for c in pod["containers"]}
    # Each container probed on its own port, on what it is itself: the app's readiness on /readyz
    # (draining, the table store), its liveness on /healthz; nginx's own answer for nginx.
    paths = {"app": ("/readyz", "/healthz"), "nginx": ("/nginx-healthz", "/nginx-healthz")}
    for c in containers.values():
        ports = {p["name"]: p["containerPort"] for p in c["ports"]}
        for probe, path in zip(("readinessProbe", "livenessProbe"), paths[c["name"]]):
            assert c[probe]["httpGet"]["path"] == path and c[probe]["httpGet"]["port"] in ports, (c["name"], probe)
        assert set(c["resources"]["requests"]) == set(c["resources"]["limits"]) == {"cpu", "memory"}
        assert c["securityContext"]["runAsUser"] != 0 and c["securityContext"]["allowPrivilegeEscalation"] is False
        # Out of the Service's endpoints before SIGTERM: a graceful stop resets queued connections.
        assert re.search(r"\bsleep (\d+)", c["lifecycle"]["preStop"]["exec"]["command"][-1])
    app_stop = containers["app"]["lifecycle"]["preStop"]["exec"]["command"][-1]
    assert app_stop.startswith('touch "$RUMMY_DRAIN_FILE"')  # readiness fails before gunicorn stops accepting
    assert "-s quit" in containers["nginx"]["lifecycle"]["preStop"]["exec"]["command"][-1]  # nginx drains, never cut
    waits = [int(re.search(r"\bsleep (\d+)", c["lifecycle"]["preStop"]["exec"]["command"][-1]).group(1)) for c in containers.values()]
    assert pod["terminationGracePeriodSeconds"] >= max(waits) + 20  # + gunicorn's graceful timeout
    assert containers["app"]["readinessProbe"]["periodSeconds"] * containers["app"]["readinessProbe"]["failureThreshold"] < max(waits)
    # The Service reaches nginx, never gunicorn; nginx's upstream is the app container's port.
    nginx_port = {p["name"]: p["containerPort"] for p in containers["nginx"]["ports"]}
    assert r["Service"]["spec"]["ports"][0]["targetPort"] in nginx_port
    assert [p["port"] for p in r["NetworkPolicy"]["spec"]["ingress"][0]["ports"]] == list(nginx_port.values())
    conf = r["ConfigMap"]["data"]["nginx.conf"]
    # keep-alive above a cloud balancer's idle timeout (60 s), so the balancer closes first
    assert int(re.search(r"keepalive_timeout (\d+)s;", conf).group(1)) > 60
    assert "set_real_ip_from" in conf and "real_ip_header X-Forwarded-For;" in conf
    app_env = {e["name"]: e for e in containers["app"]["env"]}
    assert re.findall(r"server (127\.0\.0\.1:\d+)", conf) == [f"127.0.0.1:{app_env['PORT']['value']}"]
    assert re.findall(r"listen (\d+);", conf) == [str(nginx_port["http"])]
    assert containers["app"]["ports"][0]["containerPort"] == int(app_env["PORT"]["value"])
    # The seal keys come from the Secret, under the name the app reads.
    assert app_env["RUMMY_SEAL_KEYS"]["valueFrom"]["secretKeyRef"] == {"name": r["Secret"]["metadata"]["name"], "key": "RUMMY_SEAL_KEYS"}
    assert set(r["Secret"]["stringData"]) == {"RUMMY_SEAL_KEYS"}
    # nginx runs from its ConfigMap, with its prefix on a writable emptyDir (read-only root).
    command = containers["nginx"]["command"]
    mounts = {m["name"]: m["mountPath"] for m in containers["nginx"]["volumeMounts"]}
    volumes = {v["name"]: v for v in pod["volumes"]}
    assert command[command.index("-c") + 1] == mounts["nginx-conf"] + "/nginx.conf"
    assert command[command.index("-p") + 1].rstrip("/") == mounts["nginx-run"] and "emptyDir" in volumes["nginx-run"]
    assert volumes["nginx-conf"]["configMap"]["name"] == r["ConfigMap"]["metadata"]["name"]


def test_the_replay_guards_redis_keeps_its_data_and_the_app_uses_it():
    """Finding 3 and the issue's deployment: a Redis StatefulSet with a volume for its
    append-only file, deploy/redis.conf (append-only, noeviction) from a ConfigMap kept current,
    reachable from the app's pods only; the app's RUMMY_TABLE_STORE points at its Service."""
    import stack

    r = _resources("rummy-referee-redis")
    assert set(r) == {"Service", "StatefulSet", "ConfigMap", "NetworkPolicy", "PodDisruptionBudget", "Secret"}
    sts = r["StatefulSet"]
    pod = sts["spec"]["template"]["spec"]
    labels = sts["spec"]["template"]["metadata"]["labels"]
    assert sts["spec"]["selector"]["matchLabels"] == labels == r["Service"]["spec"]["selector"]
    assert sts["spec"]["serviceName"] == r["Service"]["metadata"]["name"] and sts["spec"]["replicas"] == 1
    redis = pod["containers"][0]
    command = redis["command"]
    mounts = {m["name"]: m["mountPath"] for m in redis["volumeMounts"]}
    assert command[command.index("--dir") + 1] == mounts["data"]
    assert [t["metadata"]["name"] for t in sts["spec"]["volumeClaimTemplates"]] == ["data"]
    assert command[1] == mounts["redis-conf"] + "/redis.conf"
    assert {v["name"]: v for v in pod["volumes"]}["redis-conf"]["configMap"]["name"] == r["ConfigMap"]["metadata"]["name"]
    conf = r["ConfigMap"]["data"]["redis.conf"]
    assert conf == stack.REDIS_CONF.read_text() and (K8S / "redis-configmap.yaml").read_text() == stack.redis_configmap()
    settings = dict(line.split(None, 1) for line in conf.splitlines() if line.strip() and not line.startswith("#"))
    assert settings["appendonly"] == "yes" and settings["maxmemory-policy"] == "noeviction"
    assert redis["securityContext"]["allowPrivilegeEscalation"] is False and pod["securityContext"]["runAsNonRoot"] is True
    policy = r["NetworkPolicy"]["spec"]
    assert policy["podSelector"]["matchLabels"] == labels
    assert policy["ingress"][0]["from"][0]["podSelector"]["matchLabels"] == _resources()["Deployment"]["spec"]["selector"]["matchLabels"]
    app = next(c for c in _resources()["Deployment"]["spec"]["template"]["spec"]["containers"] if c["name"] == "app")
    # the password in a Secret: Redis includes auth.conf, the app's URL holds the same password
    secret = r["Secret"]
    ref = {e["name"]: e for e in app["env"]}["RUMMY_TABLE_STORE"]["valueFrom"]["secretKeyRef"]
    assert ref == {"name": secret["metadata"]["name"], "key": "RUMMY_TABLE_STORE"}
    assert command[command.index("--include") + 1] == mounts["redis-auth"] + "/auth.conf"
    assert {v["name"]: v for v in pod["volumes"]}["redis-auth"]["secret"]["secretName"] == secret["metadata"]["name"]
    password = secret["stringData"]["password"]
    port = r["Service"]["spec"]["ports"][0]["port"]
    assert secret["stringData"]["auth.conf"] == f"requirepass {password}"
    assert secret["stringData"]["RUMMY_TABLE_STORE"] == f"redis://:{password}@{r['Service']['metadata']['name']}:{port}/0"
    assert port == redis["ports"][0]["containerPort"]
    # room for an append-only-file rewrite's fork: at least twice maxmemory
    assert int(redis["resources"]["limits"]["memory"].removesuffix("Mi")) >= 2 * int(settings["maxmemory"].removesuffix("mb")) + 64
    assert r["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"] == labels


# --- the Dockerfile ---------------------------------------------------------------------------


def _instructions() -> list[tuple[str, str]]:
    text = (ROOT / "deploy" / "Dockerfile").read_text()
    lines = [line for line in text.replace("\\\n", " ").splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1].strip()) for line in lines]


def test_the_dockerfile_builds_the_image_the_readme_describes():
    ins = _instructions()
    froms = [arg for op, arg in ins if op == "FROM"]
    assert len(froms) == 1 and re.fullmatch(r"python:3\.11-slim(-\w+)?", froms[0])
    copies = [arg for op, arg in ins if op == "COPY"]
    assert copies == ["requirements.txt .", ". ."]
    runs = " ".join(arg for op, arg in ins if op == "RUN")
    assert "pip install --no-cache-dir -r requirements.txt" in runs and "requirements-dev" not in runs
    users = [arg for op, arg in ins if op == "USER"]
    assert len(users) == 1 and users[0].split(":")[0] not in ("0", "root")
    assert ins[-1][0] == "CMD" and [op for op, _ in ins].index("USER") < len(ins) - 1
    health = next(arg for op, arg in ins if op == "HEALTHCHECK")
    assert "/healthz" in health and "--timeout=" in health
    procfile = (ROOT / "Procfile").read_text().split("web:", 1)[1].strip()
    cmd = yaml.safe_load(ins[-1][1])  # the exec form is a JSON array
    assert cmd[:2] == ["sh", "-c"] and cmd[2] == "exec " + procfile
    assert shlex.split(procfile)[:3] == ["gunicorn", "--config", "gunicorn.conf.py"]


def test_the_build_context_leaves_out_tests_and_tooling():
    ignored = {
        line.strip()
        for line in (ROOT / "deploy" / "Dockerfile.dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    assert {".git", ".venv", "tests", "bench", "requirements-dev.txt"} <= ignored
    for needed in ("app.py", "gunicorn.conf.py", "Procfile", "referee", "schemas", "web", "tables", "static", "requirements.txt"):
        assert needed not in ignored and (ROOT / needed).exists()
