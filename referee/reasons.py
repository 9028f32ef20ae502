"""Every reason code with one example, made by the referee itself (contract, Reasons).

:func:`code_examples` plays one small, fixed position per code through the same functions that
judge real requests (:func:`~referee.melds.check_meld`, :func:`~referee.melds.check_lay_off`,
:func:`~referee.moves.apply_moves`) and keeps the reason of that code, so the table of codes in
the OpenAPI document is never a second, hand-written copy of the messages: change a sentence in
the core and the table changes with it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from .actions import Move, Source
from .cards import DECK, Card, parse_card, parse_cards
from .errors import Code, Reason
from .legal import turn_options
from .melds import check_lay_off, check_meld
from .moves import apply_moves
from .notation import parse_position
from .rules import resolve_rules


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def _played(position: str, *moves: Move) -> tuple[Reason, ...]:
    return apply_moves(parse_position(position), moves).reasons


# The positions, one line each (referee.notation): ana to move against ben, the rest of the deck
# at the bottom of the stock.
_ANA = "ana:8H 4H 2C 6D / ben:8D 3C 3D KH | - | QD | KC ... | ana draw"
_RUNS = "ana:8H 4H 2C 6D / ben:8D 3C 3D KH | m1@ben:5S 6S 7S / m2@ben:9S 10S JS | QD | KC ... | ana play"


def _examples() -> dict[Code, Callable[[], tuple[Reason, ...]]]:
    c = _cards
    standard = resolve_rules({})
    return {
        Code.TOO_FEW_CARDS: lambda: check_meld(c("5S 6S"), standard).reasons,
        Code.DUPLICATE_CARD: lambda: check_meld(c("QS QH QS"), standard).reasons,
        Code.SET_RANK_MISMATCH: lambda: check_meld(c("9H 9S 9C 5C"), standard).reasons,
        Code.SET_TOO_LARGE: lambda: check_meld(c("9H 9S 9C 9D 5C"), standard).reasons,
        Code.RUN_SUIT_MISMATCH: lambda: check_meld(c("5S 6H 7S"), standard).reasons,
        Code.RUN_GAP: lambda: check_meld(c("5S 6S 8S"), standard).reasons,
        Code.ACE_HIGH: lambda: check_meld(c("QS KS AS"), standard).reasons,
        Code.RUN_WRAPS: lambda: check_meld(c("KS AS 2S"), standard).reasons,
        Code.DOES_NOT_FIT: lambda: check_lay_off(c("5S 6S 7S"), c("9S"), standard).reasons,
        Code.AMBIGUOUS_LAY_OFF: lambda: _played(
            "ana:8S 4H 2C / ben:8D 3C 3D KH | m1@ben:5S 6S 7S / m2@ben:9S 10S JS | QD | KC ... | ana play", Move.lay_off("ana", c("8S"))
        ),
        Code.UNKNOWN_MELD: lambda: _played(_RUNS, Move.lay_off("ana", c("4H"), "m9")),
        Code.NOT_YOUR_TURN: lambda: _played(_ANA, Move.draw("ben")),
        Code.MUST_DRAW_FIRST: lambda: _played(_ANA, Move.discard("ana", parse_card("8H"))),
        Code.ALREADY_DREW: lambda: _played(_ANA.replace("ana draw", "ana play"), Move.draw("ana")),
        Code.DISCARD_PILE_EMPTY: lambda: _played(
            "ana:8H 4H 2C 6D / ben:8D 3C 3D KH QD | - | - | KC ... | ana draw", Move.draw("ana", Source.DISCARD_PILE)
        ),
        Code.CARD_NOT_IN_HAND: lambda: _played(_RUNS, Move.discard("ana", parse_card("7S"))),
        Code.MELD_LIMIT_REACHED: lambda: _played(
            "ana:5S 6S 7S 9H 9C 9D / ben:8D 3C 3D KH | - | QD | KC ... | ana draw | rules=basic",
            Move.draw("ana"),
            Move.make_meld("ana", c("5S 6S 7S")),
            Move.make_meld("ana", c("9H 9C 9D")),
        ),
        Code.TAKEN_DISCARD: lambda: _played(_ANA, Move.draw("ana", Source.DISCARD_PILE), Move.discard("ana", parse_card("QD"))),
        Code.DEAD_END: lambda: _played(
            "ana:4H 5H 6H / ben:8D 3C 3D KH | - | 2D | KC ... | ana draw",
            Move.draw("ana", Source.DISCARD_PILE),
            Move.make_meld("ana", c("4H 5H 6H")),
        ),
        Code.FINAL_DISCARD_REQUIRED: lambda: _played(
            "ana:4H 5H 6H / ben:8D 3C 3D KH | - | QD | KC ... | ana play | final_discard_required=true",
            Move.make_meld("ana", c("4H 5H 6H")),
        ),
        Code.HAND_OVER: lambda: _played(
            "ana: / ben:8D 3C 3D KH | m1@ben:4H 5H 6H 7H | QD | KC ... | ana draw | status=out", Move.draw("ben")
        ),
    }


@lru_cache(maxsize=1)
def code_examples() -> dict[Code, Reason]:
    """One example :class:`Reason` for every :class:`Code`, in the order of the enum, each made
    by the referee from a fixed position (see the module's docstring). Raises ``LookupError``
    naming a code whose position no longer gives it (a test runs this)."""
    made = _examples()
    out = {}
    for code in Code:
        reasons = made[code]() if code in made else ()
        found = next((r for r in reasons if r.code == code), None)
        if found is None:
            raise LookupError(f"no example position gives the reason code {code.value}")
        out[code] = found
    return out


def code_table(rule_link: Callable[[str], str] = str) -> str:
    """The reason codes as a Markdown table for people (the OpenAPI document's description, the
    rulebook): code, rule id (as ``rule_link`` writes it, e.g. a link) and the example sentence,
    one row per code."""
    rows = ["| code | rule | example |", "|---|---|---|"]
    for code, reason in code_examples().items():
        rows.append(f"| `{code.value}` | {rule_link(reason.rule) if reason.rule else ''} | {reason.message} |")
    return "\n".join(rows)


# The stock empty, every card but the hands' in the discard pile, and no restock allowed (R18):
# the next draw from the stock ends the hand in a draw.
_HELD = ("8H", "4H", "2C", "6D", "8D", "3C", "3D", "KH")
_STOCK_GONE = (
    f"ana:{' '.join(_HELD[:4])} / ben:{' '.join(_HELD[4:])} | - | "
    f"{' '.join(card.code for card in DECK if card.code not in _HELD)} | - | ana draw | max_restocks=0"
)


def _summary_examples() -> dict[str, Callable[[], str]]:
    c = _cards
    standard = resolve_rules({})
    out = "ana:4H 5H 6H 9C / ben:8D 3C 3D KH | - | QD | KC ... | ana play"
    return {
        "meld_is_a_set": lambda: check_meld(c("9H 9S 9C"), standard).summary,
        "meld_is_a_run": lambda: check_meld(c("5S 6S 7S"), standard).summary,
        "lay_off_fits": lambda: check_lay_off(c("5S 6S 7S"), c("8S"), standard).summary,
        "meld_refused": lambda: check_meld(c("QS KS AS"), standard).summary,
        "drew_from_the_stock": lambda: apply_moves(parse_position(_ANA), [Move.draw("ana")]).summary,
        "took_the_discard_then_discarded": lambda: (
            apply_moves(parse_position(_ANA), [Move.draw("ana", Source.DISCARD_PILE), Move.discard("ana", parse_card("8H"))]).summary
        ),
        "melded_and_laid_off": lambda: (
            apply_moves(
                parse_position("ana:4H 5H 6H 8S 2C / ben:8D 3C 3D KH | m1@ben:5S 6S 7S | QD | KC ... | ana play"),
                [Move.make_meld("ana", c("4H 5H 6H")), Move.lay_off("ana", c("8S"), "m1")],
            ).summary
        ),
        "refused_after_moves": lambda: apply_moves(parse_position(_ANA), [Move.draw("ana"), Move.draw("ana")]).summary,
        "went_out": lambda: (
            apply_moves(
                parse_position("ana:4H 5H 6H 9C / ben:8D 3C 3D KH | m1@ana:5S 6S 7S | QD | KC ... | ana play"),
                [Move.make_meld("ana", c("4H 5H 6H")), Move.discard("ana", parse_card("9C"))],
            ).summary
        ),
        "went_out_going_rummy": lambda: (
            apply_moves(parse_position(out), [Move.make_meld("ana", c("4H 5H 6H")), Move.discard("ana", parse_card("9C"))]).summary
        ),
        "stock_ran_out": lambda: apply_moves(parse_position(_STOCK_GONE), [Move.draw("ana")]).summary,
        "to_draw": lambda: turn_options(parse_position(_ANA)).summary,
        "has_drawn": lambda: turn_options(parse_position(_RUNS)).summary,
        "hand_over_next_dealer": lambda: (
            turn_options(parse_position("ana: / ben:8D 3C 3D KH | m1@ben:4H 5H 6H 7H | QD | KC ... | ana draw | status=out")).summary
        ),
    }


@lru_cache(maxsize=1)
def summary_examples() -> dict[str, str]:
    """One example sentence per kind of ``summary`` (a meld check's, a move's, a turn's), each
    made by the referee from a fixed position, as :func:`code_examples` does for the reasons:
    the languages' table in the docs and the pseudo-locale test read them."""
    return {kind: made() for kind, made in _summary_examples().items()}
