"""Contains all the data models used in inputs/outputs"""

from .bot_level import BotLevel
from .checked import Checked
from .create_table_request import CreateTableRequest
from .create_table_request_bots import CreateTableRequestBots
from .create_table_request_bots_additional_property import (
    CreateTableRequestBotsAdditionalProperty,
)
from .create_table_response import CreateTableResponse
from .create_table_response_seats import CreateTableResponseSeats
from .deal_request import DealRequest
from .discard_event import DiscardEvent
from .discard_event_seen import DiscardEventSeen
from .discard_move import DiscardMove
from .discard_move_out import DiscardMoveOut
from .draw_event import DrawEvent
from .draw_event_seen import DrawEventSeen
from .draw_move import DrawMove
from .draw_move_out import DrawMoveOut
from .fairness import Fairness
from .hand_entry import HandEntry
from .hand_entry_remaining import HandEntryRemaining
from .hand_line import HandLine
from .hand_line_remaining import HandLineRemaining
from .hand_line_totals import HandLineTotals
from .hand_score_request import HandScoreRequest
from .hand_score_request_remaining import HandScoreRequestRemaining
from .hand_score_response import HandScoreResponse
from .hand_score_response_by_player import HandScoreResponseByPlayer
from .hand_size import HandSize
from .health import Health
from .lay_off_event import LayOffEvent
from .lay_off_event_seen import LayOffEventSeen
from .lay_off_move import LayOffMove
from .lay_off_move_out import LayOffMoveOut
from .legal_moves_request import LegalMovesRequest
from .legal_moves_response import LegalMovesResponse
from .limit import Limit
from .limits import Limits
from .meld import Meld
from .meld_check_request import MeldCheckRequest
from .meld_check_response import MeldCheckResponse
from .meld_event import MeldEvent
from .meld_event_seen import MeldEventSeen
from .meld_kind import MeldKind
from .meld_move import MeldMove
from .meld_move_out import MeldMoveOut
from .meld_out import MeldOut
from .move_response import MoveResponse
from .moves_request import MovesRequest
from .next_hand_request import NextHandRequest
from .next_hand_response import NextHandResponse
from .one_move_request import OneMoveRequest
from .option_doc import OptionDoc
from .option_doc_defaults import OptionDocDefaults
from .option_doc_type import OptionDocType
from .option_sentences import OptionSentences
from .option_value import OptionValue
from .phase import Phase
from .player import Player
from .player_out import PlayerOut
from .pointer import Pointer
from .preset_note import PresetNote
from .preset_sentence import PresetSentence
from .problem import Problem
from .reason import Reason
from .reason_code import ReasonCode
from .record import Record
from .record_dealt import RecordDealt
from .record_discard import RecordDiscard
from .record_discard_out import RecordDiscardOut
from .record_draw import RecordDraw
from .record_draw_out import RecordDrawOut
from .record_lay_off import RecordLayOff
from .record_lay_off_out import RecordLayOffOut
from .record_meld import RecordMeld
from .record_meld_out import RecordMeldOut
from .record_out import RecordOut
from .record_out_dealt import RecordOutDealt
from .remaining_cards import RemainingCards
from .remaining_points import RemainingPoints
from .resolved_rules import ResolvedRules
from .resolved_rules_aces import ResolvedRulesAces
from .resolved_rules_dealer_rotation import ResolvedRulesDealerRotation
from .resolved_rules_preset import ResolvedRulesPreset
from .resolved_rules_restock import ResolvedRulesRestock
from .restock_event import RestockEvent
from .restock_event_seen import RestockEventSeen
from .result_draw import ResultDraw
from .result_out import ResultOut
from .result_out_remaining import ResultOutRemaining
from .revealed import Revealed
from .revealed_out import RevealedOut
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
from .scores import Scores
from .scores_to_target_type_0 import ScoresToTargetType0
from .scores_totals import ScoresTotals
from .seat_discard_move import SeatDiscardMove
from .seat_draw_move import SeatDrawMove
from .seat_lay_off_move import SeatLayOffMove
from .seat_meld_move import SeatMeldMove
from .seat_out import SeatOut
from .source import Source
from .standing import Standing
from .state import State
from .state_out import StateOut
from .state_response import StateResponse
from .status import Status
from .suggest_request import SuggestRequest
from .suggest_request_level import SuggestRequestLevel
from .suggest_response import SuggestResponse
from .table_move_request import TableMoveRequest
from .table_move_response import TableMoveResponse
from .table_suggest_request import TableSuggestRequest
from .table_suggest_request_level import TableSuggestRequestLevel
from .turn import Turn
from .turn_out import TurnOut
from .verify_request import VerifyRequest
from .verify_response import VerifyResponse
from .view import View
from .view_request import ViewRequest
from .view_response import ViewResponse
from .view_result_draw import ViewResultDraw
from .view_result_draw_remaining_cards import ViewResultDrawRemainingCards
from .view_result_out import ViewResultOut
from .view_result_out_remaining import ViewResultOutRemaining
from .view_result_out_remaining_cards import ViewResultOutRemainingCards

