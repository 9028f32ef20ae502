"""A stalled hand (R18a): turns in a row with no meld and no lay-off.

The discard pile is turned over without shuffling (R17), so a hand with no restock limit can go
round for ever. Whatever the options, once 25 turns per player have been played in a row with
nobody melding or laying off, the hand is a draw (R16), declared as the last of those turns
ends. The count is the state's ``stalled_turns``; a turn with a meld or a lay-off sets it to 0.
"""

from __future__ import annotations

from .speech import Sentence, say_n

STALL_TURNS_PER_PLAYER = 25


def stall_limit(players: int) -> int:
    """Turns in a row with no meld and no lay-off that draw the hand (R18a): 25 per player, so
    50 with 2 players and 150 with 6."""
    return STALL_TURNS_PER_PLAYER * players


def after_turn(stalled_turns: int, melded_or_laid_off: bool) -> int:
    """The count once a turn ends (R18a): 0 after a turn with a meld or a lay-off, else one more."""
    return 0 if melded_or_laid_off else stalled_turns + 1


def stall_words(players: int) -> Sentence:
    """The limit in words: "50 turns in a row (25 each) passed with no meld and no lay-off"."""
    return say_n(
        "{count} turn in a row ({each} each) passed with no meld and no lay-off",
        "{count} turns in a row ({each} each) passed with no meld and no lay-off",
        stall_limit(players),
        each=STALL_TURNS_PER_PLAYER,
    )
