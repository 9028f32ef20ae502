from enum import StrEnum


class Status(StrEnum):
    DRAW = "draw"
    OUT = "out"
    PLAYING = "playing"

    def __str__(self) -> str:
        return str(self.value)
