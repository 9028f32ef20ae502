from enum import StrEnum


class ResolvedRulesRestock(StrEnum):
    IMMEDIATE = "immediate"
    KEEP_TOP = "keep_top"
    TURN_OVER = "turn_over"

    def __str__(self) -> str:
        return str(self.value)
