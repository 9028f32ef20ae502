"""Sealing a table into an opaque token, and seat credentials (contract, Sealed tables).

A token is ``rt1.`` then unpadded base64url of ``key id (4 bytes) ‖ nonce (12) ‖ ciphertext``:
AES-256-GCM-SIV (``cryptography``) with the prefix and the key id as associated data, over
``format (1 byte, 2) ‖ expiry (8) ‖ hidden length (2) ‖ hidden ‖ zlib(JSON payload) ‖ zeros``.
The payload is what every seat may see (``tables.codec``): it alone is compressed, so its
compressed size is a function of public facts. The ``hidden`` bytes (the cards in the hands
and the stock, one byte each, and the table's secrets) are not compressed: their length is a
function of public facts too (how many cards each player holds, how many the stock holds). So
the token's length depends on public facts only (the players and their names, the rules, the
hands already scored, this hand's moves, melds and discard pile, card counts, the entropy),
never on the hidden cards (finding 7). The whole is then padded with zeros to a bucket of
128 + 256·k bytes (:data:`BUCKET_OFFSET`, :data:`BUCKET_BYTES`, zlib ignores what follows its
stream's end), which coarsens what the length says of those public facts to an onlooker. The
opening takes exactly that plaintext (one whole zlib stream of a JSON object, then those zeros
and nothing else); any other, though authentic, is refused as another version's.
Tokens sealed before (a zlib stream first, the expiry inside the JSON) are still opened.
A token has one spelling: canonical
base64url (no ``=``, no ``+/``, unused low bits zero); any other is refused. AES-GCM-SIV is authenticated encryption that stays safe even if
two tokens ever drew the same random nonce, so one key may seal any number of tables. Each
configured key (``RUMMY_SEAL_KEYS``) yields, through HKDF-SHA256, a sealing key, a seat key and
its 4-byte key id; the first key seals, every key opens (rotation: put the new key first, drop
the old one once its tables have expired).

A seat is HMAC-SHA256(the table's own secret, table id, player id), 16 bytes in base64url,
compared with ``hmac.compare_digest`` against every player of the table. The table's secret
(:data:`TABLE_SECRET_BYTES` random bytes, made at the deal) travels sealed inside the token,
so a seat stays valid whichever configured key sealed the latest token: seats outlive key
rotation. Tables sealed before the secret existed keep their seats under each key's seat key.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import logging
import os
import secrets
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCMSIV
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from limits import MAX_TOKEN_CHARS  # the token's length, declared once below the wire format and the sealer
from referee.speech import Sentence, say, say_n

log = logging.getLogger(__name__)

PREFIX = "rt1."
KEY_BYTES = 32
KID_BYTES = 4
NONCE_BYTES = 12
SEAT_BYTES = 16
DEFAULT_TTL = 7 * 24 * 3600  # seconds: a table lives 7 days after its last change
MAX_PAYLOAD_BYTES = 1024 * 1024  # decompressed; only reached by a token this service sealed
BUCKET_BYTES = 256  # the sealed plaintext is padded to BUCKET_OFFSET + a multiple of this
BUCKET_OFFSET = 128
FORMAT = 2  # the plaintext's first byte (a token sealed before this layout begins with zlib's 0x78)
HEAD_BYTES = 1 + 8 + 2  # format, expiry (seconds since the epoch), length of the hidden bytes
TABLE_SECRET_BYTES = 16


class BadTable(ValueError):
    """A ``table`` that is not a token this service sealed, was altered, or has expired; the
    message is a sentence for a person."""


class TooLarge(ValueError):
    """A table whose token would be longer than the service carries (``MAX_TOKEN_CHARS``): it is
    not sealed, and the request that grew it is refused (409); its last token stays the latest."""


def _b64decode(text: str) -> bytes:
    """Strict base64url, padded or not (raises ValueError on any other character)."""
    return base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)


def b64encode(raw: bytes) -> str:
    """Canonical base64url: the ``-_`` alphabet, no ``=`` padding."""
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def b64decode_canonical(text: str) -> bytes:
    """The bytes of ``text`` only when ``text`` is their canonical base64url (:func:`b64encode`):
    ``=`` padding, the ``+/`` alphabet, a length no encoding has, or unused low bits set in the
    last character raise ValueError, so each token has exactly one spelling."""
    if not text.isascii() or "=" in text:
        raise ValueError("not canonical base64url")
    raw = _b64decode(text)
    if b64encode(raw) != text:
        raise ValueError("not canonical base64url")
    return raw


def _derive(key: bytes, purpose: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"rummy-referee " + purpose).derive(key)


@dataclass(frozen=True, slots=True)
class _Key:
    kid: bytes
    aead: AESGCMSIV
    seat: bytes


def parse_keys(text: str) -> list[bytes]:
    """``RUMMY_SEAL_KEYS``: comma-separated 32-byte keys in base64url, padded or not. Raises
    ValueError naming the faulty key by position (never echoing it)."""
    keys = []
    for i, part in enumerate((p.strip() for p in text.split(",")), start=1):
        if not part:
            continue
        try:
            raw = _b64decode(part)
        except (binascii.Error, ValueError):
            raise ValueError(f"RUMMY_SEAL_KEYS: key {i} is not base64url") from None
        if len(raw) != KEY_BYTES:
            raise ValueError(f"RUMMY_SEAL_KEYS: key {i} is {len(raw)} bytes; each key must be {KEY_BYTES} random bytes")
        keys.append(raw)
    if not keys:
        raise ValueError("RUMMY_SEAL_KEYS is set but holds no key")
    return keys


def parse_ttl(text: str) -> int:
    """``RUMMY_TABLE_TTL``: a table's lifetime after its last change, in whole seconds (≥ 60)."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or int(text) < 60:
        raise ValueError(f"RUMMY_TABLE_TTL must be a whole number of seconds of at least 60, not {text!r}")
    return int(text)


