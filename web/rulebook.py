"""The rulebook (``RULES.md``): its generated tables and the ``/rules`` page.

``RULES.md`` at the top of the repository is the one text of every rule (R1–R21, R2a, R18a).
Two of its parts are not written by hand but generated from the declarations they describe, so
they cannot drift: the options table (R21) from :data:`referee.rules.PRESETS` and the table of
reason codes from :func:`referee.reasons.code_table`. ``make rulebook`` rewrites them
(:func:`write`); a test fails when the committed file is stale.

``GET /rules`` serves the rulebook as a page (:func:`page`) in two readings of the one text:
for players (plain headings with the rule id as a small anchor, examples with cards, no reason
codes, JSON or option names: :func:`for_players`) and, at ``/rules?for=developers``, the
reference as written, with the codes. Markdown rendered by markdown-it-py, each rule's heading
with its id as anchor (``/rules#R11``) and every rule id in the text a link to its rule.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markupsafe import Markup

from referee.reasons import code_table
from referee.rules import OPTION, OPTIONS, PRESET_LIST, Option
from web import pages_html
from web.rulebook_catalogs import rulebook_translator

RULEBOOK = Path(__file__).resolve().parent.parent / "RULES.md"
RULE_ID = re.compile(r"\bR(\d+)(a?)\b")
RULE_HEADING = re.compile(r"^### (R\d+a?) ", re.M)
_GENERATED = re.compile(r"(<!-- BEGIN (?P<name>[^:]+):[^\n]*-->\n)(?P<body>.*?)(<!-- END (?P=name) -->)", re.S)


def rule_ids(text: str | None = None) -> list[str]:
    """The rule ids of the rulebook, in its order (``["R1", "R2", "R2a", …]``): one per
    ``### R<n> <title>`` heading."""
    return RULE_HEADING.findall(RULEBOOK.read_text(encoding="utf-8") if text is None else text)


def _sections(text: str) -> dict[str, str]:
    """Each rule's text (heading to the next heading), by rule id."""
    parts = re.split(r"^(?=##)", text, flags=re.M)
    out = {}
    for part in parts:
        found = RULE_HEADING.match(part)
        if found:
            out[found.group(1)] = part
    return out


def option_rule(text: str) -> dict[str, str]:
    """The rule whose text introduces each option (it says "Option `name`"), by option name.
    Raises ``LookupError`` naming an option introduced by two rules, or one that no rule
    introduces (a test checks it is the rule the option declares, :data:`referee.rules.OPTIONS`)."""
    out: dict[str, str] = {}
    for rule, body in _sections(text).items():
        for name in re.findall(r"Option\s+`(\w+)", body):
            if name in out and out[name] != rule:
                raise LookupError(f"option {name} is introduced by both {out[name]} and {rule}")
            out[name] = rule
    missing = [o.name for o in OPTIONS if o.name not in out]
    if missing:
        raise LookupError(f"no rule of RULES.md introduces the option(s) {', '.join(missing)} (write Option `name` in its rule)")
    return out


def _value(value: object) -> str:
    return f"`{value}`" if isinstance(value, str) else f"`{json.dumps(value)}`"


def options_table(text: str) -> str:
    """The R21 table, from the one declaration of the options (:data:`referee.rules.OPTIONS`):
    each option, what it is, the rule that explains it and its value in each preset."""
    rows = ["| option | rule | " + " | ".join(f"`{p.name}`" for p in PRESET_LIST) + " |", "|---|---|" + "---|" * len(PRESET_LIST)]
    for o in OPTIONS:
        values = " | ".join(_value(o.preset_value(p.name)) for p in PRESET_LIST)
        rows.append(f"| `{o.name}`: {o.sentence} | {o.rule} | {values} |")
    nulls = "; ".join(f"`{o.name}` {o.null}" for o in OPTIONS if o.null is not None)
    return "\n".join(rows) + f"\n\n`null`: {nulls}.\n"


def generated(text: str) -> str:
    """``text`` with its generated parts rewritten from the code (the options table, the reason
    codes). Raises ``LookupError`` when a marked part is unknown."""
    makers = {"options table": lambda: options_table(text), "reason codes": lambda: code_table() + "\n"}

    def fill(found: re.Match[str]) -> str:
        name = found.group("name")
        if name not in makers:
            raise LookupError(f"RULES.md marks an unknown generated part {name!r}")
        return f"{found.group(1)}{makers[name]()}{found.group(4)}"

    return _GENERATED.sub(fill, text)


def write(path: Path = RULEBOOK) -> bool:
    """Rewrite the generated parts of the rulebook in place; True when the file changed."""
    old = path.read_text(encoding="utf-8")
    new = generated(old)
    if new != old:
        path.write_text(new, encoding="utf-8")
    return new != old


# --- the page ------------------------------------------------------------------------------