__all__ = (
    "BotLevel",
    "Checked",
    "CreateTableRequest",
    "CreateTableRequestBots",
    "CreateTableRequestBotsAdditionalProperty",
    "CreateTableResponse",
    "CreateTableResponseSeats",
    "DealRequest",
    "DiscardEvent",
    "DiscardEventSeen",
    "DiscardMove",
    "DiscardMoveOut",
    "DrawEvent",
    "DrawEventSeen",
    "DrawMove",
    "DrawMoveOut",
    "Fairness",
    "HandEntry",
    "HandEntryRemaining",
    "HandLine",
    "HandLineRemaining",
    "HandLineTotals",
    "HandScoreRequest",
    "HandScoreRequestRemaining",
    "HandScoreResponse",
    "HandScoreResponseByPlayer",
    "HandSize",
    "Health",
    "LayOffEvent",
    "LayOffEventSeen",
    "LayOffMove",
    "LayOffMoveOut",
    "LegalMovesRequest",
    "LegalMovesResponse",
    "Limit",
    "Limits",
    "Meld",
    "MeldCheckRequest",
    "MeldCheckResponse",
    "MeldEvent",
    "MeldEventSeen",
    "MeldKind",
    "MeldMove",
    "MeldMoveOut",
    "MeldOut",
    "MoveResponse",
    "MovesRequest",
    "NextHandRequest",
    "NextHandResponse",
    "OneMoveRequest",
    "OptionDoc",
    "OptionDocDefaults",
    "OptionDocType",
    "OptionSentences",
    "OptionValue",
    "Phase",
    "Player",
    "PlayerOut",
    "Pointer",
    "PresetNote",
    "PresetSentence",
    "Problem",
    "Reason",
    "ReasonCode",
    "Record",
    "RecordDealt",
    "RecordDiscard",
    "RecordDiscardOut",
    "RecordDraw",
    "RecordDrawOut",
    "RecordLayOff",
    "RecordLayOffOut",
    "RecordMeld",
    "RecordMeldOut",
    "RecordOut",
    "RecordOutDealt",
    "RemainingCards",
    "RemainingPoints",
    "ResolvedRules",
    "ResolvedRulesAces",
    "ResolvedRulesDealerRotation",
    "ResolvedRulesPreset",
    "ResolvedRulesRestock",
    "RestockEvent",
    "RestockEventSeen",
    "ResultDraw",
    "ResultOut",
    "ResultOutRemaining",
    "Revealed",
    "RevealedOut",
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
    "Scores",
    "ScoresToTargetType0",
    "ScoresTotals",
    "SeatDiscardMove",
    "SeatDrawMove",
    "SeatLayOffMove",
    "SeatMeldMove",
    "SeatOut",
    "Source",
    "Standing",
    "State",
    "StateOut",
    "StateResponse",
    "Status",
    "SuggestRequest",
    "SuggestRequestLevel",
    "SuggestResponse",
    "TableMoveRequest",
    "TableMoveResponse",
    "TableSuggestRequest",
    "TableSuggestRequestLevel",
    "Turn",
    "TurnOut",
    "VerifyRequest",
    "VerifyResponse",
    "View",
    "ViewRequest",
    "ViewResponse",
    "ViewResultDraw",
    "ViewResultDrawRemainingCards",
    "ViewResultOut",
    "ViewResultOutRemaining",
    "ViewResultOutRemainingCards",
)
