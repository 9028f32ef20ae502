"""Sealed tables (contract, Sealed tables): a whole game sealed in an opaque token, a seat
credential per player, and the optional Redis replay guard. No Flask here: the routes in
``tables_api.py`` decode a request, call :class:`Tables` and encode its answer.

- ``tables.seal``: the token (AES-256-GCM-SIV from ``cryptography``, zlib, key ids, expiry)
  and seats (HMAC-SHA256, checked with ``hmac.compare_digest``).
- ``tables.codec``: a :class:`~referee.game.Game` as the sealed payload and back.
- ``tables.store``: the replay guard (``RUMMY_TABLE_STORE=redis://…``): stale tokens refused
  with the latest token, a lost answer answered again, Redis behind a breaker.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

import orjson

from referee import bots
from referee.actions import Move
from referee.bots import play_seat
from referee.errors import InvalidInput, Problem
from referee.fairness import SEED_BYTES, Contribution, HandSeed, combined_entropy, commitment
from referee.game import GameOver, check_next_hand, new_game, next_hand, play
from referee.moves import MovesOutcome, can_play
from referee.rules import Rules
from referee.speech import say
from referee.state import Status
from referee.view import Event, seat_view
from web import metrics

from . import store as table_store
from .codec import Table, UnreadablePayload, Wire, from_payload, to_payload
from .seal import TABLE_SECRET_BYTES, BadTable, Sealer, TooLarge, b64decode_canonical, b64encode
from .store import Replay, Stale, StoreUnavailable, TableStore
from .store.redis_store import SeqStore

__all__ = [
    "Tables",
    "Table",
    "Opened",
    "Moved",
    "Pending",
    "BadTable",
    "Forbidden",
    "NotToMove",
    "Replayed",
    "Stale",
    "StoreUnavailable",
    "TooLarge",
    "Sealer",
    "SeqStore",
    "TableStore",
]


PLEDGE_SECONDS = 600  # a pledge deals within 10 minutes of being made, or not at all
PLEDGE_PREFIX = "rp1."
PLEDGE_ID_BYTES = 12  # the table id a pledge deals (base64url: 16 characters, as a table id is)


@dataclass(frozen=True, slots=True)
class Pledge:
    """``POST /v1/tables/pledge``: the ``token`` to send with ``POST /v1/tables``, the
    ``commitment`` of the seed it will deal hand 1 from, and when it expires (``expires_at``,
    seconds since the epoch)."""

    token: str
    commitment: str
    expires_at: int


class PledgeRefused(Exception):
    """A pledge this service did not make, altered, or expired (422 at ``/pledge``)."""


class PledgeUsed(Exception):
    """A pledge that already dealt another table (409): a pledge deals one table only."""


class EntropyTaken(Exception):
    """Other entropy for a commitment already dealt with one (409)."""


class NoPledges(Exception):
    """Pledges asked of a service without a table store (409): it cannot make one single-use."""


class Forbidden(Exception):
    """A seat that is not this table's, or a move for another player than the seat's (403)."""


class NotToMove(Exception):
    """Advice asked for a seat that is not to move, or once the hand is over (409); its one
    argument is the sentence saying so (a :class:`~referee.speech.Sentence`)."""


class Replayed(Exception):
    """The request that made the table's latest change, sent again (replay guard on): ``body``
    is the JSON answer it got the first time, to be sent again as it was."""

    def __init__(self, body: bytes) -> None:
        super().__init__("replayed")
        self.body = body


@dataclass(frozen=True, slots=True)
class Pending:
    """A change to record in the replay guard once its answer is written (:meth:`Tables.commit`):
    the table, the ``seq`` of the token used and the new one, and the request's ``digest``."""

    table_id: str
    old: int
    new: int
    digest: bytes


