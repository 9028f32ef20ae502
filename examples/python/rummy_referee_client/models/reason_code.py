from enum import StrEnum


class ReasonCode(StrEnum):
    ACE_HIGH = "ace_high"
    ALREADY_DREW = "already_drew"
    AMBIGUOUS_LAY_OFF = "ambiguous_lay_off"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    DEAD_END = "dead_end"
    DISCARD_PILE_EMPTY = "discard_pile_empty"
    DOES_NOT_FIT = "does_not_fit"
    DUPLICATE_CARD = "duplicate_card"
    FINAL_DISCARD_REQUIRED = "final_discard_required"
    HAND_OVER = "hand_over"
    MELD_LIMIT_REACHED = "meld_limit_reached"
    MUST_DRAW_FIRST = "must_draw_first"
    NOT_YOUR_TURN = "not_your_turn"
    RUN_GAP = "run_gap"
    RUN_SUIT_MISMATCH = "run_suit_mismatch"
    RUN_WRAPS = "run_wraps"
    SET_RANK_MISMATCH = "set_rank_mismatch"
    SET_TOO_LARGE = "set_too_large"
    TAKEN_DISCARD = "taken_discard"
    TOO_FEW_CARDS = "too_few_cards"
    UNKNOWN_MELD = "unknown_meld"

    def __str__(self) -> str:
        return str(self.value)
