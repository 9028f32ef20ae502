"""Every reason code with one example, made by the referee itself (contract, Reasons).

:func:`code_examples` plays each code's example, declared with the code itself
(:class:`~referee.errors.Code`: a meld, a lay-off or moves from a position, one line), through
the same functions that judge real requests (:func:`~referee.melds.check_meld`,
:func:`~referee.melds.check_lay_off`, :func:`~referee.moves.apply_moves`) and keeps the reason
of that code, so the table of codes in the OpenAPI document is never a second, hand-written copy
of the messages: change a sentence in the core and the table changes with it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from .actions import Move, Source
from .cards import DECK, Card, parse_card, parse_cards
from .errors import ANA_TO_DRAW, ANA_TO_PLAY, Code, Reason
from .legal import turn_options
from .melds import check_lay_off, check_meld
from .moves import apply_moves
from .notation import parse_position
from .rules import resolve_rules


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def _move(text: str) -> Move:
    """One move of a code's example (:class:`~referee.errors.Code`): ``ana draw``, ``ana draw
    discard``, ``ana meld 5S 6S 7S``, ``ana lay off 8S on m1``, ``ana discard 8H``."""
    player, action, *rest = text.split()
    if action == "draw" and rest in ([], ["discard"]):
        return Move.draw(player, Source.DISCARD_PILE if rest else Source.STOCK)
    if action == "discard" and len(rest) == 1:
        return Move.discard(player, parse_card(rest[0]))
    if action == "meld":
        return Move.make_meld(player, parse_cards(rest))
    if action == "lay" and rest[:1] == ["off"]:
        cards, _, meld = " ".join(rest[1:]).partition(" on ")
        return Move.lay_off(player, _cards(cards), meld or None)
    raise ValueError(f"not a move of a code's example: {text!r}")


def _given(example: str) -> tuple[Reason, ...]:
    """The reasons the referee gives for a code's example: a meld or a lay-off checked under the
    standard rules, or moves played from a position (see :class:`~referee.errors.Code`)."""
    standard = resolve_rules({})
    if example.startswith("meld "):
        return check_meld(_cards(example.removeprefix("meld ")), standard).reasons
    if example.startswith("lay off "):
        cards, _, meld = example.removeprefix("lay off ").partition(" onto ")
        return check_lay_off(_cards(meld), _cards(cards), standard).reasons
    position, *moves = example.split(" ; ")
    return apply_moves(parse_position(position), [_move(m) for m in moves]).reasons


@lru_cache(maxsize=1)
def code_examples() -> dict[Code, Reason]:
    """One example :class:`Reason` for every :class:`Code`, in the order of the enum, each made
    by the referee from a fixed position (see the module's docstring). Raises ``LookupError``
    naming a code whose position no longer gives it (a test runs this)."""
    out = {}
    for code in Code:
        reasons = _given(code.example) if code.example else ()
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
        "drew_from_the_stock": lambda: apply_moves(parse_position(ANA_TO_DRAW), [Move.draw("ana")]).summary,
        "took_the_discard_then_discarded": lambda: (
            apply_moves(parse_position(ANA_TO_DRAW), [Move.draw("ana", Source.DISCARD_PILE), Move.discard("ana", parse_card("8H"))]).summary
        ),
        "melded_and_laid_off": lambda: (
            apply_moves(
                parse_position("ana:4H 5H 6H 8S 2C / ben:8D 3C 3D KH | m1@ben:5S 6S 7S | QD | KC ... | ana play"),
                [Move.make_meld("ana", c("4H 5H 6H")), Move.lay_off("ana", c("8S"), "m1")],
            ).summary
        ),
        "refused_after_moves": lambda: apply_moves(parse_position(ANA_TO_DRAW), [Move.draw("ana"), Move.draw("ana")]).summary,
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
        "to_draw": lambda: turn_options(parse_position(ANA_TO_DRAW)).summary,
        "has_drawn": lambda: turn_options(parse_position(ANA_TO_PLAY)).summary,
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