@dataclass(frozen=True, slots=True)
class Moved:
    """The answer to a move: the human's ``outcome``, the ``table`` after it (and after the
    bots), its new ``token``, the ``player`` who moved and the ``events`` since the request;
    ``pending`` the change the replay guard has yet to record (None without a guard, or when
    nothing changed)."""

    outcome: MovesOutcome
    table: Table
    token: str
    player: str
    events: tuple[Event, ...]
    pending: Pending | None = None


@dataclass(frozen=True, slots=True)
class Dealt:
    """The next hand: the ``table``, its ``token``, the ``events`` since the request, the
    ``player`` whose seat asked (None: a spectator's view) and the change the replay guard has
    yet to record; ``waiting_for`` the human seats whose entropy the deal still waits for (then
    nothing was dealt yet)."""

    table: Table
    token: str
    events: tuple[Event, ...]
    player: str | None = None
    pending: Pending | None = None
    waiting_for: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Opened:
    """A table opened for a viewer: ``player`` None for a spectator."""

    table: Table
    player: str | None


class Tables:
    """Sealed tables over a :class:`Sealer` and, optionally, a :class:`SeqStore`; ``wire``: the
    contract's format of the state and the moves a token holds (:class:`tables.codec.Wire`,
    ``schemas.wire.TABLE_WIRE``), given by the web layer so that this package imports no schema."""

    def __init__(self, sealer: Sealer, store: TableStore | None = None, *, wire: Wire) -> None:
        self.sealer = sealer
        self.store = store
        self.wire = wire

    @classmethod
    def from_environment(cls, wire: Wire, env: Mapping[str, str] = os.environ) -> Tables:
        """``RUMMY_SEAL_KEYS``, ``RUMMY_TABLE_TTL`` and ``RUMMY_TABLE_STORE`` (unset: the embedded
        store; a Redis URL; ``none``: no replay guard, :func:`tables.store.from_environment`)."""
        return cls(Sealer.from_environment(env), table_store.from_environment(env), wire=wire)

    # --- tokens -------------------------------------------------------------------------

    def seal(self, table: Table) -> str:
        """The token of ``table``."""
        return self.sealer.seal(*to_payload(table, self.wire))

    def open(self, token: object) -> Table:
        """The table of a token. Raises :class:`BadTable` (a sentence for a person)."""
        payload, hidden = self.sealer.open(token)
        try:
            return from_payload(self.wire, payload, hidden)
        except UnreadablePayload:  # authentic, but not a format this version reads
            raise BadTable(
                say("this table was sealed by another version of the service and cannot be opened here: start a new table")
            ) from None

    def seat(self, table: Table, player: str) -> str:
        """The seat credential of ``player`` (from the table's own secret)."""
        return self.sealer.seat(table.id, player, table.secret)

    def seats(self, table: Table) -> dict[str, str]:
        """A seat credential for every human player."""
        return {p: self.seat(table, p) for p in table.game.players if p not in table.game.bots}

    def seat_player(self, table: Table, seat: object) -> str:
        """The human player whose seat ``seat`` is. Raises :class:`Forbidden`."""
        humans = [p for p in table.game.players if p not in table.game.bots]
        player = self.sealer.seat_player(table.id, humans, seat, table.secret)
        if player is None:
            raise Forbidden(say("this seat is not a seat at this table"))
        return player

    # --- the replay guard ---------------------------------------------------------------

    def _guarded(self, call: Callable[[], object], table_id: str) -> None:
        """Run a store ``call``, turning its :class:`~tables.store.Replay` into
        :class:`Replayed` (the first answer, opened) and filling a :class:`Stale`'s ``table``
        (the latest token, from the latest answer)."""
        try:
            call()
        except Replay as r:
            body = self.sealer.open_blob(table_id, r.answer)
            if body is None:  # sealed under a key retired since: it cannot be answered again
                raise Stale(r.latest) from None
            raise Replayed(body) from None
        except Stale as st:
            body = self.sealer.open_blob(table_id, st.answer) if st.answer else None
            st.table = orjson.loads(body).get("table") if body else None
            raise

    def _check(self, table: Table, digest: bytes) -> Pending | None:
        store = self.store
        if store is None:
            return None
        self._guarded(lambda: store.check(table.id, table.game.seq, digest), table.id)
        return Pending(table.id, table.game.seq, table.game.seq, digest)

    def _stale_first(self, table: Table, digest: bytes) -> None:
        """Before an answer that stands whatever the guard says (a 409 or an illegal move, judged
        from the token alone, changing nothing): with the guard on and answering, an old token's refusal is the guard's
        :class:`Stale` instead, carrying the latest token; a guard that does not answer leaves
        the answer as it is, never a 503."""
        if self.store is not None:
            with contextlib.suppress(StoreUnavailable):
                self._check(table, digest)

    def commit(self, pending: Pending | None, answer: bytes) -> None:
        """Record a change in the replay guard with its JSON ``answer`` (kept, sealed, to be
        sent again if the same request comes again). Nothing to do without a guard or a
        change. Raises :class:`Replayed` or :class:`Stale` when another request on the same
        token was recorded first, :class:`StoreUnavailable`."""
        store = self.store
        if pending is None or pending.new == pending.old or store is None:
            return
        blob = self.sealer.seal_blob(pending.table_id, answer)
        self._guarded(
            lambda: store.commit(pending.table_id, pending.old, pending.new, pending.digest, blob, self.sealer.ttl), pending.table_id
        )

    @staticmethod
    def digest(*parts: object) -> bytes:
        """The replay guard's name for a request: SHA-256 of its parts (token, seat, moves), 16 bytes."""
        h = hashlib.sha256()
        for part in parts:
            data = part if isinstance(part, bytes) else str(part).encode()
            h.update(len(data).to_bytes(4, "big") + data)
        return h.digest()[:16]

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
        pledge: str | None = None,
    ) -> tuple[Table, str]:
        """A new table and its token: hand 1 dealt from a fresh secret seed (32 bytes from the
        CSPRNG), or the seed of a ``pledge`` (:meth:`pledge`), and the players' ``entropy``
        (``referee.fairness``), the bots played until a human is to move. ``seed`` and
        ``table_id`` make it reproducible, for tests and benchmarks only (the HTTP API takes
        neither).

        A pledge deals one table: its use is claimed in the table store under the request
        (players, rules, dealer, bots, entropy), so the same request sent again (a lost answer)
        deals the same table again (same id, secret, seats and deal) and any other is
        :class:`PledgeUsed`. Raises :class:`~referee.errors.InvalidInput` for a wrong seating or
        bots, :class:`PledgeRefused`, :class:`PledgeUsed`, :class:`NoPledges`,
        :class:`StoreUnavailable`."""
        secret = None
        if pledge is not None:
            table_id, seed_bytes, secret = self._open_pledge(pledge)
            request = self.digest(
                "create", table_id, repr(tuple(players)), repr(rules), dealer or "", repr(sorted((bots or {}).items())), entropy or ""
            )
            assert self.store is not None, "_open_pledge refuses a pledge without a table store (NoPledges)"
            held = self.store.claim(f"pledge:{table_id}", request, PLEDGE_SECONDS + 60)
            if held is not None and held != request:
                raise PledgeUsed(say("this pledge has already dealt a table: a pledge deals one table only, so ask for a new one"))
            fair = HandSeed(seed_bytes, entropy or "")
        else:
            fair = HandSeed.fresh(entropy) if seed is None else HandSeed(seed.to_bytes(SEED_BYTES, "big"), entropy or "")
        table_id = table_id or secrets.token_urlsafe(12)
        with _bots_timed("/v1/tables", bots or {}):
            game = new_game(players, rules, dealer, bots, bot_seed=table_id, deck=fair.deck(), policy=play_seat)
        table = _committed(Table(table_id, game, secret or self.sealer.table_secret(), fair))
        return table, self.seal(table)

    def pledge(self) -> Pledge:
        """A seed drawn and committed to before any entropy exists (contract, Provably fair
        deals: hand 1 pledged). The token seals, under the sealing key and bound to its id, the
        seed, the table's own secret and the expiry; only this service can read it, and the
        table store makes it single-use (:meth:`create`). Raises :class:`NoPledges` without a
        store (a pledge that could deal twice would reveal, at the end of the first table's
        hand, the whole deck of the second)."""
        if self.store is None:
            raise NoPledges(
                say(
                    "this service runs without a table store (RUMMY_TABLE_STORE=none), so it cannot make a pledge that deals one "
                    "table only: create the table without one"
                )
            )
        pid, seed, secret = secrets.token_bytes(PLEDGE_ID_BYTES), secrets.token_bytes(SEED_BYTES), self.sealer.table_secret()
        expires = int(self.sealer.clock()) + PLEDGE_SECONDS
        blob = self.sealer.seal_blob(f"pledge {b64encode(pid)}", seed + secret + expires.to_bytes(8, "big"))
        return Pledge(PLEDGE_PREFIX + b64encode(pid + blob), commitment(seed), expires)

    def _open_pledge(self, text: str) -> tuple[str, bytes, bytes]:
        """The table id, seed and table secret a pledge token holds. Raises :class:`NoPledges`,
        :class:`PledgeRefused`."""
        if self.store is None:
            raise NoPledges(
                say("this service runs without a table store (RUMMY_TABLE_STORE=none), so it deals no pledge: leave pledge out")
            )
        try:
            if not text.startswith(PLEDGE_PREFIX):
                raise ValueError
            raw = b64decode_canonical(text[len(PLEDGE_PREFIX) :])
        except (ValueError, TypeError):
            raise PledgeRefused(
                say("this is not a pledge of this service: send the pledge exactly as POST /v1/tables/pledge gave it")
            ) from None
        pid = b64encode(raw[:PLEDGE_ID_BYTES])
        plain = self.sealer.open_blob(f"pledge {pid}", raw[PLEDGE_ID_BYTES:]) if len(raw) > PLEDGE_ID_BYTES else None
        if plain is None or len(plain) != SEED_BYTES + TABLE_SECRET_BYTES + 8:
            raise PledgeRefused(say("this pledge was not made by this service, or was altered: ask for a new one"))
        expires = int.from_bytes(plain[-8:], "big")
        if self.sealer.clock() >= expires:
            raise PledgeRefused(say("this pledge expired {count} minutes after it was made: ask for a new one", count=PLEDGE_SECONDS // 60))
        return pid, plain[:SEED_BYTES], plain[SEED_BYTES : SEED_BYTES + TABLE_SECRET_BYTES]

    def view(self, token: str, seat: str | None = None) -> Opened:
        """The table and the seat's player (None without a seat). Raises :class:`BadTable`,
        :class:`Forbidden`."""
        table = self.open(token)
        return Opened(table, None if seat is None else self.seat_player(table, seat))

    def move(self, token: str, seat: str, moves: Sequence[Move]) -> Moved:
        """Play the seat's ``moves`` (each ``player`` the seat's, or None for it; see :func:`referee.game.play`).

        Everything is judged before the replay guard is asked: a move refused at its first step
        (``referee.moves.can_play``) changes nothing, so it is answered (``legal`` false) whether
        or not the guard answers (:meth:`_stale_first`); only a change waits for the guard, which
        is asked before the bots play (a guard that is down costs no bot's search).

        Raises :class:`BadTable`, :class:`Forbidden` (a move for another player),
        :class:`~referee.errors.InvalidInput`, then :class:`Stale`, :class:`Replayed`,
        :class:`StoreUnavailable` (replay guard)."""
        table = self.open(token)
        player = self.seat_player(table, seat)
        moves = [m if m.player is not None else replace(m, player=player) for m in moves]
        for m in moves:
            if m.player != player:
                raise Forbidden(say("this seat is {player}'s: it cannot move for {other}", player=player, other=m.player))
        digest = self.digest("move", token, seat, orjson.dumps([self.wire.move_out(m) for m in moves]))
        changes = bool(moves) and can_play(table.game.state, moves[0])  # the first move judged alone: cheap
        pending = self._check(table, digest) if changes else None  # before the bots play: a 503 costs no search
        with _bots_timed("/v1/tables/move", table.game.bots):
            outcome, game, events = play(table.game, moves, bot_seed=table.id, policy=play_seat)
        if not changes:
            self._stale_first(table, digest)
        after = _committed(replace(table, game=game))
        if pending is not None:
            pending = replace(pending, new=game.seq)
        return Moved(outcome, after, token if game.seq == table.game.seq else self.seal(after), player, events, pending)

    def suggest(self, token: str, seat: str, level: str) -> bots.Choice:
        """What the computer opponent of ``level`` would play from the seat's own view: the
        seat's hand and everything seen this hand (the view a bot in that seat decides from),
        seeded by the table id as the table's bots are. Reads the table only (no ``seq`` change,
        so no replay check). Raises :class:`BadTable`, :class:`Forbidden`, :class:`NotToMove`."""
        table = self.open(token)
        player = self.seat_player(table, seat)
        view = seat_view(table.game.state, player, table.game.events)
        if not view.to_move:
            if view.status != Status.PLAYING:
                raise NotToMove(say("the hand is over: there is no move to suggest"))
            raise NotToMove(
                say("it is {player}'s turn, not {seat}'s: advice is for the player to move", player=view.turn.player, seat=player)
            )
        return bots.choose_move(view, level, table.id)

    def next(self, token: str, seat: str, entropy: str | None = None) -> Dealt:
        """Deal the game's next hand (R19) from the seed committed to when the last hand ended
        (``Table.next_seed``; a fresh one for an older token) and ``entropy``, the bots played
        until a human is to move. ``seat`` (the view the answer gives) and ``entropy`` are part
        of the request's name for the replay guard, so a retry answers the same seat's view of
        the same deal and no other. Only a seat of the table deals: whoever merely saw a token
        (a spectator, a log) must not deal the table's hands, so no seat is a :class:`Forbidden`
        as another table's seat is. Everything that needs no replay guard is judged before it is
        asked (a seat of another table, a hand still being played, a game over), so those
        refusals stand while its store is down (:meth:`_stale_first`). Raises :class:`BadTable`, :class:`Forbidden`,
        :class:`referee.game.GameOver`, then :class:`Stale`, :class:`Replayed`,
        :class:`StoreUnavailable`, :class:`EntropyTaken` (with a store, the committed seed is
        claimed for the first entropy sent: other entropy for it is refused even when the
        guard's record of the table is gone).

        A client keeps the entropy it sends for a commitment and sends the same on a retry."""
        table = self.open(token)
        if seat is None:
            raise Forbidden(say("only a seat of this table deals its next hand: send your seat with the table"))
        viewer = self.seat_player(table, seat)
        fair = HandSeed(table.next_seed, entropy or "") if table.next_seed is not None else HandSeed.fresh(entropy)
        digest = self.digest("next", token, seat, entropy or "")
        try:
            check_next_hand(table.game)
        except GameOver:
            self._stale_first(table, digest)
            raise
        humans = [p for p in table.game.players if p not in table.game.bots]
        if len(humans) > 1 and table.next_seed is not None:
            collected = self._contribute(table, token, viewer, entropy, humans, digest)
            if isinstance(collected, Dealt):
                return collected
            fair = HandSeed(table.next_seed, combined_entropy(collected), collected)
        pending = self._check(table, digest)  # before the deal and the bots: a 503 costs no search
        if table.next_seed is not None:
            self._claim_entropy(table, viewer if len(humans) > 1 else None, entropy)
        with _bots_timed("/v1/tables/next", table.game.bots):
            game = next_hand(table.game, bot_seed=table.id, deck=fair.deck(), policy=play_seat)
        after = _committed(replace(table, game=game, fair=fair, next_seed=None, waiting=()))
        if pending is not None:
            pending = replace(pending, new=game.seq)
        return Dealt(after, self.seal(after), game.events, viewer, pending)

    def _claim_entropy(self, table: Table, player: str | None, entropy: str | None) -> None:
        """With a table store, claim the committed next seed for the first entropy sent (at a
        table of several human seats, ``player``'s: one per seat). One commitment takes one
        entropy: were a second one dealt, whoever chose between the two deals (the service
        failing the first, say) would have chosen the deal. Raises :class:`EntropyTaken` when
        other entropy was claimed first, even if the replay guard's record of the table is gone."""
        if self.store is None or table.next_seed is None:
            return
        mine = b"=" + (entropy or "").encode()
        key = f"entropy:{table.id}:{commitment(table.next_seed)}" + ("" if player is None else f":{player}")
        held = self.store.claim(key, mine, self.sealer.ttl)
        if held is not None and held != mine:
            raise EntropyTaken(
                say(
                    "this hand's committed seed was already dealt with other entropy: one commitment takes one entropy, "
                    "so send the entropy you sent first (a retry) or play on from the latest table"
                )
                if player is None
                else say("you already sent other entropy for this deal: one commitment takes one entropy per seat")
            )

    def _contribute(
        self, table: Table, token: str, viewer: str, entropy: str | None, humans: list[str], digest: bytes
    ) -> Dealt | tuple[Contribution, ...]:
        """At a table of several human seats, ``viewer``'s entropy for the next deal (contract:
        no single party chooses a deal). Returns the :class:`Dealt` answer while the deal still
        waits for other seats (the table with this contribution kept, ``seq`` moved on so the
        replay guard keeps one latest token), or every seat's (player, entropy) in seat order
        once all have sent theirs. The same entropy again from a seat changes nothing; other
        entropy is :class:`EntropyTaken`."""
        if entropy is None:
            raise InvalidInput(
                [Problem(("entropy",), say("at a table of several players each player's seat sends its own entropy for the next deal"))]
            )
        got = dict(table.waiting)
        if viewer in got:
            self._stale_first(table, digest)  # an older token's answer is the latest token (409)
            if got[viewer] != entropy:
                raise EntropyTaken(say("you already sent other entropy for this deal: one commitment takes one entropy per seat"))
            return Dealt(table, token, (), viewer, None, tuple(p for p in humans if p not in got))
        got[viewer] = entropy
        if set(got) == set(humans):
            return tuple(Contribution(p, got[p]) for p in humans)
        pending = self._check(table, digest)
        self._claim_entropy(table, viewer, entropy)
        after = replace(table, game=replace(table.game, seq=table.game.seq + 1), waiting=(*table.waiting, (viewer, entropy)))
        if pending is not None:
            pending = replace(pending, new=after.game.seq)
        return Dealt(after, self.seal(after), (), viewer, pending, tuple(p for p in humans if p not in got))


@contextlib.contextmanager
def _bots_timed(endpoint: str, bots: Mapping[str, str]) -> Iterator[None]:
    """Time the game's step of a request at a table with computer opponents (the ``endpoint``'s):
    their decisions are nearly all of it (web/metrics.py ``rummy_bot_decision_seconds``)."""
    if not bots:
        yield
        return
    started = time.perf_counter()
    yield
    metrics.BOT_SECONDS.labels(endpoint).observe(time.perf_counter() - started)


def _committed(table: Table) -> Table:
    """``table`` with the next hand's seed drawn (32 bytes from ``secrets``) once its hand is
    over, so that every view of the finished hand commits to it before the players send the
    next hand's entropy (README, Provably fair)."""
    if table.fair is not None and table.next_seed is None and table.game.state.status != Status.PLAYING:
        return replace(table, next_seed=secrets.token_bytes(SEED_BYTES))
    return table
