"""The rulebook ships with the product: RULES.md, its generated parts, the /rules page, and the
links to it from the API's documents (R1–R21, R2a, R18a)."""

import re
import subprocess
from pathlib import Path

import pytest
import yaml

from referee.errors import Code
from referee.reasons import code_examples
from referee.rules import OPTION, OPTIONS, PRESETS
from web import rulebook

REPO = Path(__file__).resolve().parent.parent
EVERY_RULE = [f"R{n}" for n in range(1, 22)] + ["R2a", "R18a"]


def test_the_rulebook_is_in_the_repository():
    tracked = subprocess.run(["git", "ls-files", "RULES.md"], cwd=REPO, capture_output=True, text=True, check=True).stdout
    assert tracked.strip() == "RULES.md"


def test_every_rule_id_has_one_section_in_order():
    ids = rulebook.rule_ids()
    assert sorted(ids) == sorted(EVERY_RULE)
    assert len(ids) == len(set(ids))
    assert ids[:4] == ["R1", "R2", "R2a", "R3"] and ids[-5:] == ["R18", "R18a", "R19", "R20", "R21"]


def test_the_generated_parts_are_up_to_date():
    """`make rulebook` (or `make openapi`) rewrites them from the code."""
    text = rulebook.RULEBOOK.read_text(encoding="utf-8")
    assert rulebook.generated(text) == text, "RULES.md is stale: run `make rulebook`"


def test_r21_the_options_table_comes_from_the_one_declaration_of_the_options():
    text = rulebook.RULEBOOK.read_text(encoding="utf-8")
    table = text.split("<!-- BEGIN options table")[1].split("<!-- END")[0]
    rows = {
        re.match(r"\| `(\w+)`", line).group(1): [c.strip(" `") for c in line.split("|")[2:-1]]
        for line in table.splitlines()
        if line.startswith("| `")
    }
    assert list(rows) == [o.name for o in OPTIONS]
    assert rows["melds_per_turn"] == ["R5", "1", "null", "null"]
    assert rows["restock"] == ["R17", "keep_top", "turn_over", "immediate"]
    assert rows["max_restocks"] == ["R18", "null", "null", "2"]
    assert "| `aces`: " + OPTION["aces"].sentence + " | R11 |" in table
    assert list(PRESETS) == ["basic", "standard", "two-restocks"]


def test_r21_every_option_is_introduced_by_the_rule_it_declares():
    text = rulebook.RULEBOOK.read_text(encoding="utf-8")
    assert rulebook.option_rule(text) == {o.name: o.rule for o in OPTIONS}
    with pytest.raises(LookupError, match="aces"):
        rulebook.option_rule(text.replace("Option `aces", "The house rule `aces"))


def test_r12_every_reason_cites_a_rule_of_the_rulebook():
    ids = set(rulebook.rule_ids())
    cited = {reason.rule for reason in code_examples().values()}
    assert cited <= ids
    text = rulebook.RULEBOOK.read_text(encoding="utf-8")
    for code in Code:
        assert f"| `{code.value}` |" in text


def _rules_page(client, url: str):
    """The answer of a /rules page, checked to be HTML with one element per rule id."""
    r = client.get(url)
    assert r.status_code == 200 and r.mimetype == "text/html"
    page = r.get_data(as_text=True)
    for rule in EVERY_RULE:
        assert page.count(f'id="{rule}"') == 1, rule
    return r


