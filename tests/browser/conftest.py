"""Browser tests of the phone scorepad (GET /), driven by Debian's Chromium through playwright.

The app runs in-process on a free port; Chromium is the system one (never a playwright
download). Without Chromium or playwright the tests skip with a note on how to install them,
and fail instead when RUMMY_REQUIRE_BROWSER=1 (as in CI).
"""

import os
import sys
import time
from pathlib import Path

import pytest

from schemas.wire import TABLE_WIRE

from .scorepad_driver import Scorepad

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:  # the app
    sys.path.insert(0, str(REPO))

CHROMIUM = os.environ.get("RUMMY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Each context is a window, and each window prepared its address bar's suggestions (pages of
    # Chrome's own) in a renderer of its own: 0.56 s of CPU a context, 10 s of test_play_app.py's 42.
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
]
MERGING = Path(__file__).with_name("chromium.sh")  # CHROMIUM, with the features lists merged
HOW_TO_INSTALL = (
    "the browser tests need Debian's Chromium at /usr/bin/chromium (install it with "
    "`apt-get install chromium`) and the playwright Python package (`pip install -r requirements-dev.txt`); "
    "no playwright browser download is used"
)
SHOTS = Path(os.environ.get("RUMMY_SHOTS_DIR", "/tmp/shots"))
PHONE = {"width": 360, "height": 740}


def _unavailable(reason):
    message = f"{reason}: {HOW_TO_INSTALL}"
    if os.environ.get("RUMMY_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{message} (RUMMY_REQUIRE_BROWSER=1, so this is a failure, not a skip)", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def server_url(tmp_path_factory):
    """The real app, served in-process on 127.0.0.1 and a free port (or, when RUMMY_TEST_SERVER
    names one, a server already running there), with a table store as a service runs by default
    (an embedded one in a temporary directory when RUMMY_TABLE_STORE names none), so /play's
    first hand is pledged."""
    if os.environ.get("RUMMY_TEST_SERVER"):
        yield os.environ["RUMMY_TEST_SERVER"].rstrip("/")
        return
    from live_server import serving

    from app import create_app

    env = dict(os.environ)
    if not env.get("RUMMY_TABLE_STORE", "").strip():
        env["RUMMY_TABLE_STORE"] = f"sqlite:///{tmp_path_factory.mktemp('store') / 'tables.sqlite3'}"
    from tables import Tables

    with serving(create_app({"TABLES": Tables.from_environment(TABLE_WIRE, env)}), "scorepad-test-server") as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright Python package is not installed")
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        _unavailable(f"Chromium was not found at {CHROMIUM}")
    pw = sync_playwright().start()
    try:
        chromium = pw.chromium.launch(
            executable_path=MERGING, args=CHROMIUM_ARGS, env={**os.environ, "RUMMY_CHROMIUM": CHROMIUM}, timeout=30_000
        )
    except Exception as exc:  # noqa: BLE001 - any launch failure means "no usable browser"
        pw.stop()
        _unavailable(f"Chromium at {CHROMIUM} would not start ({str(exc).splitlines()[0]})")
    try:
        yield chromium
    finally:
        chromium.close()
        pw.stop()


@pytest.fixture
def context(browser, server_url):
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, base_url=server_url, accept_downloads=True)
    ctx.set_default_timeout(10_000)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    """A fresh phone-sized page (empty localStorage). Console errors and page errors fail the test,
    except the browser's own "Failed to load resource" line for a 422 answer."""
    pg = context.new_page()
    pg.problems = []
    pg.allow_network_errors = False

    def on_console(msg):
        if msg.type != "error":
            return
        text = msg.text
        if "Failed to load resource" in text and "422" in text:
            return
        if pg.allow_network_errors and ("Failed to load resource" in text or "net::" in text):
            return
        pg.problems.append(f"console: {text}")

    pg.on("console", on_console)
    pg.on("pageerror", lambda exc: pg.problems.append(f"page error: {exc}"))
    yield pg
    assert not pg.problems, "the page reported errors:\n" + "\n".join(pg.problems)


@pytest.fixture
def pad(page, server_url):
    return Scorepad(page, server_url)


@pytest.fixture
def shots():
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


@pytest.fixture(scope="module")
def docs_context(browser, server_url):
    """One browser context for the file's pages: Swagger UI's files and openapi.yaml come from its
    cache after the first page. Each test still opens its own page, so the page's own table (a
    variable of static/docs/docs-init.js, nothing kept in storage) starts empty: an example alone."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server_url)
    ctx.set_default_timeout(60_000)  # Swagger UI is slow to answer a click on a loaded machine
    yield ctx
    ctx.close()


def _open_docs(docs_context):
    """/docs on a new page of ``docs_context``, its operations drawn: (page, its page errors)."""
    pg = docs_context.new_page()
    problems = []
    pg.on("pageerror", lambda exc: problems.append(str(exc)))
    t0 = time.perf_counter()
    pg.goto("/docs")
    pg.wait_for_selector(".opblock-post", timeout=60_000)  # Swagger UI's bundle, on a busy machine
    print(f"\n/docs: the operations appeared after {time.perf_counter() - t0:.2f} s")
    return pg, problems


@pytest.fixture
def docs(docs_context):
    """/docs (Swagger UI) on a page of its own, its operations drawn; page errors fail the test."""
    pg, problems = _open_docs(docs_context)
    yield pg
    pg.close()
    assert not problems, problems


@pytest.fixture(scope="module")
def docs_once(docs_context):
    """/docs opened once for the file's tests that leave the page as they found it (each closes
    the operation it opened; none touches the page's own table, which only the sealed tables'
    placeholders do): Swagger UI's load and first render are the dearest part of such a test.
    Page errors fail the test that meets them."""
    pg, problems = _open_docs(docs_context)
    pg.problems = problems
    yield pg
    pg.close()


@pytest.fixture
def docs_shared(docs_once):
    """``docs_once`` for one test: the page errors of the test fail it."""
    before = len(docs_once.problems)
    yield docs_once
    assert not docs_once.problems[before:], docs_once.problems[before:]
