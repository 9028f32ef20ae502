from enum import StrEnum


class RulesPreset(StrEnum):
    BASIC = "basic"
    STANDARD = "standard"
    TWO_RESTOCKS = "two-restocks"

    def __str__(self) -> str:
        return str(self.value)