def _anchor_rules(state: StateCore) -> None:
    """markdown-it core rule: a rule's heading gets its id (``<h3 id="R11">``); other headings a
    plain slug; every rule id in the text outside headings, links and code becomes a link."""
    known = set(rule_ids(state.src))
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            title = tokens[i + 1].content
            found = RULE_ID.match(title)
            token.attrSet("id", found.group(0) if found and found.group(0) in known else _slug(title))
        elif token.type == "inline" and not (i and tokens[i - 1].type == "heading_open"):
            token.children = _link_ids(token.children or [], known)


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def _link_ids(children: list[Token], known: set[str]) -> list[Token]:
    out: list[Token] = []
    depth = 0
    for child in children:
        depth += child.type == "link_open"
        depth -= child.type == "link_close"
        if child.type != "text" or depth:
            out.append(child)
            continue
        at = 0
        for found in RULE_ID.finditer(child.content):
            if found.group(0) not in known:
                continue
            out.append(Token("text", "", 0, content=child.content[at : found.start()]))
            out.append(Token("link_open", "a", 1, attrs={"href": f"#{found.group(0)}"}))
            out.append(Token("text", "", 0, content=found.group(0)))
            out.append(Token("link_close", "a", -1))
            at = found.end()
        out.append(Token("text", "", 0, content=child.content[at:]))
    return out


def render(text: str, players: bool = False) -> str:
    """The rulebook's Markdown as HTML, with rule anchors and links (see :func:`_anchor_rules`);
    for ``players``, cards and names in the text are set apart as text, not as code."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.core.ruler.push("rule_anchors", _anchor_rules)
    if players:
        md.add_render_rule(
            "code_inline", lambda self, tokens, idx, options, env: f'<span class="said">{escapeHtml(tokens[idx].content)}</span>'
        )
    html: str = md.render(text)
    return html


READINGS = {
    "players": {
        "title": "Rulebook",
        "description": "The rules of Rummy the Rummy Referee plays by, in plain words, with examples in cards.",
        "other": '<a href="/rules?for=developers">Reference for developers</a>',
        "kind": " for-players",
        "foot": "Every verdict of the Rummy Referee points to one of these rules by its number.",
    },
    "developers": {
        "title": "Rulebook for developers",
        "description": "The rules the Rummy Referee plays by, one section per rule id (R1 to R21), with the reason codes and rules objects of the API.",
        "other": '<a href="/rules">Rulebook for players</a> · <a href="/docs">API</a>',
        "kind": "",
        "foot": "Every verdict of the Rummy Referee cites one of these rules: a reason's rule id and code.",
    },
}

# --- the players' reading ------------------------------------------------------------------

PLAYERS_INTRO = (
    "These are the rules the Rummy Referee plays by: Basic (or Straight) Rummy for 2 to 6 players "
    "with one deck of cards. Each rule has a small number (R1 to R21) that the scorepad, the meld "
    "checker and the games point to when they explain a verdict. Developers find the same rules with "
    "the codes of the API in the [reference for developers](/rules?for=developers)."
)
_CODE = re.compile(r"`([^`]+)`")
_REASON_CODE = re.compile(r"\s*\(`[a-z][a-z_]*`\)")
_OPTION_VALUE = re.compile(r'Option\s+`(\w+)(?:: "?([\w-]+)"?)?`')
# R12's words about the codes, which the players' reading leaves to the developers'
_FOR_PROGRAMS = re.compile(
    r", and a stable code a program can act on\.\s+The codes and an\s+example sentence of each are listed at the end of this rulebook\."
)


def _words_of(option: Option, value: object) -> str:
    """An option's value as a player reads it: its label ("Doubles"), a number, or "no limit"."""
    if value is None:
        return "no limit" if option.null and "limit" in option.null else "none"
    for v in option.values:
        if v.value == value:
            return v.label
    return str(value)


def _presets_table() -> str:
    """R21 for players: each house rule, and what each preset says, in words."""
    rows = ["| House rule | " + " | ".join(p.label for p in PRESET_LIST) + " |", "|---|" + "---|" * len(PRESET_LIST)]
    for o in OPTIONS:
        cells = " | ".join(_words_of(o, o.preset_value(p.name)) for p in PRESET_LIST)
        rows.append(f"| {o.label} ({o.rule}) | {cells} |")
    return "\n".join(rows) + "\n"


def _plain(code: str) -> str:
    """A code span of the reference in a player's words: a preset or option value by its label;
    cards and names as they are (kept in a code span only when nothing reads it better)."""
    preset = next((p for p in PRESET_LIST if p.name == code), None)
    if preset is not None:
        return f"*{preset.label}*"
    if code in OPTION:
        return f"*{OPTION[code].label}*"
    for o in OPTIONS:
        for v in o.values:
            if v.value == code:
                return f"*{v.label}*"
    return f"`{code}`"


