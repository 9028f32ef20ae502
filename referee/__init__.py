"""Rummy Referee's rules core: pure Python, no web framework.

One function per question, each citing the rule ids of ``RULES.md`` it implements:

- :func:`parse_card` — text to :class:`Card` (R1)
- :func:`resolve_rules` — a rules object to :class:`Rules` (R21)
- :func:`check_meld`, :func:`check_lay_off` — sets, runs, lay-offs and why not (R6, R10–R12)
- :func:`validate_state` — is this snapshot a real table (contract, State)
- :func:`verify_move`, :func:`can_play`, :func:`apply_move`, :func:`apply_moves` — judge and
  play moves (R4–R9, R13, R17, R18); one ``verify_*`` per move type in ``moves.py``
- :func:`legal_moves` — every legal move for the player to move; :func:`turn_options` — the
  same with whose turn it is and a sentence, or why nothing (the hand is over)
- :func:`score_hand` — what going out scores (R14, R15)
- :func:`deal` — a new hand (R2, R3)
- :func:`replay` — a physical-deck game's scorepad (R19, R20)
- :func:`parse_position`, :func:`position_of` — a table in one line of text, for tests, benches
  and bug reports (``referee/notation.py``)
"""

from .actions import Action, Move, Source
from .cards import DECK, Card, CardError, parse_card, parse_cards
from .deal import deal
from .errors import Code, IllegalMove, InvalidInput, Problem, Reason
from .legal import TurnOptions, legal_moves, possible_melds, turn_options
from .melds import Meld, MeldCheck, MeldKind, check_lay_off, check_meld
from .moves import MovesOutcome, apply_move, apply_moves, can_play, verify_move
from .notation import NotationError, parse_position, position_of
from .rules import PRESETS, Rules, resolve_rules
from .scorepad import HandEntry, Pad, Remaining, replay
from .scoring import HandScore, card_points, hand_points, score_hand
from .seating import hand_size
from .state import Phase, Player, PlayerInput, Result, State, StateInput, Status, Turn, validate_state

__all__ = [
    "Action",
    "Code",
    "MeldKind",
    "Phase",
    "Source",
    "Status",
    "can_play",
    "verify_move",
    "DECK",
    "Card",
    "CardError",
    "parse_card",
    "parse_cards",
    "deal",
    "IllegalMove",
    "InvalidInput",
    "Problem",
    "Reason",
    "legal_moves",
    "possible_melds",
    "MeldCheck",
    "check_lay_off",
    "check_meld",
    "Move",
    "MovesOutcome",
    "apply_move",
    "apply_moves",
    "PRESETS",
    "Rules",
    "resolve_rules",
    "HandEntry",
    "Pad",
    "Remaining",
    "replay",
    "HandScore",
    "card_points",
    "hand_points",
    "score_hand",
    "Meld",
    "Player",
    "PlayerInput",
    "Result",
    "State",
    "StateInput",
    "Turn",
    "hand_size",
    "validate_state",
    "NotationError",
    "parse_position",
    "position_of",
    "TurnOptions",
    "turn_options",
]
