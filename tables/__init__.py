"""Sealed tables (contract, Sealed tables): a whole game sealed in an opaque token, a seat
credential per player, and the optional Redis replay guard. No Flask here: the routes in
``tables/http.py`` decode a request, call :class:`Tables` and encode its answer.

- ``tables.seal``: the token (AES-256-GCM-SIV from ``cryptography``, zlib, key ids, expiry)
  and seats (HMAC-SHA256, checked with ``hmac.compare_digest``).
- ``tables.codec``: a :class:`~referee.game.Game` as the sealed payload and back.
- ``tables.store``: the replay guard (``RUMMY_TABLE_STORE=redis://…``).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from referee import bots
from referee.fairness import SEED_BYTES, HandSeed
from referee.game import new_game, next_hand, play
from referee.moves import Move, MovesOutcome
from referee.rules import Rules
from referee.state import Status
from referee.view import Event, seat_view

from .codec import Table, from_payload, to_payload
from .seal import BadTable, Sealer
from .store import SeqStore, Stale, StoreUnavailable

__all__ = ["Tables", "Table", "Opened", "Moved", "BadTable", "Forbidden", "NotToMove", "Stale", "StoreUnavailable", "Sealer", "SeqStore"]


class Forbidden(Exception):
    """A seat that is not this table's, or a move for another player than the seat's (403)."""


class NotToMove(Exception):
    """Advice asked for a seat that is not to move, or once the hand is over (409)."""


@dataclass(frozen=True, slots=True)
class Moved:
    """The answer to a move: the human's ``outcome``, the ``table`` after it (and after the
    bots), its new ``token``, the ``player`` who moved and the ``events`` since the request."""

    outcome: MovesOutcome
    table: Table
    token: str
    player: str
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Opened:
    """A table opened for a viewer: ``player`` None for a spectator."""

    table: Table
    player: str | None


class Tables:
    """Sealed tables over a :class:`Sealer` and, optionally, a :class:`SeqStore`."""

    def __init__(self, sealer: Sealer, store: SeqStore | None = None) -> None:
        self.sealer = sealer
        self.store = store

    @classmethod
    def from_environment(cls, env: Mapping[str, str] = os.environ) -> Tables:
        """``RUMMY_SEAL_KEYS``, ``RUMMY_TABLE_TTL`` and ``RUMMY_TABLE_STORE`` (a Redis URL; unset:
        no replay guard)."""
        url = env.get("RUMMY_TABLE_STORE", "").strip()
        return cls(Sealer.from_environment(env), SeqStore(url) if url else None)

    # --- tokens -------------------------------------------------------------------------

    def seal(self, table: Table) -> str:
        """The token of ``table``."""
        return self.sealer.seal(to_payload(table))

    def open(self, token) -> Table:
        """The table of a token. Raises :class:`BadTable` (a sentence for a person)."""
        payload = self.sealer.open(token)
        try:
            return from_payload(payload)
        except Exception:  # authentic, but not a format this version reads
            raise BadTable("this table was sealed by another version of the service and cannot be opened here: start a new table") from None

    def seats(self, table: Table) -> dict[str, str]:
        """A seat credential for every human player."""
        return {p: self.sealer.seat(table.id, p) for p in table.game.players if p not in table.game.bots}

    def seat_player(self, table: Table, seat) -> str:
        """The human player whose seat ``seat`` is. Raises :class:`Forbidden`."""
        humans = [p for p in table.game.players if p not in table.game.bots]
        player = self.sealer.seat_player(table.id, humans, seat)
        if player is None:
            raise Forbidden("this seat is not a seat at this table")
        return player

    def _advance(self, before: Table, after: Table) -> None:
        if self.store is not None and after.game.seq != before.game.seq:
            self.store.advance(before.id, before.game.seq, after.game.seq, self.sealer.ttl)

    def _check_latest(self, table: Table) -> None:
        if self.store is not None:
            self.store.check(table.id, table.game.seq)

    # --- the four questions -------------------------------------------------------------

    def create(
        self,
        players: Sequence[str],
        rules: Rules,
        dealer: str | None = None,
        bots: Mapping[str, str] | None = None,
        *,
        seed: int | None = None,
        table_id: str | None = None,
        entropy: str | None = None,
    ) -> tuple[Table, str]:
        """A new table and its token: hand 1 dealt from a fresh secret seed (32 bytes from the
        CSPRNG) and the players' ``entropy`` (``referee.fairness``), the bots played until a
        human is to move. ``seed`` and ``table_id`` make it reproducible, for tests and
        benchmarks only (the HTTP API takes neither). Raises
        :class:`~referee.errors.InvalidInput` for a wrong seating or bots."""
        table_id = table_id or secrets.token_urlsafe(12)
        fair = HandSeed.fresh(entropy) if seed is None else HandSeed(seed.to_bytes(SEED_BYTES, "big"), entropy or "")
        game = new_game(players, rules, dealer, bots, bot_seed=table_id, deck=fair.deck())
        table = _committed(Table(table_id, game, fair))
        if self.store is not None:
            self.store.advance(table_id, -1, game.seq, self.sealer.ttl)
        return table, self.seal(table)

    def view(self, token, seat=None) -> Opened:
        """The table and the seat's player (None without a seat). Raises :class:`BadTable`,
        :class:`Forbidden`."""
        table = self.open(token)
        return Opened(table, None if seat is None else self.seat_player(table, seat))

    def move(self, token, seat, moves: Sequence[Move]) -> Moved:
        """Play the seat's ``moves`` (each ``player`` the seat's, or None for it; see :func:`referee.game.play`).

        Raises :class:`BadTable`, :class:`Forbidden` (a move for another player), :class:`Stale`
        (replay guard), :class:`~referee.errors.InvalidInput`."""
        table = self.open(token)
        player = self.seat_player(table, seat)
        moves = [m if m.player is not None else replace(m, player=player) for m in moves]
        for m in moves:
            if m.player != player:
                raise Forbidden(f"this seat is {player}'s: it cannot move for {m.player}")
        self._check_latest(table)
        outcome, game, events = play(table.game, moves, bot_seed=table.id)
        after = _committed(replace(table, game=game))
        self._advance(table, after)
        return Moved(outcome, after, token if game.seq == table.game.seq else self.seal(after), player, events)

    def suggest(self, token, seat, level: str) -> bots.Choice:
        """What the computer opponent of ``level`` would play from the seat's own view: the
        seat's hand and everything seen this hand (the view a bot in that seat decides from),
        seeded by the table id as the table's bots are. Reads the table only (no ``seq`` change,
        so no replay check). Raises :class:`BadTable`, :class:`Forbidden`, :class:`NotToMove`."""
        table = self.open(token)
        player = self.seat_player(table, seat)
        view = seat_view(table.game.state, player, table.game.events)
        if not view.to_move:
            if view.status != Status.PLAYING:
                raise NotToMove("the hand is over: there is no move to suggest")
            raise NotToMove(f"it is {view.turn.player}'s turn, not {player}'s: advice is for the player to move")
        return bots.choose_move(view, level, table.id)

    def next(self, token, entropy: str | None = None) -> tuple[Table, str, tuple[Event, ...]]:
        """Deal the game's next hand (R19) from the seed committed to when the last hand ended
        (``Table.next_seed``; a fresh one for an older token) and ``entropy``, the bots played
        until a human is to move. Raises :class:`BadTable`, :class:`Stale`,
        :class:`referee.game.GameOver`."""
        table = self.open(token)
        self._check_latest(table)
        fair = HandSeed(table.next_seed, entropy or "") if table.next_seed is not None else HandSeed.fresh(entropy)
        game = next_hand(table.game, bot_seed=table.id, deck=fair.deck())
        after = _committed(Table(table.id, game, fair))
        self._advance(table, after)
        return after, self.seal(after), game.events


def _committed(table: Table) -> Table:
    """``table`` with the next hand's seed drawn (32 bytes from ``secrets``) once its hand is
    over, so that every view of the finished hand commits to it before the players send the
    next hand's entropy (README, Provably fair)."""
    if table.fair is not None and table.next_seed is None and table.game.state.status != Status.PLAYING:
        return replace(table, next_seed=secrets.token_bytes(SEED_BYTES))
    return table
