"""When the stock runs out (R17, R18).

"Turned over" means the discard pile is turned face down as it lies, without shuffling: the card
at the bottom of the discard pile becomes the top card of the new stock. ``stock`` is stored top
first and ``discard`` bottom first, so the new stock is the pile in the order it is stored.
"""

from __future__ import annotations

from .rules import keeps_top, restock_limit_allows, restocks_at_turn_end
from .state import State, Status


def limit_reached(state: State) -> bool:
    """Whether the pile was already turned over ``max_restocks`` times this hand (R18)."""
    return not restock_limit_allows(state.rules, state.restocks + 1)


def restock(state: State, keep_top: bool) -> State:
    """Rebuild the empty stock from the discard pile (R17), or end the hand as a draw (R18).

    ``keep_top`` leaves the top discard as the new discard pile (``restock: keep_top``);
    otherwise the whole pile is turned over (``turn_over``, ``immediate``). Returns the state
    with the new stock and ``restocks`` + 1, or with ``status`` ``"draw"`` when the restock limit
    is reached or there is no card to turn over.
    """
    if limit_reached(state):
        return state.changed(status=Status.DRAWN_HAND)
    pile = state.discard[:-1] if keep_top else state.discard
    if not pile:
        return state.changed(status=Status.DRAWN_HAND)
    left = state.discard[-1:] if keep_top else ()
    return state.changed(stock=tuple(pile), discard=left, restocks=state.restocks + 1)


def restock_on_draw(state: State) -> State:
    """A player draws from the empty stock (R17 ``keep_top`` / ``turn_over``; under ``immediate``
    the stock should never be empty at a draw, and if it is the whole pile is turned over)."""
    return restock(state, keep_top=keeps_top(state.rules))


def restock_at_turn_end(state: State) -> State:
    """R17 ``immediate``: a turn ended with the stock empty, so the whole pile is turned over at
    once (or the hand is a draw, R18). Under the other modes nothing happens until a draw."""
    if state.stock or not restocks_at_turn_end(state.rules):
        return state
    return restock(state, keep_top=False)
