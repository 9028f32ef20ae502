"""The documentation site (mkdocs.yml, docs/) and the README, its front page: the site builds with
``mkdocs build --strict`` (a broken link, a missing anchor or a page left out of the nav fails),
the README stays a front page, and every shell example the pages say to run is run against the
real app, its answer compared with the one the page prints."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from live_server import serving

from app import create_app

REPO = Path(__file__).resolve().parents[1]
MKDOCS = Path(sys.executable).with_name("mkdocs")

# The pages whose ```sh blocks are examples to run as written (the set-up commands excepted).
RUNNABLE = [REPO / "README.md", REPO / "docs" / "quick-start.md"]
SETUP = re.compile(r"^make (serve|test)\b")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [str(MKDOCS), "build", "--strict", "--site-dir", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return out


def nav_pages():
    config = yaml.load((REPO / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    pages = []

    def walk(items):
        for item in items:
            ((_, page),) = item.items()
            if isinstance(page, list):
                walk(page)
            else:
                pages.append(page)

    walk(config["nav"])
    return pages


def test_the_site_builds_strict_with_every_page_of_the_nav(site):
    pages = nav_pages()
    for page in [
        "index.md",
        "quick-start.md",
        "frontend.md",
        "sealed-tables.md",
        "provably-fair.md",
        "rules.md",
        "api.md",
        "operations.md",
        "architecture.md",
        "benchmarks.md",
        "clients/python.md",
        "clients/typescript.md",
    ]:
        assert page in pages
    for page in pages:
        assert (site / page.replace(".md", ".html")).is_file(), page
    # every markdown file under docs/ is in the nav (mkdocs warns of an omitted one; strict fails)
    assert {str(p.relative_to(REPO / "docs")) for p in (REPO / "docs").rglob("*.md")} == set(pages)


def test_the_api_reference_holds_every_operation_of_openapi_yaml(site):
    spec = yaml.load((REPO / "openapi.yaml").read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    html = (site / "api.html").read_text(encoding="utf-8")
    for path, operations in spec["paths"].items():
        for method in operations:
            if method in {"get", "post", "put", "delete", "patch"}:
                anchor = 'id="' + re.sub(r"[^a-z0-9-]", "", f"{method}-{path}".lower()) + '"'
                assert anchor in html, (method, path)


def test_the_included_pages_are_the_files_themselves(site):
    """The rulebook and the benchmarks are RULES.md and bench/README.md, included, not copied."""
    rules = (site / "rules.html").read_text(encoding="utf-8")
    bench = (site / "benchmarks.html").read_text(encoding="utf-8")
    assert "R18a" in rules and "ace_high" in rules
    first_heading = next(line for line in (REPO / "bench" / "README.md").read_text(encoding="utf-8").splitlines() if line.startswith("# "))
    assert first_heading[2:].split("`")[0].strip() in bench


def test_the_readme_is_a_front_page():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150
    assert "make serve" in readme and "make test" in readme
    # every relative link of the README names a file of the repository
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme):
        if "://" not in target:
            assert (REPO / target).is_file(), target


def shell_blocks(path: Path):
    """Each ```sh block of the page with the ```json block right after it, if any."""
    text = path.read_text(encoding="utf-8")
    for match in re.finditer(r"^```sh\n(.*?)^```\n(?:```json\n(.*?)^```\n)?", text, re.S | re.M):
        yield match.group(1), match.group(2)


def answers(text: str) -> list:
    """The JSON documents printed one after another."""
    decoder = json.JSONDecoder()
    docs, at = [], 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return docs
        doc, at = decoder.raw_decode(text, at)
        docs.append(doc)


EXAMPLES = [
    pytest.param(path, block, expected, id=f"{path.name}-{n}")
    for path in RUNNABLE
    for n, (block, expected) in enumerate(shell_blocks(path))
    if not SETUP.match(block)
]


@pytest.fixture(scope="module")
def base_url():
    with serving(create_app(), "docs-examples") as url:
        yield url


@pytest.fixture(scope="module")
def page_tmp(tmp_path_factory):
    """One /tmp per page: a page's later examples read the files its earlier ones wrote."""
    made: dict[Path, Path] = {}
    return lambda path: made.setdefault(path, tmp_path_factory.mktemp(path.stem))


@pytest.mark.parametrize(("path", "block", "expected"), EXAMPLES)
def test_every_shell_example_runs_and_answers_as_printed(path, block, expected, base_url, page_tmp):
    """In the page's order (pytest keeps it), as a reader at a shell runs them."""
    script = block.replace("http://127.0.0.1:8000", base_url).replace("/tmp/", f"{page_tmp(path)}/")
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    got = answers(done.stdout)
    assert got, "the example printed nothing"
    for doc in got:  # an answer, never a problem document
        assert not ({"type", "status", "title"} <= set(doc)), doc
    printed = [json.loads(line.lstrip("# ")) for line in block.splitlines() if line.startswith("# {")]
    if expected is not None:
        printed.append(json.loads(expected))
    if printed:
        assert got == printed
