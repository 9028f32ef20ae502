from enum import StrEnum


class CheckedOutcomeType1(StrEnum):
    DRAW = "draw"
    OUT = "out"

    def __str__(self) -> str:
        return str(self.value)
