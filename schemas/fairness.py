"""Provably fair deals (contract, Provably fair deals): a view's ``fairness``, the revealed
``result.fairness``, and ``POST /v1/verify``. The core is ``referee.fairness``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from referee.fairness import MAX_ENTROPY, SEED_BYTES, Contribution, Expect, FairCode, Record, Revealed, entropy_fault
from referee.speech import Sentence, say

from .api import ReasonSchema
from .base import AnswerSchema
from .compiled import CompiledSchema
from .doc import Answer, CardCode, HexBytes, OneOf
from .fields import PLAYER_COUNT, BoundedList, Card, CardList, Count, PlayerEntries, PlayerName
from .rules import ResolvedRulesSchema, RulesField, RulesSchema
from .state import EVENT_OPTIONAL, EVENT_SHAPES, PlayedMoveOutSchema, PlayedMoveSchema

HEX = f"^[0-9a-fA-F]{{{2 * SEED_BYTES}}}$"
COMMITMENT_HEX = say("the commitment is {count} hexadecimal digits", count=2 * SEED_BYTES)
# A hand's moves: more than the rules let a hand have. Every meld or lay-off takes a card off a
# hand for good (at most 52 of them), and between two of them R18a ends the hand after 25 turns
# a player: with 6 players at most 53 x 150 turns of two moves, and the 52 melds: 15,952.
MAX_RECORD_MOVES = 16_000
COMMITMENT_DOC = "SHA-256 of the hand's secret seed, hex: the same in every view from the deal to the end of the hand."
ENTROPY_DOC = (
    "The players' randomness the deck depends on, as sent to POST /v1/tables or /v1/tables/next; "
    '"" when none was sent (the deck then depends on the seed alone).'
)


ENTROPY_PATTERN = "^[!-~]([ -~]*[!-~])?$"  # printable ASCII, no space at either end (referee.fairness.entropy_fault)


def _entropy(value: str) -> None:
    fault = entropy_fault(value)
    if fault is not None:
        raise ValidationError(fault)


def entropy_field(**kw: Any) -> fields.String:
    """A request's optional ``entropy``: 1 to 128 characters of printable ASCII, no space at
    either end (:func:`referee.fairness.entropy_fault`), so nothing can hide in it."""
    return fields.String(
        load_default=None,
        validate=_entropy,
        metadata={
            "description": "Randomness of the players' own (for example drawn by each player's device and joined), "
            "1 to 128 characters of printable ASCII (U+0020 to U+007E, no space at either end, so nothing can hide in it): "
            "the deck order depends on it, so the service cannot choose the deal alone. A client keeps the entropy it sent "
            "for a commitment and sends the same again when it retries (README, Provably fair).",
            "example": "f3a9c2e1-ana+7b0d44-ben",
            "pattern": ENTROPY_PATTERN,
            "minLength": 1,
            "maxLength": MAX_ENTROPY,
            **kw.pop("metadata", {}),
        },
        **kw,
    )


def pledge_field() -> fields.String:
    """``POST /v1/tables``'s optional ``pledge``: a token of ``POST /v1/tables/pledge``."""
    return fields.String(
        load_default=None,
        validate=Count(1, 256, sentence=lambda low, high, n: say("send the pledge exactly as POST /v1/tables/pledge gave it")),
        metadata={
            "description": "A pledge from POST /v1/tables/pledge: hand 1 is dealt from the seed it committed to (its commitment is "
            "this hand's fairness.commitment) and your entropy, which must be sent with it. A pledge deals one table only "
            "(used again for another table: 409; the same request sent again: the same table) and expires 10 minutes after "
            "it was made."
        },
    )


class PledgeRequest(Schema):
    """``POST /v1/tables/pledge`` takes an empty object (nothing to compile: a plain Schema)."""


class PledgeResponse(AnswerSchema):
    pledge = fields.String(required=True, metadata={"description": "Send it as pledge with POST /v1/tables, with your entropy."})
    commitment = fields.String(
        required=True,
        metadata={
            "description": "SHA-256 of the seed hand 1 will be dealt from, hex: note it before you draw your entropy; the table's "
            "first fairness.commitment must be this.",
            "pattern": "^[0-9a-f]{64}$",
        },
    )
    expires_at = fields.String(
        required=True,
        metadata={
            "description": "When the pledge stops dealing: RFC 3339, UTC (10 minutes after it was made).",
            "format": "date-time",
            "example": "2026-12-02T01:23:45Z",
        },
    )