def for_players(text: str) -> str:
    """The rulebook's Markdown as players read it: the same rules, without what only a program
    needs. The introduction says what the numbers are for; the reason codes in brackets go; an
    option is named by its label and a preset or value by its name ("Option `aces:
    "high_or_low"`" reads "the house rule *Aces*: *High or low*"); a paragraph still showing
    JSON or a name only a program uses (a rules object, the state's ``stalled_turns``) is left
    out; R21's table is written in words; the list of reason codes is for developers only."""
    text = text.split("\n## The reasons the referee gives", 1)[0]
    text = _GENERATED.sub(lambda found: _presets_table() if found.group("name") == "options table" else "", text)
    paragraphs = text.split("\n\n")
    out = []
    for para in paragraphs:
        if para.startswith("This is the rulebook"):
            out.append(PLAYERS_INTRO)
            continue
        para = _FOR_PROGRAMS.sub(".", _REASON_CODE.sub("", para)).replace(" (422)", "")
        para = _OPTION_VALUE.sub(lambda m: _option_words(m.group(1), m.group(2)), para)
        para = _CODE.sub(lambda m: _plain(m.group(1)), para)
        if para.startswith("A rules object names a preset"):
            para = "Each preset is a set of house rules; a game may change any of them. The house rules, the rule that explains each, and what each preset says:"
        if any(re.search(r'[{}\[\]"]|^[a-z]+_[a-z_]+$', code) for code in _CODE.findall(para)):
            continue  # JSON, or a name only a program uses
        out.append(para)
    return "\n\n".join(out)


def _option_words(name: str, value: str | None) -> str:
    option = OPTION.get(name)
    if option is None:
        return f"Option `{name}`"
    if value is None:
        return f"The house rule *{option.label}*"
    label = next((v.label for v in option.values if v.value == value), value)
    return f"The house rule *{option.label}*: *{label}*"


_RULE_HEADING_HTML = re.compile(r'<h3 id="(R\d+a?)">\1 (.*?)</h3>')


# The players' reading's page words (the developers' reference is English only); each a msgid
# of the rulebook's domain, as every paragraph of the players' reading is (web/i18n_pages.py).
CHROME = {"skip": "Skip to the content", "scorepad": "Scorepad", "play": "Play"}
RULE_LABEL = "rule {rule}"  # a heading's small anchor, as a screen reader says it
NOT_TRANSLATED = "Parts of this rulebook are not yet translated into your language: they are shown in English."


@lru_cache(maxsize=32)
def page(reading: str = "players", lang: str = "en") -> str:
    """The ``/rules`` page in one of :data:`READINGS` (read once per process and language): for
    players, each rule's heading is its title with the rule id as a small anchor after it, in
    ``lang`` (one of :func:`web.rulebook_catalogs.rulebook_languages`; a paragraph not translated yet
    reads in English, under a note saying so)."""
    text = re.sub(r"^<!-- .* -->\n", "", RULEBOOK.read_text(encoding="utf-8"), flags=re.M)  # the generated parts' marks
    say = rulebook_translator(lang if reading == "players" else "en")
    note = ""
    if reading == "players":
        paragraphs = for_players(RULEBOOK.read_text(encoding="utf-8")).split("\n\n")
        said = [say(p) if p.strip() else p for p in paragraphs]
        body = render("\n\n".join(p if p is not None else original for p, original in zip(said, paragraphs, strict=True)), players=True)
        label = escapeHtml(say(RULE_LABEL) or RULE_LABEL).replace("{rule}", r"\1")
        body = _RULE_HEADING_HTML.sub(rf'<h3 id="\1">\2 <a class="rule-id" href="#\1" aria-label="{label}">\1</a></h3>', body)
        if lang != "en" and all(s is None for s, p in zip(said, paragraphs, strict=True) if p.strip()):
            body = f'<div lang="en">\n{body}</div>\n'  # read aloud in English, as written
        if lang != "en" and None in said:
            note = f'<p class="notice translation-note" role="note">{escapeHtml(say(NOT_TRANSLATED) or NOT_TRANSLATED)}</p>\n'
    else:
        body = render(text)
    words = {**READINGS[reading], **CHROME}
    if reading == "players":
        words = {k: (v if k == "kind" else _say_html(say, v)) for k, v in words.items()}
    # the players' reading follows the switch (static/js/i18n.js asks again in the chosen language)
    language = lang if reading == "players" else ""
    # every value is HTML already (the words escaped by _say_html, the body rendered): Markup, as written
    values = {key: Markup(value) for key, value in (*words.items(), ("note", note), ("body", body))}
    return pages_html.render("rules.html", lang=lang if reading == "players" else "en", language=language, **values)


def _say_html(say: Callable[[str], str | None], value: str) -> str:
    """A page word in the page's language; a link's text only, its address kept."""
    found = re.fullmatch(r'<a href="([^"]+)">(.*)</a>', value)
    if found:
        return f'<a href="{found.group(1)}">{escapeHtml(say(found.group(2)) or found.group(2))}</a>'
    return escapeHtml(say(value) or value)


def main() -> None:
    """``make rulebook``: rewrite the generated parts of RULES.md."""
    print("RULES.md rewritten" if write() else "RULES.md is up to date")


if __name__ == "__main__":
    main()
