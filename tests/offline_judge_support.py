"""The requests of the differential test of the offline judge (static/js/judge, run by node
through tests/offline_judge.mjs) against the referee: every meld of up to five cards (one per
class of melds that differ only by the names of their suits, its suits renamed and its cards
shuffled by a seeded draw, so every suit and every order turns up), random melds, lay-offs,
hand scores and scorepads, slips included.

``python -m tests.offline_judge_support`` writes ``tests/offline_judge_golden.json``: the digest
of the referee's answers to the five-card melds, which take the referee ~40 s (too long for every
run; the judge answers them in a second or two), with a digest of the referee's source files that
decide them, so the test fails as stale when those change."""

from __future__ import annotations

import ast
import bisect
import hashlib
import json
import random
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GOLDEN = REPO / "tests" / "offline_judge_golden.json"
RUNNER = REPO / "tests" / "offline_judge.mjs"
# The referee's code that decides a meld's verdict and words.
MELD_SOURCES = ("referee/cards.py", "referee/melds.py")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "CDHS"
ACES = ("low", "high_or_low")


def _masks_by_count() -> list[list[int]]:
    by = [[] for _ in range(14)]
    for m in range(1 << 13):
        by[m.bit_count()].append(m)
    return by


def suit_classes(size: int):
    """Every meld of ``size`` distinct cards up to the names of the suits: four rank masks (one
    per suit), in non-increasing order, holding ``size`` cards between them."""
    by = _masks_by_count()

    def rec(prefix, budget, most):
        if len(prefix) == 4:
            if budget == 0:
                yield prefix
            return
        for count in range(min(budget, 13) + 1):
            masks = by[count]
            for m in masks[: bisect.bisect_right(masks, most)]:
                yield from rec((*prefix, m), budget - count, m)

    yield from rec((), size, (1 << 13) - 1)


def class_melds(size: int, seed: int):
    """One meld of each class of :func:`suit_classes`, its suits renamed and its cards in an
    order drawn from ``seed``: lists of codes."""
    rng = random.Random(seed)
    for masks in suit_classes(size):
        suits = rng.sample(SUITS, 4)
        cards = [RANKS[r] + suits[s] for s, m in enumerate(masks) for r in range(13) if m >> r & 1]
        rng.shuffle(cards)
        yield cards


PERMUTATIONS = ["".join(p) for p in __import__("itertools").permutations(SUITS)]


def five_card_melds():
    """One five-card meld of each suit class, as tests/offline_judge.mjs --five makes them in the
    same order (no random draw, so node makes them alone): the class's k-th meld has its suits
    renamed by the k-th of the 24 orders of C D H S, its cards turned k places, and read backwards
    every other pair of classes."""
    for k, masks in enumerate(suit_classes(5)):
        suits = PERMUTATIONS[k % 24]
        cards = [RANKS[r] + suits[s] for s, m in enumerate(masks) for r in range(13) if m >> r & 1]
        turn = k % len(cards)
        cards = cards[turn:] + cards[:turn]
        yield cards[::-1] if k >> 1 & 1 else cards


def meld_requests(sizes, seed: int) -> list[dict]:
    return [
        {"url": "/v1/melds/check", "body": {"cards": cards, "rules": {"aces": aces}}}
        for size in sizes
        for cards in class_melds(size, seed + size)
        for aces in ACES
    ]


def referee_meld_answer(body: dict, lang: str = "en") -> dict:
    """The referee's verdict on a meld as the service words it (MeldCheckResponse) in ``lang``,
    asked of the core directly (the service adds a schema dump, which the HTTP half of the test
    covers)."""
    from referee import check_meld, parse_cards
    from referee.rules import resolve_rules
    from referee.speech import language, render

    said = language(lang)
    check = check_meld(parse_cards(body["cards"]), resolve_rules(body["rules"]))
    return {
        "valid": check.valid,
        "kind": None if check.kind is None else str(check.kind),
        "cards": [c.code for c in check.cards],
        "reasons": [
            {"code": str(r.code), "message": render(r.message, said), "cards": [c.code for c in r.cards], "rule": r.rule}
            for r in check.reasons
        ],
        "summary": render(check.summary, said),
    }


def rules_document() -> dict:
    from referee.catalog import rules_document as document
    from schemas.rules import RulesListSchema

    return json.loads(json.dumps(RulesListSchema().dump(document())))


def judge(requests: list[dict], doc: dict, bodies: bool = False, lang: str | None = None) -> list:
    """The offline judge's answers ({status, body}), one per request, from node; with
    ``bodies``, each answer's body as the line of JSON node wrote (for :func:`line_digest`);
    ``lang``, its sentences in that language (a tag of ``static/i18n/<tag>.json``)."""
    doc_file = REPO / ".offline-judge-rules.json"
    doc_file.write_text(json.dumps(doc))
    try:
        lines = "\n".join(json.dumps(r) for r in requests) + "\n"
        done = subprocess.run(
            ["node", str(RUNNER), str(doc_file), *(["--bodies"] if bodies else []), *(["--lang", lang] if lang else [])],
            input=lines,
            capture_output=True,
            text=True,
            check=True,
            timeout=600,
        )
    finally:
        doc_file.unlink()
    lines = done.stdout.splitlines()
    return lines if bodies else [json.loads(line) for line in lines]


