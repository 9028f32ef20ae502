"""One fact, one place: every reason code is given by one function of the core: a move's
(``Code``) and a verified deal's (``FairCode``, referee/fairness.py).

The scan reads referee/ as source (its AST), so a second function that starts giving a code
(``Reason(Code.DEAD_END, …)``, ``_refuse(Code.DEAD_END, …)``, ``_not_a_run_because(Code.RUN_GAP, …)`` or ``_refused(FairCode.OTHER_HAND, …)``)
fails here, naming both.
"""

from __future__ import annotations

import ast
from enum import StrEnum
from pathlib import Path

import pytest

from referee.errors import Code
from referee.fairness import FairCode

CORE = Path(__file__).resolve().parent.parent / "referee"
MAKERS = {"Reason", "FairReason", "_refuse", "_refused", "_not_a_set_because", "_not_a_run_because"}  # the calls that give a reason code
CODES = [Code, FairCode]


def _givers(enum: type[StrEnum] = Code) -> dict[str, set[str]]:
    """Each ``enum`` code literal given in referee/ → the functions ("module.function") that give it."""
    found: dict[str, set[str]] = {}
    for path in sorted(CORE.rglob("*.py")):
        module = path.relative_to(CORE).with_suffix("").as_posix().replace("/", ".")

        def visit(node: ast.AST, where: str) -> None:
            for child in ast.iter_child_nodes(node):
                inside = where
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    inside = f"{where}.{child.name}"
                if isinstance(child, ast.Call) and getattr(child.func, "id", getattr(child.func, "attr", None)) in MAKERS:
                    given = [*child.args[:1], *(k.value for k in child.keywords if k.arg == "code")]
                    for arg in (n for g in given for n in ast.walk(g)):  # ``A if … else B`` gives both
                        if isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name) and arg.value.id == enum.__name__:
                            found.setdefault(arg.attr, set()).add(inside)
                visit(child, inside)

        visit(ast.parse(path.read_text(encoding="utf-8")), module)
    return found


@pytest.mark.parametrize("enum", CODES, ids=lambda e: e.__name__)
def test_each_reason_code_is_given_by_one_function(enum):
    twice = {code: sorted(places) for code, places in _givers(enum).items() if len(places) > 1}
    assert twice == {}, f"reason codes given by more than one function (fold each into one): {twice}"


@pytest.mark.parametrize("enum", CODES, ids=lambda e: e.__name__)
def test_every_reason_code_is_given_somewhere(enum):
    given = set(_givers(enum))
    assert {c.name for c in enum} - given == set()


def test_the_scan_sees_the_known_givers():
    """The scan itself works: known codes are found where they are given."""
    givers = _givers()
    assert givers["DEAD_END"] == {"finish.verify_finish"}
    assert givers["DUPLICATE_CARD"] == {"melds.duplicate_card"}
    assert givers["TOO_FEW_CARDS"] == {"melds.too_few_cards"}
    assert givers["DOES_NOT_FIT"] == {"melds._does_not_fit"}
    assert givers["RUN_GAP"] == givers["ACE_HIGH"] == {"melds._run_reasons"}
    assert givers["SET_TOO_LARGE"] == {"melds._set_reasons"}
    fair = _givers(FairCode)
    assert fair["ENTROPY_MISMATCH"] == fair["DECK_MISMATCH"] == {"fairness._deck_fault"}
    assert fair["DRAW_MISMATCH"] == fair["UNFINISHED"] == {"fairness.verify"}
    assert fair["EXPECT_MISMATCH"] == {"fairness._unexpected.differs"}
