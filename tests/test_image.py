"""The image's files, without a container engine: the build context is the repository's root
(deploy/Dockerfile's ``COPY . .``) less what deploy/Dockerfile.dockerignore leaves out, as
docker-py (the Docker project's Python client, same rules as the CLI) reads it. The app is then
started by gunicorn from a copy of exactly those files and serves its pages (issue 31: the image
once left out RULES.md, so /rules answered 500; it held a seal key)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from docker.utils.build import PatternMatcher, exclude_paths

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))

import stack  # noqa: E402  (the Procfile's gunicorn command, as every stack starts it)

DOCKERFILE = ROOT / "deploy" / "Dockerfile"
IGNORE = ROOT / "deploy" / "Dockerfile.dockerignore"


def _patterns() -> list[str]:
    return [line.strip() for line in IGNORE.read_text().splitlines() if line.strip() and not line.startswith("#")]


def _copies() -> list[str]:
    text = DOCKERFILE.read_text().replace("\\\n", " ")
    return [line.split(None, 1)[1].strip() for line in text.splitlines() if line.split(None, 1)[:1] == ["COPY"]]


def image_files() -> set[str]:
    """The files ``COPY . .`` puts in the image, relative to /app."""
    assert _copies() == ["requirements.txt .", ". ."]  # what this function reads the context for
    return {p for p in exclude_paths(str(ROOT), _patterns()) if (ROOT / p).is_file()}


def test_the_image_holds_every_served_file_and_no_secret_or_tooling():
    files = image_files()
    tracked = subprocess.run(["git", "ls-files", "static"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    assert {"RULES.md", "app.py", "gunicorn.conf.py", "requirements.txt", *tracked} <= files
    assert not any(f.startswith(("tests/", "bench/", "tools/", ".git/", ".venv/")) or "node_modules" in f for f in files)
    matcher = PatternMatcher(_patterns())
    for secret in (
        ".dev-seal-key",
        ".table-store.sqlite3",
        ".table-store.sqlite3-wal",
        "tools/node_modules/x/index.js",
        "static/node_modules/a.js",
    ):
        assert matcher.matches(secret), f"{secret} would be in the image"
    assert not matcher.matches("RULES.md") and not matcher.matches("web/templates/index.html")


@pytest.fixture(scope="module")
def served_from_the_image(tmp_path_factory):
    """gunicorn (the Procfile's command) started in a copy of exactly the image's files."""
    root = tmp_path_factory.mktemp("image") / "app"
    for name in image_files():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, root / name)
    port = stack.free_port()
    proc = subprocess.Popen(
        stack.gunicorn_command(port, workers=1),
        cwd=root,
        env={"PATH": "/usr/bin:/bin", "RUMMY_SEAL_KEYS": "yvbYfGQDqY8G0HWyeXHqX5ms5hW7I8W1hQm2x1iyQkM=", "RUMMY_TABLE_STORE": "none"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(proc.stderr.read().decode()[-3000:]) from None
                time.sleep(0.1)
        yield port, root
    finally:
        proc.terminate()
        proc.wait(30)


@pytest.mark.parametrize("path", ["/rules", "/RULES.md", "/", "/play", "/docs", "/openapi.yaml", "/static/js/api.js", "/sw.js"])
def test_the_app_started_from_the_image_files_serves_its_pages(served_from_the_image, path):
    port, root = served_from_the_image
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
        assert r.status == 200 and r.read()
    assert not (root / ".dev-seal-key").exists()
