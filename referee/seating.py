"""Who sits at the table, how names are compared, and how many cards each is dealt (R2, R2a)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from .errors import Problem

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def name_key(name: str) -> str:
    """The form in which player names are compared (R2a): NFKC (full-width and other
    compatibility letters as their plain forms), case folded, surrounding spaces removed. Two
    names with the same key name the same player: ``Ana``, ``ana``, `` ana `` and ``ａｎａ``.
    The phone page's ``nameKey`` (static/scorepad.js) computes the same key."""
    return unicodedata.normalize("NFKC", name).casefold().strip()


def same_names(players: Sequence[str], path: tuple = ("players",), suffix: tuple = ()) -> list[Problem]:
    """Every name of ``players`` that names the same player as an earlier one (R2a), at
    ``path + (i,) + suffix``: "player 'ana' is listed twice", or, spelled differently, "Ana and
    ana name the same player"."""
    problems = []
    first: dict[str, str] = {}
    for i, p in enumerate(players):
        key = name_key(p)
        if key not in first:
            first[key] = p
        elif first[key] == p:
            problems.append(Problem((*path, i, *suffix), f"player {p!r} is listed twice"))
        else:
            problems.append(Problem((*path, i, *suffix), f"{first[key]} and {p} name the same player (R2a)"))
    return problems


def check_seating(players: Sequence[str], dealer: str | None, dealer_field: str = "dealer") -> list[Problem]:
    """Faults in a list of seats (R2, R2a): 2–6 players, no player twice (names compared by
    :func:`name_key`), a dealer who sits at the table. Paths: ``("players",)``,
    ``("players", i)``, ``(dealer_field,)``."""
    problems = player_count_problems(len(players))
    problems += same_names(players)
    seen = set(players)
    if dealer is not None and dealer not in seen:
        problems.append(Problem((dealer_field,), f"{dealer_field.replace('_', ' ')} {dealer!r} is not one of the players"))
    return problems


def default_dealer(players: Sequence[str]) -> str:
    """R3 (Decision): with no dealer named, the last listed player deals, so the first leads."""
    return players[-1]


def first_to_play(players: Sequence[str], dealer: str | None) -> str:
    """R3: the dealer's left (the next seat, wrapping) plays first; with no dealer, or one not at
    the table, the default dealer's (:func:`default_dealer`)."""
    seat = players.index(dealer) if dealer in players else len(players) - 1
    return players[(seat + 1) % len(players)]


def player_count_problems(players: int) -> list[Problem]:
    """R2: the fault of a table of ``players`` players (path ``("players",)``), or []."""
    if MIN_PLAYERS <= players <= MAX_PLAYERS:
        return []
    return [Problem(("players",), f"Rummy is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players} (R2)")]


def most_dealt() -> int:
    """R2: the most cards anyone is dealt (10, with two players); a player who has drawn holds
    one more. The bound the request formats put on a hand."""
    return hand_size(MIN_PLAYERS)


def hand_size(players: int) -> int:
    """Cards dealt to each player (R2): 10 with 2 players, 7 with 3–4, 6 with 5–6."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Rummy is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    return 10 if players == 2 else 7 if players <= 4 else 6