class Sealer:
    """Seals and opens table payloads and makes and checks seats.

    ``keys``: 32-byte keys, the first sealing; ``ttl``: seconds a token stays valid after it
    was sealed; ``clock``: seconds since the epoch (tests).
    """

    def __init__(self, keys: Sequence[bytes], ttl: int = DEFAULT_TTL, clock: Callable[[], float] = time.time) -> None:
        if not keys:
            raise ValueError("at least one sealing key is needed")
        self._keys = [self._key(k) for k in keys]
        self._by_kid: dict[bytes, _Key] = {}
        for k in self._keys:
            self._by_kid.setdefault(k.kid, k)
        self.ttl = ttl
        self.clock = clock

    @staticmethod
    def _key(raw: bytes) -> _Key:
        kid = hashlib.sha256(b"rummy-referee key id " + _derive(raw, b"key id")).digest()[:KID_BYTES]
        return _Key(kid, AESGCMSIV(_derive(raw, b"table seal v1")), _derive(raw, b"seat v1"))

    @classmethod
    def from_environment(cls, env: Mapping[str, str] = os.environ) -> Sealer:
        """From ``RUMMY_SEAL_KEYS`` and ``RUMMY_TABLE_TTL``; without keys, one random key made now,
        with a warning (tables then die with the process and other instances cannot open them)."""
        ttl = parse_ttl(env["RUMMY_TABLE_TTL"]) if env.get("RUMMY_TABLE_TTL", "").strip() else DEFAULT_TTL
        text = env.get("RUMMY_SEAL_KEYS", "")
        if text.strip():
            return cls(parse_keys(text), ttl)
        log.warning(
            "RUMMY_SEAL_KEYS is not set: sealed tables use a random key made at start-up, "
            "so they die with this process and no other instance can open them"
        )
        return cls([secrets.token_bytes(KEY_BYTES)], ttl)

    # --- tokens -------------------------------------------------------------------------

    def seal(self, payload: dict[str, Any], hidden: bytes = b"") -> str:
        """The token of ``payload`` (a JSON-able dict, compressed) and ``hidden`` (bytes sealed
        as they are, not compressed: at most 65,535), valid for ``ttl`` seconds from now (the
        expiry is sealed beside them). The plaintext is padded with zeros to
        :data:`BUCKET_OFFSET` + a multiple of :data:`BUCKET_BYTES`, so the token's length
        follows from the compressed payload's length and ``len(hidden)`` alone. Raises
        :class:`TooLarge` rather than make a token longer than ``MAX_TOKEN_CHARS``."""
        key = self._keys[0]
        exp = int(self.clock()) + self.ttl
        body = bytes([FORMAT]) + exp.to_bytes(8, "big") + len(hidden).to_bytes(2, "big") + hidden
        body += zlib.compress(orjson.dumps(payload), 6)
        body += bytes(-(len(body) - BUCKET_OFFSET) % BUCKET_BYTES)
        nonce = os.urandom(NONCE_BYTES)
        head = key.kid + nonce
        ct = key.aead.encrypt(nonce, body, PREFIX.encode() + key.kid)
        token = PREFIX + b64encode(head + ct)
        if len(token) > MAX_TOKEN_CHARS:
            raise TooLarge(
                say(
                    "this table has grown too large to seal (its token would be {length} characters, more than the "
                    "{most} a request carries): nothing was played or dealt, and this table cannot go on; its last token "
                    "still shows the game and its scores: start a new table to play on",
                    length=len(token),
                    most=MAX_TOKEN_CHARS,
                ).reworded(  # English writes these numbers with a thousands comma
                    f"this table has grown too large to seal (its token would be {len(token):,} characters, more than the "
                    f"{MAX_TOKEN_CHARS:,} a request carries): nothing was played or dealt, and this table cannot go on; its last token "
                    "still shows the game and its scores: start a new table to play on"
                )
            )
        return token

    def open(self, token: object) -> tuple[dict[str, Any], bytes]:
        """The payload and the hidden bytes of a token this service sealed (:meth:`seal`; a
        token sealed before the hidden bytes existed gives ``b""``). Raises :class:`BadTable` with a sentence
        for a person when it is not one, was altered or cut, was sealed with a key this
        service no longer holds, or has expired."""
        if not isinstance(token, str) or not token.startswith(PREFIX) or len(token) > MAX_TOKEN_CHARS:
            raise BadTable(say("this is not a table of this service: use the table token the last answer gave"))
        text = token[len(PREFIX) :]
        try:
            raw = b64decode_canonical(text)
        except (binascii.Error, ValueError):
            raise BadTable(say("this table token is damaged (it is not the text the service gave): send it exactly as received")) from None
        if len(raw) < KID_BYTES + NONCE_BYTES + 16:
            raise BadTable(say("this table token is cut short: send it exactly as received"))
        kid, nonce, ct = raw[:KID_BYTES], raw[KID_BYTES : KID_BYTES + NONCE_BYTES], raw[KID_BYTES + NONCE_BYTES :]
        key = self._by_kid.get(kid)
        if key is None:
            raise BadTable(
                say(
                    "this table was sealed with a key this service does not hold (another service, or a key retired since): start a new table"
                )
            )
        try:
            body = key.aead.decrypt(nonce, ct, PREFIX.encode() + kid)
        except InvalidTag:
            raise BadTable(say("this table token has been altered or damaged: send it exactly as the service gave it")) from None
        # Authentic from here on: a plaintext other than the one seal() writes was sealed by a
        # service that wrote something else, and is refused whole (never read in part, never a 500).
        hidden, exp, start = b"", None, 0
        if body[:1] == bytes([FORMAT]):
            end = HEAD_BYTES + int.from_bytes(body[9:HEAD_BYTES], "big")
            if len(body) < end:
                raise _foreign()
            exp, hidden, start = int.from_bytes(body[1:9], "big"), body[HEAD_BYTES:end], end
        inflate = zlib.decompressobj()
        try:
            data = inflate.decompress(body[start:], MAX_PAYLOAD_BYTES)
        except zlib.error:
            raise _foreign() from None
        if inflate.unconsumed_tail:
            raise BadTable(say("this table is larger than this service opens"))
        pad = inflate.unused_data  # zeros only: exactly seal()'s padding in format 2, any run of them in format 1
        if (
            not inflate.eof
            or pad.count(0) != len(pad)
            or (exp is not None and len(pad) != -(len(body) - len(pad) - BUCKET_OFFSET) % BUCKET_BYTES)
        ):
            raise _foreign()
        try:
            payload = orjson.loads(data)
        except orjson.JSONDecodeError:
            raise _foreign() from None
        if not isinstance(payload, dict):
            raise _foreign()
        if exp is None:  # sealed before the expiry moved out of the payload
            exp = payload.get("exp", 0)
        if self.clock() >= exp:
            when = datetime.fromtimestamp(exp, UTC).strftime("%Y-%m-%d %H:%M UTC")
            raise BadTable(
                say(
                    "this table expired at {when} (a table lasts {lasting} after its last move): start a new one",
                    when=when,
                    lasting=_duration(self.ttl),
                )
            )
        return payload, hidden

    # --- seats --------------------------------------------------------------------------

    @staticmethod
    def table_secret() -> bytes:
        """A new table's own secret (from the operating system's CSPRNG): its seats are made
        from it, and it is sealed inside every token of the table."""
        return secrets.token_bytes(TABLE_SECRET_BYTES)

    def seat(self, table_id: str, player: str, secret: bytes | None = None) -> str:
        """The seat credential of ``player`` at table ``table_id``: from the table's ``secret``,
        or for a table made before tables had one, from the sealing key's seat key."""
        return _seat(secret if secret is not None else self._keys[0].seat, table_id, player)

    def seat_player(self, table_id: str, players: Sequence[str], seat: object, secret: bytes | None = None) -> str | None:
        """The player of ``players`` whose seat at ``table_id`` is ``seat`` (from the table's
        ``secret``; without one, under any configured key), or None. Every candidate is
        compared in constant time (``hmac.compare_digest``)."""
        if not isinstance(seat, str) or not seat.isascii():
            return None
        found = None
        given = seat.encode()
        for mac_key in [secret] if secret is not None else [k.seat for k in self._keys]:
            for player in players:
                if hmac.compare_digest(_seat(mac_key, table_id, player).encode(), given):
                    found = player
        return found

    # --- answers kept by the replay guard -------------------------------------------------

    def seal_blob(self, table_id: str, data: bytes) -> bytes:
        """``data`` compressed and encrypted under the sealing key, bound to ``table_id``: what
        the replay guard keeps in Redis (an answer holds a seat's cards), readable by no one
        without the keys. ``kid ‖ nonce ‖ ciphertext``."""
        key = self._keys[0]
        nonce = os.urandom(NONCE_BYTES)
        return key.kid + nonce + key.aead.encrypt(nonce, zlib.compress(data, 6), b"rummy answer\x00" + table_id.encode())

    def open_blob(self, table_id: str, blob: bytes) -> bytes | None:
        """What :meth:`seal_blob` sealed for ``table_id``, or None (a key retired since, or not
        a blob of this table)."""
        key = self._by_kid.get(blob[:KID_BYTES])
        if key is None:
            return None
        try:
            plain = key.aead.decrypt(
                blob[KID_BYTES : KID_BYTES + NONCE_BYTES], blob[KID_BYTES + NONCE_BYTES :], b"rummy answer\x00" + table_id.encode()
            )
        except InvalidTag:
            return None
        return zlib.decompress(plain)


def _foreign() -> BadTable:
    """The refusal of an authentic token whose plaintext this version does not write."""
    return BadTable(say("this table was sealed by another version of the service and cannot be opened here: start a new table"))


def _seat(mac_key: bytes, table_id: str, player: str) -> str:
    mac = hmac.digest(mac_key, b"seat\x00" + table_id.encode() + b"\x00" + player.encode(), "sha256")
    return b64encode(mac[:SEAT_BYTES])


def _duration(seconds: int) -> Sentence:
    if seconds % 86400 == 0:
        return say_n("{count} day", "{count} days", seconds // 86400)
    if seconds % 3600 == 0:
        return say_n("{count} hour", "{count} hours", seconds // 3600)
    if seconds % 60 == 0:
        return say_n("{count} minute", "{count} minutes", seconds // 60)
    return say_n("{count} second", "{count} seconds", seconds)
