"""The provably fair specification an outsider implements (docs/provably-fair.md) is checked as
written: its test vectors, its combination vectors and its recorded hands are read out of the
page itself and run through the service's code and through examples/verify_deal.py (which
never imports the project), so the page cannot drift from what the service does."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from fairness_support import INDEPENDENT, ROOT, VERIFIER, post_verify
from tables_support import make_app

from referee.fairness import Contribution, combined_entropy, commitment, shuffled_deck

SPEC = ROOT / "docs" / "provably-fair.md"
TEXT = SPEC.read_text(encoding="utf-8")


def _rows(heading: str) -> list[list[str]]:
    """The cells of the table that follows the paragraph starting with ``heading``."""
    after = TEXT[TEXT.index(heading) :]
    table = re.search(r"^\|.*?(?=\n\n|\Z)", after, re.M | re.S)
    assert table is not None, heading
    lines = table.group(0).splitlines()[2:]  # past the header and its rule
    return [[cell.strip() for cell in line.strip("|").split(" | ")] for line in lines]


def _code(cell: str) -> str:
    return re.fullmatch(r"`([^`]*)`", cell).group(1)  # type: ignore[union-attr]


def test_the_deck_test_vectors_are_what_both_implementations_shuffle():
    rows = _rows("**Test vectors**")
    assert len(rows) == 4
    for seed_cell, entropy_cell, deck_cell in rows:
        seed, entropy, deck = bytes.fromhex(_code(seed_cell)), json.loads(_code(entropy_cell)), _code(deck_cell).split()
        assert [c.code for c in shuffled_deck(seed, entropy)] == deck
        assert INDEPENDENT["deck_of"](seed, entropy) == deck
    said = re.search(r"SHA-256 of the first seed \(32 zero bytes\) is `([0-9a-f]{64})`", TEXT)
    assert said is not None and said.group(1) == commitment(bytes(32))


def test_the_combination_vectors_are_what_both_implementations_combine():
    rows = _rows("**Combination test vectors**")
    assert len(rows) == 2
    for parts_cell, combined_cell in rows:
        parts = [(p, json.loads(e)) for p, e in re.findall(r'`([^`]+)`: `("[^`]*")`', parts_cell)]
        assert len(parts) >= 2
        assert combined_entropy([Contribution(p, e) for p, e in parts]) == _code(combined_cell)
        assert INDEPENDENT["combined"](parts) == _code(combined_cell)


HANDS = _rows("**Recorded hands.**")


@pytest.fixture(scope="module")
def client():
    return make_app().test_client()


@pytest.mark.parametrize("row", HANDS, ids=[re.search(r"\((hands/[^)]+)\)", r[0]).group(1) for r in HANDS])  # type: ignore[union-attr]
def test_each_recorded_hand_verifies_with_the_counts_the_page_gives(client, row):
    link, players, restock, moves, draws, restocks, ended = row
    path = SPEC.parent / re.search(r"\((hands/[^)]+)\)", link).group(1)  # type: ignore[union-attr]
    f = json.loads(path.read_text(encoding="utf-8"))
    rec = f["record"]
    assert (len(rec["players"]), rec["rules"]["restock"]) == (int(players), _code(restock))
    body = post_verify(client, f)
    assert body["verified"] is True, body["summary"]
    checked = body["checked"]
    assert (checked["moves"], checked["stock_draws"], checked["restocks"]) == (int(moves), int(draws), int(restocks))
    assert checked["outcome"] == ("out" if ended.endswith("went out (R13)") else "draw")
    rule = re.search(r"\((R\d+a?)\)$", ended).group(1)  # type: ignore[union-attr]
    said = INDEPENDENT["check"](f)  # the independent verifier, in process
    assert f"{int(draws)} cards drawn from the stock ({int(restocks)} restock" in said and f"({rule})" in said


def test_the_independent_verifier_says_ok_to_every_recorded_hand():
    files = sorted(str(p) for p in (SPEC.parent / "hands").glob("*.json"))
    assert len(files) == len(HANDS)
    done = subprocess.run([sys.executable, str(VERIFIER), *files], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and [line[:3] for line in done.stdout.splitlines()] == ["OK "] * len(files), done.stdout


def test_the_page_names_no_internal_code():
    """An outsider reads the page without the source: no module, constant or Python word."""
    for internal in ("referee.", "referee/", "MAX_", "None", "_hash", "tests/"):
        assert internal not in TEXT, internal
