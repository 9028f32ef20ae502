"""The page's files work under CSP default-src 'self' and load nothing from elsewhere.

No browser needed: these read static/ directly."""
import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"
SVG_NAMESPACE = "http://www.w3.org/2000/svg"


def read(name):
    return (STATIC / name).read_text(encoding="utf-8")


def test_no_inline_script_style_or_handlers():
    html = read("index.html")
    for tag in re.findall(r"<script\b[^>]*>", html, flags=re.I):
        assert re.search(r"\bsrc=", tag), f"inline <script>: {tag}"
    assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html, flags=re.I), "a <script> with a body"
    assert not re.search(r"<style\b", html, flags=re.I), "inline <style>"
    assert not re.search(r"\sstyle\s*=", html, flags=re.I), "style= attribute"
    assert not re.search(r"\son[a-z]+\s*=", html, flags=re.I), "inline event handler"
    js = read("scorepad.js")
    assert "innerHTML" not in js and "eval(" not in js and "new Function" not in js
    assert not re.search(r"setAttribute\(\s*['\"]style['\"]", js)


def test_nothing_loaded_from_another_site():
    for name in ("index.html", "scorepad.js", "scorepad.css", "favicon.svg"):
        text = read(name).replace(SVG_NAMESPACE, "")
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, flags=re.I), f"{name} names another site"
        assert "@import" not in text and "@font-face" not in text


def test_assets_referenced_exist():
    html = read("index.html")
    for ref in re.findall(r"(?:src|href)=\"/static/([^\"]+)\"", html):
        assert (STATIC / ref).is_file(), ref
