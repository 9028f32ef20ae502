from enum import StrEnum


class Phase(StrEnum):
    DRAW = "draw"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