def _utf8(value: str) -> None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValidationError(say("entropy must be text that can be written in UTF-8 (it holds a lone surrogate)")) from None


class _Hex(validate.Regexp):
    """:data:`HEX`, refused in the field's own sentence ("the seed is 64 hexadecimal digits")."""

    def __init__(self, refusal: Sentence) -> None:
        super().__init__(HEX)
        self.refusal = refusal

    def _format_error(self, value: str | bytes) -> str:
        return self.refusal


def _hex(what: Sentence, description: str, **kw: Any) -> fields.String:
    return fields.String(
        validate=_Hex(what),
        metadata={"description": description, "pattern": HEX, "minLength": 2 * SEED_BYTES, "maxLength": 2 * SEED_BYTES},
        **kw,
    )


# --- what every view shows ----------------------------------------------------------------


class ContributionSchema(Answer):
    """One seat's entropy for a hand dealt from several."""

    player = fields.String()
    entropy = fields.String()


class FairnessSchema(Answer):
    """A hand's commitment, shown from the deal on (contract, Provably fair deals)."""

    commitment = fields.String(metadata={"description": COMMITMENT_DOC, "pattern": "^[0-9a-f]{64}$"})
    entropy = fields.String(metadata={"description": ENTROPY_DOC})
    next_commitment = fields.String(
        allow_none=True,
        metadata={
            "description": "Once the hand is over: SHA-256 of the next hand's seed, drawn now, before the players send the next "
            "hand's entropy to POST /v1/tables/next (that hand's commitment will be this). Null while the hand is played."
        },
    )
    contributions = fields.List(
        fields.Nested(ContributionSchema),
        metadata={
            "description": "At a table of several human seats: each seat's entropy for this hand, in seat order; entropy is "
            "their combination (version 2 of the algorithm). Empty when one party sent the entropy."
        },
    )
    waiting_for = fields.List(
        fields.String(),
        allow_none=True,
        metadata={
            "description": "Once the hand is over, at a table of several human seats: the players whose seats have not yet sent "
            "their entropy for the next deal (the deal waits for every one). Null at a table of one human seat or while the hand is played."
        },
    )


# --- the record, as /v1/verify reads it ---------------------------------------------------


class RecordMoveSchema(PlayedMoveSchema):
    """One move of a hand's record: a draw with its ``source`` and the ``card`` drawn (from the
    stock too; left out only for a draw that ended the hand, R18); a meld or lay-off with its
    ``cards`` and ``meld`` id; a discard with its ``card``."""

    one_of = OneOf(
        "action",
        EVENT_SHAPES,
        optional=EVENT_OPTIONAL,
        names={"draw": "RecordDraw", "meld": "RecordMeld", "lay_off": "RecordLayOff", "discard": "RecordDiscard"},
    )


class RecordSchema(CompiledSchema):
    """The hand as it was played: players in seat order, dealer, rules, the hands dealt and the
    card turned up, and every move in order."""

    players = BoundedList(PlayerName(), required=True, validate=PLAYER_COUNT, metadata={"description": "In seat order (R3)."})
    dealer = PlayerName(required=True)
    rules = RulesField(metadata={"description": "The rules the hand was played under (R21)."})
    dealt = PlayerEntries(
        keys=PlayerName(),
        values=CardList(max_length=10, min_length=1),
        required=True,
        validate=validate.Length(min=2, max=6),
        metadata={"description": "Each player's cards as dealt (R2)."},
    )
    up_card = Card(required=True, metadata={"description": "The card turned up to start the discard pile (R2)."})
    moves = BoundedList(
        fields.Nested(RecordMoveSchema),
        required=True,
        validate=validate.Length(max=MAX_RECORD_MOVES),
        metadata={"description": "Every move of the hand, in order, the cards drawn included."},
    )

    def make(self, d: dict[str, Any]) -> Any:
        return Record(tuple(d["players"]), d["dealer"], d["rules"], dict(d["dealt"]), d["up_card"], tuple(d["moves"]))


