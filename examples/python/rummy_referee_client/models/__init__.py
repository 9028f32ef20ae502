"""Contains all the data models used in inputs/outputs"""

from .deal_request import DealRequest
from .discard_move import DiscardMove
from .discard_move_out import DiscardMoveOut
from .draw_move import DrawMove
from .draw_move_out import DrawMoveOut
from .hand_entry import HandEntry
from .hand_entry_remaining import HandEntryRemaining
from .hand_line import HandLine
from .hand_line_multiplier import HandLineMultiplier
from .hand_line_remaining import HandLineRemaining
from .hand_line_totals import HandLineTotals
from .hand_score_request import HandScoreRequest
from .hand_score_request_remaining import HandScoreRequestRemaining
from .hand_score_response import HandScoreResponse
from .hand_score_response_by_player import HandScoreResponseByPlayer
from .hand_score_response_multiplier import HandScoreResponseMultiplier
from .health import Health
from .lay_off_move import LayOffMove
from .lay_off_move_out import LayOffMoveOut
from .legal_moves_request import LegalMovesRequest
from .legal_moves_response import LegalMovesResponse
from .meld import Meld
from .meld_check_request import MeldCheckRequest
from .meld_check_response import MeldCheckResponse
from .meld_kind import MeldKind
from .meld_move import MeldMove
from .meld_move_out import MeldMoveOut
from .meld_out import MeldOut
from .move_response import MoveResponse
from .moves_request import MovesRequest
from .one_move_request import OneMoveRequest
from .phase import Phase
from .player import Player
from .player_out import PlayerOut
from .pointer import Pointer
from .problem import Problem
from .reason import Reason
from .reason_code import ReasonCode
from .remaining_cards import RemainingCards
from .remaining_points import RemainingPoints
from .resolved_rules import ResolvedRules
from .resolved_rules_aces import ResolvedRulesAces
from .resolved_rules_dealer_rotation import ResolvedRulesDealerRotation
from .resolved_rules_preset import ResolvedRulesPreset
from .resolved_rules_restock import ResolvedRulesRestock
from .result_draw import ResultDraw
from .result_out import ResultOut
from .result_out_multiplier import ResultOutMultiplier
from .result_out_remaining import ResultOutRemaining
from .rules import Rules
from .rules_aces import RulesAces
from .rules_dealer_rotation import RulesDealerRotation
from .rules_list import RulesList
from .rules_preset import RulesPreset
from .rules_restock import RulesRestock
from .scorepad_request import ScorepadRequest
from .scorepad_response import ScorepadResponse
from .scorepad_response_to_target_type_0 import ScorepadResponseToTargetType0
from .scorepad_response_totals import ScorepadResponseTotals
from .source import Source
from .standing import Standing
from .state import State
from .state_out import StateOut
from .state_response import StateResponse
from .status import Status
from .turn import Turn
from .turn_out import TurnOut

__all__ = (
    "DealRequest",
    "DiscardMove",
    "DiscardMoveOut",
    "DrawMove",
    "DrawMoveOut",
    "HandEntry",
    "HandEntryRemaining",
    "HandLine",
    "HandLineMultiplier",
    "HandLineRemaining",
    "HandLineTotals",
    "HandScoreRequest",
    "HandScoreRequestRemaining",
    "HandScoreResponse",
    "HandScoreResponseByPlayer",
    "HandScoreResponseMultiplier",
    "Health",
    "LayOffMove",
    "LayOffMoveOut",
    "LegalMovesRequest",
    "LegalMovesResponse",
    "Meld",
    "MeldCheckRequest",
    "MeldCheckResponse",
    "MeldKind",
    "MeldMove",
    "MeldMoveOut",
    "MeldOut",
    "MoveResponse",
    "MovesRequest",
    "OneMoveRequest",
    "Phase",
    "Player",
    "PlayerOut",
    "Pointer",
    "Problem",
    "Reason",
    "ReasonCode",
    "RemainingCards",
    "RemainingPoints",
    "ResolvedRules",
    "ResolvedRulesAces",
    "ResolvedRulesDealerRotation",
    "ResolvedRulesPreset",
    "ResolvedRulesRestock",
    "ResultDraw",
    "ResultOut",
    "ResultOutMultiplier",
    "ResultOutRemaining",
    "Rules",
    "RulesAces",
    "RulesDealerRotation",
    "RulesList",
    "RulesPreset",
    "RulesRestock",
    "ScorepadRequest",
    "ScorepadResponse",
    "ScorepadResponseToTargetType0",
    "ScorepadResponseTotals",
    "Source",
    "Standing",
    "State",
    "StateOut",
    "StateResponse",
    "Status",
    "Turn",
    "TurnOut",
)
