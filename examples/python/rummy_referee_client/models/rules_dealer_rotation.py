from enum import StrEnum


class RulesDealerRotation(StrEnum):
    LEFT = "left"
    WINNER_TWO_PLAYER = "winner_two_player"

    def __str__(self) -> str:
        return str(self.value)