def test_the_players_rulebook_is_the_same_rules_in_plain_words(client):
    """/rules for players: every rule, its id a small anchor after its title; no reason codes,
    JSON, option names or the list of codes; examples with cards kept."""
    page = _rules_page(client, "/rules").get_data(as_text=True)
    assert '<h3 id="R11">Run <a class="rule-id" href="#R11" aria-label="rule R11">R11</a></h3>' in page
    assert '<h3 id="R18a">A stalled hand <a class="rule-id" href="#R18a" aria-label="rule R18a">R18a</a></h3>' in page
    assert (
        '<span class="said">Q♠ K♠ A♠</span> under the presets: &quot;Q♠ K♠ A♠ is not a run: aces are low, so a run stops\nat the King&quot;.'
        in page
    )
    for code in Code:
        assert code.value not in page, code
    for option in OPTIONS:
        assert f">{option.name}<" not in page and f"`{option.name}" not in page
    assert '"rule"' not in page and "{&quot;" not in page and "<code>" not in page
    assert "The house rule <em>Aces</em>: <em>High or low</em>" in page
    assert '<td>Going rummy doubles (<a href="#R15">R15</a>)</td>\n<td>No bonus</td>\n<td>Doubles</td>' in page
    assert '<a href="/rules?for=developers">' in page


def test_the_rules_page_has_an_element_per_rule_id(client):
    r = _rules_page(client, "/rules?for=developers")
    page = r.get_data(as_text=True)
    # the heading carries the rule's title; rule ids in the text link to their rule
    assert '<h3 id="R11">R11 Run</h3>' in page
    assert '<h3 id="R18a">R18a A stalled hand</h3>' in page
    assert 'A hand that ends as a draw (<a href="#R17">R17</a>, <a href="#R18">R18</a>, <a href="#R18a">R18a</a>)' in page
    # the options table and the reason codes, rule ids linked
    assert f'<td><code>melds_per_turn</code>: {OPTION["melds_per_turn"].sentence}</td>\n<td><a href="#R5">R5</a></td>' in page
    assert '<td><code>ace_high</code></td>\n<td><a href="#R11">R11</a></td>' in page
    # the phone page's style and its service worker, under the same strict policy
    assert '<link rel="stylesheet" href="/static/scorepad.css">' in page
    assert r.headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert "<!--" not in page and "make rulebook" not in page  # the generated parts' marks are for the Markdown only
    assert "<script" not in page.replace('<script type="module" src="/static/rules.js"></script>', "")


def test_the_rulebook_as_written(client):
    r = client.get("/RULES.md")
    assert r.status_code == 200 and r.mimetype == "text/markdown"
    assert r.get_data(as_text=True) == rulebook.RULEBOOK.read_text(encoding="utf-8")


def test_the_service_worker_keeps_the_rules_page():
    worker = (REPO / "static" / "sw.js").read_text(encoding="utf-8")
    for path in ("/rules", "/static/rules.css", "/static/rules.js"):
        assert f"'{path}'," in worker


def test_openapi_says_where_a_rule_resolves(client):
    spec = yaml.load(client.get("/openapi.yaml").get_data(as_text=True), Loader=yaml.CSafeLoader)
    description = spec["info"]["description"]
    assert "[/rules#R11](/rules#R11)" in description
    # the reason codes' table in /docs: every rule id a link to its rule
    assert "| `ace_high` | [R11](/rules#R11) |" in description
    assert "| `does_not_fit` | [R6](/rules#R6) |" in description
    rule = spec["components"]["schemas"]["Reason"]["properties"]["rule"]
    assert "/rules#R11" in rule["description"] and re.fullmatch(rule["pattern"], "R18a")


def test_nothing_links_outside_the_repository():
    """The README, the documentation site and every page stand on their own: no link into a folder beside the repository."""
    files = [
        REPO / "README.md",
        REPO / "RULES.md",
        REPO / "mkdocs.yml",
        *sorted((REPO / "docs").rglob("*.md")),
        *sorted((REPO / "clients").glob("*/README.md")),
        REPO / "openapi.yaml",
        *sorted((REPO / "static").rglob("*.html")),
        *sorted((REPO / "web" / "templates").glob("*.html")),
        *sorted((REPO / "static").rglob("*.js")),
    ]
    for path in files:
        assert "../shared" not in path.read_text(encoding="utf-8"), path
