"""Who sits at the table and how many cards each is dealt (R2)."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import Problem

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def check_seating(players: Sequence[str], dealer: str | None, dealer_field: str = "dealer") -> list[Problem]:
    """Faults in a list of seats (R2): 2–6 players, no id twice, a dealer who sits at the table.
    Paths: ``("players",)``, ``("players", i)``, ``(dealer_field,)``."""
    problems = []
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        problems.append(Problem(("players",), f"Rummy is for 2 to 6 players, not {len(players)} (R2)"))
    seen = set()
    for i, p in enumerate(players):
        if p in seen:
            problems.append(Problem(("players", i), f"player {p!r} is listed twice"))
        seen.add(p)
    if dealer is not None and dealer not in seen:
        problems.append(Problem((dealer_field,), f"{dealer_field.replace('_', ' ')} {dealer!r} is not one of the players"))
    return problems


def hand_size(players: int) -> int:
    """Cards dealt to each player (R2): 10 with 2 players, 7 with 3–4, 6 with 5–6."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Rummy is for 2 to 6 players, not {players}")
    return 10 if players == 2 else 7 if players <= 4 else 6
