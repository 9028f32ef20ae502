"""One fact, one place: every reason code is given by one function of the core.

The scan reads referee/ as source (its AST), so a second function that starts giving a code
(``Reason(Code.DEAD_END, …)`` or ``_refuse(Code.DEAD_END, …)``) fails here, naming both.
"""

from __future__ import annotations

import ast
from pathlib import Path

from referee.errors import Code

CORE = Path(__file__).resolve().parent.parent / "referee"
MAKERS = {"Reason", "_refuse"}  # the calls that give a reason code


def _givers() -> dict[str, set[str]]:
    """Each code literal given in referee/ → the functions ("module.function") that give it."""
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
                    for arg in given:
                        if isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name) and arg.value.id == "Code":
                            found.setdefault(arg.attr, set()).add(inside)
                visit(child, inside)

        visit(ast.parse(path.read_text(encoding="utf-8")), module)
    return found


def test_each_reason_code_is_given_by_one_function():
    twice = {code: sorted(places) for code, places in _givers().items() if len(places) > 1}
    assert twice == {}, f"reason codes given by more than one function (fold each into one): {twice}"


def test_every_reason_code_is_given_somewhere():
    given = set(_givers())
    assert {c.name for c in Code} - given == set()


def test_the_scan_sees_the_known_givers():
    """The scan itself works: known codes are found where they are given."""
    givers = _givers()
    assert givers["DEAD_END"] == {"finish.verify_finish"}
    assert givers["DUPLICATE_CARD"] == {"melds.duplicate_card"}
    assert givers["TOO_FEW_CARDS"] == {"melds.too_few_cards"}
    assert givers["DOES_NOT_FIT"] == {"melds._does_not_fit"}