class ContributionInSchema(CompiledSchema):
    player = PlayerName(required=True)
    entropy = fields.String(
        required=True,
        validate=Count(max=MAX_ENTROPY, sentence=lambda low, high, n: say("entropy must be at most {max} characters", max=high or 0)),
    )


class RevealedSchema(CompiledSchema):
    """A finished hand's ``result.fairness``, as /v1/verify reads it."""

    commitment = _hex(COMMITMENT_HEX, COMMITMENT_DOC, required=True)
    entropy = fields.String(
        required=True,
        validate=[
            Count(max=MAX_ENTROPY, sentence=lambda low, high, n: say("entropy must be at most {max} characters of text", max=high or 0)),
            _utf8,
        ],
        metadata={"description": ENTROPY_DOC},
    )
    seed = _hex(
        say("the seed is {count} hexadecimal digits", count=2 * SEED_BYTES),
        "The hand's secret seed (32 bytes, hex), revealed once the hand is over.",
        required=True,
    )
    deck = CardList(
        required=True,
        validate=Count(52, 52, sentence=lambda low, high, n: say("the deck is all 52 cards, top card first")),
        metadata={"description": "The deck as dealt, top card first."},
    )
    record = fields.Nested(RecordSchema, required=True)

    contributions = fields.List(
        fields.Nested(ContributionInSchema),
        load_default=list,
        validate=validate.Length(max=6),
        metadata={"description": "Each seat's entropy in seat order, for a hand dealt from several (entropy is their combination)."},
    )

    def make(self, d: dict[str, Any]) -> Any:
        contributions = tuple(Contribution(c["player"], c["entropy"]) for c in d["contributions"])
        return Revealed(d["commitment"], d["entropy"], bytes.fromhex(d["seed"]), tuple(d["deck"]), d["record"], contributions)


# --- the same as answers give them -------------------------------------------------------


class RecordMoveOutSchema(PlayedMoveOutSchema):
    """One move of a hand's record: a draw with the ``card`` drawn (from the stock too; none
    only for a draw that ended the hand, R18); a meld or lay-off with its ``cards`` and
    ``meld`` id; a discard with its ``card``."""

    one_of = OneOf(
        "action",
        EVENT_SHAPES,
        optional={"draw": ("card",)},
        names={"draw": "RecordDrawOut", "meld": "RecordMeldOut", "lay_off": "RecordLayOffOut", "discard": "RecordDiscardOut"},
    )


class RecordOutSchema(Answer):
    """The hand as it was played (see ``RecordSchema``)."""

    players = fields.List(fields.String(), metadata={"description": "In seat order (R3)."})
    dealer = fields.String()
    rules = fields.Nested(ResolvedRulesSchema)
    dealt = fields.Dict(keys=fields.String(), values=fields.List(CardCode()), metadata={"description": "Each player's cards as dealt."})
    up_card = CardCode(metadata={"description": "The card turned up to start the discard pile (R2)."})
    moves = fields.List(fields.Nested(RecordMoveOutSchema), metadata={"description": "Every move, in order, the cards drawn included."})


class RevealedOutSchema(Answer):
    """Revealed once the hand is over: everything needed to check the deal without trusting the
    service (POST /v1/verify, or README, Provably fair)."""

    commitment = fields.String(metadata={"description": COMMITMENT_DOC, "pattern": "^[0-9a-f]{64}$"})
    entropy = fields.String(metadata={"description": ENTROPY_DOC})
    seed = HexBytes(metadata={"description": "The hand's secret seed, 32 bytes in hex; SHA-256 of these bytes is the commitment."})
    deck = fields.List(CardCode(), metadata={"description": "The deck as dealt, top card first."})
    contributions = fields.List(
        fields.Nested(ContributionSchema),
        metadata={
            "description": "For a hand dealt from several seats' entropy: each seat's, in seat order (entropy is their combination)."
        },
    )
    record = fields.Nested(
        RecordOutSchema,
        allow_none=True,
        metadata={
            "description": "The hand as it was played, every move (null only for a hand of a table sealed by an earlier version, which kept a hand's last 1000 moves)."
        },
    )


# --- /v1/verify ----------------------------------------------------------------------------


