"""The referee's routes (contract, the stateless API under /v1): a flask-smorest Blueprint,
registered by ``app.create_app``. Each view is a few lines around one function of ``referee``:
the body loaded by its schema in ``schemas/``, the answer dumped by its response schema, every
refusal a problem document (``web.problems``). Nothing is stored: the state travels in each
request.

One module for each service's routes, beside ``app.py``: the referee here, the sealed tables in
``tables_api.py``, health and documents in ``operations_api.py``, the pages in ``pages.py``."""

from __future__ import annotations

from typing import Any

import referee
import referee.bots
from referee.catalog import rules_document
from schemas import api as S
from schemas.rules import RulesListSchema
from schemas.suggest import SuggestRequest, SuggestResponse
from web.openapi import request_examples
from web.routes import RefereeBlueprint, problems_under

blp = RefereeBlueprint("v1", __name__, url_prefix="/v1", description="Referee and scorepad for Rummy (the rules R1–R21 at /rules).")
EXAMPLES = request_examples()


@blp.post("/melds/check", S.MeldCheckRequest, S.MeldCheckResponse, EXAMPLES["melds/check"])
def check_meld(args: dict[str, Any]) -> Any:
    """Is it a meld, or can these cards be laid off on a meld? (R6, R10–R12)

    With `onto`, the cards are laid off on that meld. A failed meld is explained against what the cards were meant to be, with the contract's
    reason codes and the cards named with suit symbols."""
    if "onto" in args:
        check = referee.check_lay_off(args["onto"], args["cards"], args["rules"])
    else:
        check = referee.check_meld(args["cards"], args["rules"])
    return check


@blp.post("/hand-score", S.HandScoreRequest, S.HandScoreResponse, EXAMPLES["hand-score"])
def hand_score(args: dict[str, Any]) -> Any:
    """What going out scores (R14, R15).

    Each opponent's cards left (R14), multiplied for going rummy where the rules say so (R15; GET /v1/rules gives the multiplier)."""
    with problems_under("remaining"):
        return referee.score_hand(args["remaining"], args["rummy"], args["rules"])


@blp.post("/deal", S.DealRequest, S.StateResponse, EXAMPLES["deal"])
def deal(args: dict[str, Any]) -> Any:
    """Shuffle and deal a new hand (R2, R3).

    The same `seed` gives the same deal."""
    state = referee.deal(args["players"], args["rules"], args["dealer"], args["seed"])
    return {"state": referee.validate_state(state)}


@blp.post("/move", S.MoveRequest, S.MoveResponse, EXAMPLES["move"])
def move(args: dict[str, Any]) -> Any:
    """Judge one move, or a list of moves applied in order (R4–R9, R13, R17, R18).

    The list stops at the first illegal move. `legal: false` is a normal answer with the reasons;
    `summary` says in one sentence what happened."""
    single = "move" in args
    with problems_under("move" if single else "moves", first_index=single):
        return referee.apply_moves(args["state"], [args["move"]] if single else args["moves"])


@blp.post("/legal-moves", S.LegalMovesRequest, S.LegalMovesResponse, EXAMPLES["legal-moves"])
def legal_moves(args: dict[str, Any]) -> Any:
    """Every legal move of the player to move, and whose turn it is in words.

    Draws, melds, single-card lay-offs naming their meld, discards, and a `summary` saying whose
    turn it is and what they may do. Once the hand is over: no moves, a `hand_over` reason, and
    who deals next (R19)."""
    return referee.turn_options(args["state"])


@blp.post("/scorepad", S.ScorepadRequest, S.ScorepadResponse, EXAMPLES["scorepad"])
def scorepad(args: dict[str, Any]) -> Any:
    """Score a physical-deck game hand by hand (R14, R15, R19, R20).

    Dealers (R19), points (R14, R15), running totals, standings and the winner (R20). Send every
    hand each time; nothing is stored."""
    return referee.replay(args["players"], args["rules"], args["hands"], args["first_dealer"])


@blp.post("/suggest", SuggestRequest, SuggestResponse, EXAMPLES["suggest"])
def suggest(args: dict[str, Any]) -> Any:
    """A legal move for the player to move, and one sentence why.

    Exactly the move the computer opponent of `level` (default hard) would make from that
    player's seat, seeing only what that seat may see: the state, and the hand's `events` when
    they are sent. A hand that is over: 422."""
    return referee.bots.suggest(args["state"], args["level"], args.get("events", ()))


@blp.get("/rules", RulesListSchema)
def get_rules() -> Any:
    """The presets with every option value (R21), and what the pages show of the rules.

    Each preset's label and character, each option's label, sentence, allowed values and rule,
    the limits (players, hand sizes, target score, deals) and the computer opponents' levels."""
    return rules_document()