def canonical(answer) -> str:
    return json.dumps(answer, sort_keys=True, ensure_ascii=False)


def compact(answer) -> str:
    """An answer as one line of JSON, as node's JSON.stringify writes it."""
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))


def line_digest(lines) -> str:
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode())
        h.update(b"\n")
    return h.hexdigest()


def sources_digest() -> str:
    """A digest of what the referee's meld code does: its syntax tree without docstrings and type
    annotations, so a comment, a docstring or a type checker's annotation leaves the golden file
    current (recomputing the referee's 268,918 answers costs ~40 s of the suite's CPU)."""
    h = hashlib.sha256()
    for name in MELD_SOURCES:
        h.update(ast.dump(_without_annotations(ast.parse((REPO / name).read_text(encoding="utf-8")))).encode())
    return h.hexdigest()


def _without_annotations(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = body[1:] or [ast.Pass()]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.returns = None
        if isinstance(node, ast.arg):
            node.annotation = None
        if isinstance(node, ast.AnnAssign):
            node.annotation = ast.Constant(None)  # the assigned value stays
    return tree


def five_card_digest(requests) -> str:
    return line_digest(compact(referee_meld_answer(r["body"])) for r in requests)


def five_card_requests() -> list[dict]:
    return [{"url": "/v1/melds/check", "body": {"cards": cards, "rules": {"aces": aces}}} for cards in five_card_melds() for aces in ACES]


def judge_five_card_melds(doc: dict) -> tuple[int, str]:
    """(count, digest) of the judge's answers to :func:`five_card_requests`, made and hashed in node."""
    doc_file = REPO / ".offline-judge-rules.json"
    doc_file.write_text(json.dumps(doc))
    try:
        done = subprocess.run(["node", str(RUNNER), str(doc_file), "--five"], capture_output=True, text=True, check=True, timeout=600)
    finally:
        doc_file.unlink()
    count, answers = done.stdout.split()
    return int(count), answers


def write_golden() -> dict:
    requests = five_card_requests()
    golden = {
        "about": "digest of the referee's answers to one five-card meld of each suit class under each aces option (tests/offline_judge_support.py)",
        "sources": sources_digest(),
        "melds": len(requests),
        "answers": five_card_digest(requests),
    }
    GOLDEN.write_text(json.dumps(golden, indent=2) + "\n")
    return golden


# --- R2a names: the offline judge compares names as the referee does ---------------------------

NAMES_DATA = REPO / "static" / "js" / "judge" / "names.json"
# The letters a name may hold for the offline judge to compare it (any other name is left to the
# service): ASCII, Latin-1's and Latin Extended-A's letters, and the combining accents.
NAME_ALPHABET = "".join(
    chr(c)
    for c in [*range(0x20, 0x7F), *range(0xC0, 0x180), *range(0x300, 0x370)]
    if chr(c) not in '×÷"' and c not in (0x149, 0x345, 0x34F)
)


def names_data() -> str:
    """static/js/judge/names.json (read by static/js/judge/names.js): what the referee's R2a name
    key (referee.seating.name_key) takes from Unicode's confusables data
    (referee/data/confusables.txt) and character names, for NAME_ALPHABET."""
    import unicodedata

    from referee.confusables import skeleton as skeleton_of
    from referee.seating import character_kind

    pieces = sorted({ch for c in NAME_ALPHABET for ch in unicodedata.normalize("NFD", c)} | set(NAME_ALPHABET))
    data = {
        "about": "Generated by `.venv/bin/python -m tests.offline_judge_support` from Unicode's confusables data "
        "(UTS #39 skeletons of referee/data/confusables.txt, as referee/seating.py's name_key reads them) "
        "and Unicode's character names: do not edit; tests/test_offline_judge.py fails when it is stale.",
        # the letters a name may hold for the offline judge to compare it
        "alphabet": NAME_ALPHABET,
        # each character's confusable skeleton (NFD), where it differs from the character
        "skeleton": {c: skeleton_of(c) for c in pieces if skeleton_of(c) != c},
        # Unicode's name of each letter of the alphabet
        "charNames": {c: unicodedata.name(c, "unnamed") for c in NAME_ALPHABET},
        # what each letter is, for other languages than English (referee.seating.character_kind):
        # its kind and, for a letter of a script names tell apart, that script
        "charKinds": {c: list(character_kind(c)) for c in NAME_ALPHABET},
    }
    # one letter a line, so that a change to Unicode's data reads as the letters it changes
    fields = [
        f" {json.dumps(key)}: "
        + (
            json.dumps(value)
            if not isinstance(value, dict)
            else "{\n" + ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items()) + "\n }"
        )
        for key, value in data.items()
    ]
    return "{\n" + ",\n".join(fields) + "\n}\n"


def write_names() -> None:
    NAMES_DATA.write_text(names_data(), encoding="utf-8")


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(REPO))
    write_names()
    print(write_golden())
