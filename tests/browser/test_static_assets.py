"""The page's files work under CSP default-src 'self' and load nothing from elsewhere.

No browser needed: these read static/ and the pages' templates (web/templates) directly."""

import json
import os
import re
import struct
from pathlib import Path

from web import rulebook
from web.pages_html import static_page

STATIC = Path(__file__).resolve().parents[2] / "static"
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
PAGES = ("index.html", "play.html")  # rendered from web/templates, as served
SCRIPTS = ("scorepad.js", "play.js", "sw.js", *(p.relative_to(STATIC).as_posix() for p in sorted((STATIC / "js").rglob("*.js"))))


def read(name):
    """A file of static/, or one of PAGES as it is served."""
    return static_page(name) if name in PAGES else (STATIC / name).read_text(encoding="utf-8")


def test_no_inline_script_style_or_handlers():
    for page in PAGES:
        no_inline(read(page))
    for name in SCRIPTS:
        js = read(name)
        assert "innerHTML" not in js and "eval(" not in js and "new Function" not in js, name
        assert not re.search(r"setAttribute\(\s*['\"]style['\"]", js), name


def no_inline(html):
    for tag in re.findall(r"<script\b[^>]*>", html, flags=re.I):
        assert re.search(r"\bsrc=", tag), f"inline <script>: {tag}"
    assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html, flags=re.I), "a <script> with a body"
    assert not re.search(r"<style\b", html, flags=re.I), "inline <style>"
    assert not re.search(r"\sstyle\s*=", html, flags=re.I), "style= attribute"
    assert not re.search(r"\son[a-z]+\s*=", html, flags=re.I), "inline event handler"


def test_nothing_loaded_from_another_site():
    for name in (*PAGES, "scorepad.css", "play.css", "favicon.svg", "icon.svg", "manifest.webmanifest", *SCRIPTS):
        text = read(name).replace(SVG_NAMESPACE, "")
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, flags=re.I), f"{name} names another site"
        assert "@import" not in text and "@font-face" not in text


def test_assets_referenced_exist():
    for page in PAGES:
        for ref in re.findall(r"(?:src|href)=\"/static/([^\"]+)\"", read(page)):
            assert (STATIC / ref).is_file(), ref
    assert set(module_files("play.js")) == {
        "play.js",
        "js/dom.js",
        "js/cards.js",
        "js/api.js",
        "js/tables.js",
        "js/rummy-referee-client.js",
        "js/service.js",
        "js/i18n.js",
        *(f"js/play/{p.name}" for p in (STATIC / "js" / "play").glob("*.js")),
    }
    for name in SCRIPTS:  # every module is imported by a page (none left over)
        assert name in module_files("play.js") + module_files("scorepad.js") + ["sw.js"], name


def module_files(name, seen=None):
    """The page's ES modules, from scorepad.js through every import."""
    seen = seen if seen is not None else []
    if name in seen:
        return seen
    seen.append(name)
    for ref in re.findall(r"^import .* from '([^']+)';$", read(name), flags=re.M):
        module_files(os.path.normpath((Path(name).parent / ref).as_posix()), seen)
    return seen


def read_at_import(modules):
    """The files the modules read by their own address, fetch(new URL('./names.json', import.meta.url))."""
    found = [
        os.path.normpath((Path(name).parent / ref).as_posix())
        for name in modules
        for ref in re.findall(r"new URL\('([^']+)', import\.meta\.url\)", read(name))
    ]
    assert all((STATIC / name).is_file() for name in found), found
    return found


def test_the_service_worker_keeps_every_file_the_page_needs():
    worker = read("sw.js")
    kept = set(re.findall(r"^  '(/[^']*)',$", worker, flags=re.M))
    html = read("index.html")
    needed = {"/"} | {"/static/" + ref for ref in re.findall(r"(?:src|href)=\"/static/([^\"]+)\"", html)}
    needed |= {"/static/" + name for name in module_files("scorepad.js")}
    needed |= {"/static/" + name for name in read_at_import(module_files("scorepad.js"))}
    needed |= {icon["src"] for icon in json.loads(read("manifest.webmanifest"))["icons"]}
    # /play and what it loads (it opens offline to say that a game needs the connection)
    play = read("play.html")
    needed |= {"/play"} | {"/static/" + ref for ref in re.findall(r"(?:src|href)=\"/static/([^\"]+)\"", play)}
    needed |= {"/static/" + name for name in module_files("play.js")}
    # the rulebook page (/rules) and what it loads
    needed |= {"/rules"} | {"/static/" + ref for ref in re.findall(r"(?:src|href)=\"/static/([^\"]+)\"", rulebook.page())}
    # the languages' index (each language's catalogs are kept from it, read at install)
    needed |= {"/static/i18n/index.json"}
    assert "/static/js/checker.js" in needed and "/static/icon-512.png" in needed
    assert needed == kept, f"missing: {needed - kept}, extra: {kept - needed}"


def test_manifest_icons_are_there_at_their_stated_sizes():
    manifest = json.loads(read("manifest.webmanifest"))
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        path = STATIC / icon["src"].removeprefix("/static/")
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            width, height = struct.unpack(">II", path.read_bytes()[16:24])
            assert icon["sizes"] == f"{width}x{height}", icon


def test_one_submit_path_for_the_pad():
    """Every change to the game goes through submitPad: one POST /v1/scorepad in the page
    (answered by the offline judge when the service cannot be reached)."""
    js = "\n".join(read(name) for name in module_files("scorepad.js"))
    assert js.count("askReferee(API_URL") == 1
    # the definition, then: start a game, save a hand, replace the hands (undo, delete, put back), refresh
    assert len(re.findall(r"\bsubmitPad\(", js)) == 5


def test_no_module_over_400_lines():
    """The pages' scripts are ES modules of at most 400 lines each (scorepad.js was 1,238); the
    TypeScript client's build is made by esbuild from clients/typescript/src (tests/test_clients.py
    holds it to a fresh build), so its sources are the modules that count."""
    for name in SCRIPTS:
        if name == "js/rummy-referee-client.js":
            continue
        assert len(read(name).splitlines()) <= 400, name
