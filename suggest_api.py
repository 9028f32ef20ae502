"""``POST /v1/suggest``: the move a computer opponent would make, as advice (contract, Computer
opponents). Decode, call :func:`referee.bots.choose_move` on the mover's view, encode.

An open state carries no history, so the view has no events: the advice is what a bot of that
level would do seeing only the table as it lies. ``app.create_app`` registers the blueprint
:func:`suggest_blueprint` builds, handing it the app's blueprint class (which reads the body
the app already decoded) and its answer for faults in the body (422), so this module does not
import ``app``.
"""
from __future__ import annotations

from http import HTTPStatus
from typing import Callable

import referee
from referee.bots import choose_move
from referee.errors import Problem
from referee.view import seat_view
from schemas.state import StateOutSchema
from schemas.suggest import SuggestRequest, SuggestResponse


def _example() -> dict:
    """The opening of a seeded deal (made by the referee itself, so always valid)."""
    opening = referee.validate_state(referee.deal(["ana", "ben"], referee.PRESETS["standard"], seed=7))
    return {"opening": {"summary": "Advice for the first player of a seeded deal", "value": {"state": StateOutSchema().dump(opening), "level": "hard"}}}


def suggest_blueprint(blueprint_class: type, invalid: Callable[[list[Problem]], object]):
    """The ``/v1/suggest`` blueprint, of ``blueprint_class`` (the app's flask-smorest Blueprint),
    answering a hand that is over with ``invalid`` (the app's 422 problem details)."""
    blp = blueprint_class("suggest", __name__, url_prefix="/v1", description="Advice from the computer opponents.")

    @blp.route("/suggest", methods=["POST"])
    @blp.arguments(SuggestRequest, examples=_example())
    @blp.response(200, SuggestResponse)
    def suggest(args):
        """A legal move for the player to move, and one sentence why.

        Exactly the move the computer opponent of `level` (default hard) would make from that
        player's seat, seeing only what that seat may see. A hand that is over: 422."""
        state = args["state"]
        if state.status != "playing":
            ended = "someone went out" if state.status == "out" else "a drawn hand"
            return invalid([Problem(("state", "status"), f"the hand is over ({ended}): there is no move to suggest")])
        choice = choose_move(seat_view(state, state.turn.player), args["level"])
        return {"move": choice.move.as_dict(), "summary": choice.summary}

    for code in (400, 413, 415):  # documented like every other POST (app.documented_errors)
        suggest._apidoc = blp.alt_response(code, response=HTTPStatus(code).name)(suggest)._apidoc
    return blp