class ExpectedHandSchema(CompiledSchema):
    """The cards one player was dealt, as their own device saw them (any order)."""

    player = PlayerName(required=True, metadata={"description": "The player whose cards these are (the checking player)."})
    cards = CardList(
        required=True, max_length=10, min_length=6, metadata={"description": "The cards dealt to that player (R2), any order."}
    )


class ExpectSchema(CompiledSchema):
    """What the player knows from their own side; each given one is compared with the hand
    revealed (contract, Provably fair deals)."""

    entropy = fields.String(
        load_default=None,
        validate=Count(1, MAX_ENTROPY, sentence=lambda low, high, n: say("entropy must be 1 to {max} characters", max=high or 0)),
        metadata={"description": "The entropy your device sent for this hand (to POST /v1/tables or /v1/tables/next)."},
    )
    commitment = _hex(
        COMMITMENT_HEX,
        "The commitment you were shown before you sent your entropy: the last hand's next_commitment, or the pledge's for hand 1.",
        load_default=None,
    )
    dealer = PlayerName(load_default=None, metadata={"description": "Who dealt this hand (R3, R19), as your table showed it."})
    rules = fields.Nested(RulesSchema, load_default=None, metadata={"description": "The rules you agreed to play (R21)."})
    hand = fields.Nested(ExpectedHandSchema, load_default=None, metadata={"description": "The cards you were dealt."})

    def make(self, d: dict[str, Any]) -> Any:
        hand = d["hand"]
        return Expect(
            d["entropy"], d["commitment"], d["dealer"], d["rules"], None if hand is None else (hand["player"], tuple(hand["cards"]))
        )


class VerifyRequest(CompiledSchema):
    fairness = fields.Nested(RevealedSchema, required=True, metadata={"description": "A finished hand's result.fairness, as received."})
    rules = fields.Nested(
        RulesSchema,
        load_default=None,
        allow_none=True,
        metadata={"description": "The rules you agreed to play: the record's rules must be these. Left out: not checked."},
    )
    expect = fields.Nested(
        ExpectSchema,
        load_default=None,
        metadata={
            "description": "What you know from your own side (all optional): each one given that differs from the hand revealed "
            "is a reason, expect_mismatch. A check proves nothing about what it did not compare with what you know."
        },
    )


class CheckedSchema(Answer):
    """What a verified hand held: moves, stock draws, restocks and how it ended (zeros and a
    null outcome when it is not verified)."""

    moves = fields.Integer(metadata={"description": "Moves replayed through the referee."})
    stock_draws = fields.Integer(metadata={"description": "Cards drawn from the stock, each checked against the deck."})
    restocks = fields.Integer(metadata={"description": "Times the discard pile was turned over as the new stock (R17)."})
    outcome = fields.String(allow_none=True, metadata={"description": "How the hand ended: out or draw; null when not verified."})
    expected = fields.List(
        fields.String(),
        metadata={
            "description": "The expectations given and matched (entropy, commitment, dealer, rules, hand); empty when none or not verified."
        },
    )


class VerifyReasonSchema(ReasonSchema):
    """A reason the hand is not verified."""

    expect = fields.String(
        allow_none=True,
        metadata={"description": "For expect_mismatch: which expectation differs (entropy, commitment, dealer, rules, hand); else null."},
    )


class VerifyResponse(AnswerSchema):
    verified = fields.Boolean(required=True, metadata={"description": "Everything holds: the deal was fair and every move legal."})
    reasons = fields.List(
        fields.Nested(VerifyReasonSchema),
        required=True,
        metadata={
            "description": f"The first thing that does not hold (codes: {', '.join(c.value for c in FairCode)}); empty when verified."
        },
    )
    summary = fields.String(required=True, metadata={"description": "One sentence for a person: what was checked, or what does not hold."})
    checked = fields.Nested(CheckedSchema, required=True)


# A real finished hand (ana and ben, two medium computer opponents, 18 moves): /docs shows it and
# tests/test_fairness_hands.py checks that it verifies.
EXAMPLE = json.loads((Path(__file__).with_name("verify_example.json")).read_text(encoding="utf-8"))
EXAMPLES = {"hand": {"summary": "A finished hand's result.fairness, as the last view gave it", "value": {"fairness": EXAMPLE}}}
