"""The Rummy Referee's HTTP API for Python (httpx), and :class:`TableSession`, the sealed-table loop
done once: keep the latest token, send an unanswered request again unchanged, catch up from a 409
(its body carries the latest table and the seat's view), and keep and check what the seat saw of
every deal (provably fair).

Answers are the service's JSON as dicts, shaped as ``openapi.yaml`` (served at ``/openapi.yaml``)
declares them; a refusal is a :class:`RefereeError` carrying the problem document (RFC 9457)."""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, cast

import httpx

__all__ = [
    "API_VERSION",
    "Client",
    "DealCheck",
    "HandExpectation",
    "MoveOutcome",
    "PreparedDeal",
    "RefereeError",
    "TableSession",
    "TableUnreadable",
    "Unanswered",
]

#: The version of the API this client is made for: openapi.yaml's ``info.version``.
API_VERSION = "1.0.0"

Json = dict[str, Any]
RETRY_STATUSES = frozenset({502, 503, 504})


class RefereeError(Exception):
    """A refusal of the service: ``status`` and its ``problem`` document (``detail`` says why)."""

    def __init__(self, status: int, problem: Json | None, message: str | None = None) -> None:
        super().__init__(message or (problem or {}).get("detail") or f"the Rummy Referee answered {status}")
        self.status = status
        self.problem = problem


class TableUnreadable(RefereeError):
    """The table token could not be opened (422 at ``/table``): the service lost the key that
    sealed it, or the table expired. The session keeps the token: try again later (a service
    given its key back opens it), and let the player discard the game."""


class Unanswered(Exception):
    """No answer came (the network, a 502/503/504), even after the retries: nothing is known to
    have changed, and sending the same request again is always safe."""


class Client:
    """The service at ``base_url``: ``post(path, body)`` answers the JSON of a 2xx or raises
    :class:`RefereeError`; a request that got no answer (a transport error, a proxy's
    502/503/504) is sent again unchanged up to ``retries`` times, waiting ``retry_delay``
    seconds doubled each time (a 503's ``Retry-After`` first): the contract answers the same
    request the same way, so a retry never plays a move twice. ``transport``: httpx's (tests)."""

    def __init__(
        self,
        base_url: str,
        *,
        retries: int = 3,
        retry_delay: float = 0.25,
        timeout: float = 30.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.retries = retries
        self.retry_delay = retry_delay
        self.http = httpx.Client(base_url=base_url, timeout=timeout, transport=transport)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, method: str, path: str, body: Json | None = None) -> httpx.Response:
        """The answer to one request (any status), after the retries; :class:`Unanswered` if none came."""
        last = "no answer"
        for attempt in range(self.retries + 1):
            if attempt:
                time.sleep(self.retry_delay * 2 ** (attempt - 1))
            try:
                response = self.http.request(method, path, json=body)
            except httpx.TransportError as e:
                last = f"no answer from the Rummy Referee: {e!r}"
                continue
            if response.status_code not in RETRY_STATUSES or attempt == self.retries:
                if response.status_code in RETRY_STATUSES:
                    raise Unanswered(f"the Rummy Referee answered {response.status_code}")
                return response
            last = f"the Rummy Referee answered {response.status_code}"
            after = response.headers.get("Retry-After", "")
            if after.isdigit():
                time.sleep(min(int(after), 10))
        raise Unanswered(last)

    def post(self, path: str, body: Json) -> Json:
        """``POST path`` with the JSON ``body``: the answer's JSON, or :class:`RefereeError`."""
        return _ok(self.send("POST", path, body))

    def get(self, path: str) -> Json:
        return _ok(self.send("GET", path))


def _problem(response: httpx.Response) -> Json | None:
    try:
        body = response.json()
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


def _ok(response: httpx.Response) -> Json:
    if response.is_success:
        return cast(Json, response.json())
    problem = _problem(response)
    if response.status_code == 422 and any(e.get("pointer") == "/table" for e in (problem or {}).get("errors", [])):
        raise TableUnreadable(422, problem)
    raise RefereeError(response.status_code, problem)


def sent_entropy(fairness: Json, player: str) -> str | None:
    """The entropy ``player``'s seat sent for a hand, as a view's or a reveal's ``fairness``
    shows it: at a table of several human seats each seat's is in ``contributions`` (``entropy``
    is then their combination); otherwise ``entropy`` itself."""
    sent = {c["player"]: c["entropy"] for c in fairness.get("contributions") or []}
    return sent.get(player) if sent else fairness.get("entropy")


def new_entropy() -> str:
    """The player's share of a deal's shuffle (contract, provably fair deals): 16 random bytes in hex."""
    return secrets.token_hex(16)


@dataclass
class HandExpectation:
    """What this seat saw of one hand's deal, to hold the revealed hand to."""

    hand: int
    commitment: str  # shown by the hand's first view
    entropy: str | None  # the entropy this session sent; None when the deal came from another request
    promised: str | None  # shown before the entropy was sent: the last hand's next_commitment, or the pledge's
    dealt: list[str] | None  # the seat's cards as dealt; None when first seen after its own move
    problems: list[str] = field(default_factory=list)  # sentences for what did not hold so far
    dealer: str | None = None  # the dealer the hand's first view showed (R3, R19)
    rules: Json | None = None  # the rules this session asked for (R21); None when it joined a table


@dataclass
class PreparedDeal:
    """A seed committed to before this session draws its entropy, to deal hand 1 from (contract:
    hand 1 pledged), and that entropy. Keep it until the table is made: a retry of
    :meth:`TableSession.create` with the same one is the same request (the same table).
    ``pledge`` is None when the service makes none (409: no table store); ``unpledged`` says why."""

    pledge: str | None
    commitment: str | None
    entropy: str
    unpledged: str | None = None


@dataclass
class DealCheck:
    """Whether a finished hand's deal was fair: the service's replay (``answer``, POST /v1/verify)
    and what the seat itself checked (``checked``: commitment, entropy, dealt, promised; None
    for what it did not see)."""

    hand: int
    verified: bool
    summary: str
    problems: list[str]
    checked: dict[str, bool | None]
    answer: Json
    expect: Json = field(default_factory=dict)  # what was sent as POST /v1/verify's expect


@dataclass
class MoveOutcome:
    """``kind``: ``played``, ``refused`` (nothing changed; ``answer`` says why) or ``caught_up``
    (the token was not the latest: the session now holds the latest table and view, and the move
    was not played: look at the view and decide again)."""

    kind: str
    answer: Json | None
    view: Json


class TableSession:
    """One seat at a sealed table. ``table`` is always the latest token known, ``view`` the seat's
    latest view, ``expectations`` each hand's :class:`HandExpectation` by hand number."""

    def __init__(self, client: Client, table: str, seat: str, player: str) -> None:
        self.client = client
        self.table = table
        self.seat = seat
        self.player = player
        self.view: Json | None = None
        self.expectations: dict[int, HandExpectation] = {}
        self.rules: Json | None = None  # the rules this session asked for, held to every hand's record
        self._next_entropy: tuple[str, str] | None = None  # (promised commitment or token, entropy): a retry deals with the same

    # --- opening ------------------------------------------------------------------------------

    @staticmethod
    def prepare(client: Client) -> PreparedDeal:
        """Asks the service to pledge hand 1's seed (POST /v1/tables/pledge), then draws this
        session's entropy, so the deck is committed before the entropy exists. A service without a
        table store makes no pledge (409): the deal is prepared without one."""
        response = client.send("POST", "/v1/tables/pledge", {})
        if response.status_code == 409:
            why = (_problem(response) or {}).get("detail") or "the service makes no pledges"
            return PreparedDeal(None, None, new_entropy(), str(why))
        pledged = _ok(response)
        return PreparedDeal(pledged["pledge"], pledged["commitment"], new_entropy())

    @classmethod
    def create(
        cls,
        client: Client,
        players: Sequence[str],
        player: str,
        *,
        bots: Mapping[str, str] | None = None,
        rules: Json | None = None,
        dealer: str | None = None,
        prepared: PreparedDeal | None = None,
    ) -> tuple[TableSession, dict[str, str]]:
        """A new table with this session seated as ``player``, hand 1 dealt from a pledged seed
        (:meth:`prepare`; pass the same ``prepared`` again to retry) with its entropy. Answers
        the session and every human seat (give each other player only theirs)."""
        deal = prepared or cls.prepare(client)
        body: Json = {"players": list(players), "seat": player, "entropy": deal.entropy}
        body.update({k: v for k, v in (("bots", dict(bots or {})), ("rules", rules), ("dealer", dealer), ("pledge", deal.pledge)) if v})
        made = client.post("/v1/tables", body)
        session = cls(client, made["table"], made["seats"][player], player)
        session.rules = dict(rules) if rules else None
        session._arrive(made["table"], made["view"], dealt_by=(deal.entropy, deal.commitment))
        return session, made["seats"]

    @classmethod
    def join(cls, client: Client, table: str, seat: str, player: str) -> TableSession:
        """A session for a seat already held (e.g. a second player's device)."""
        session = cls(client, table, seat, player)
        session.refresh()
        return session

    def save(self) -> Json:
        """What to keep between runs (JSON); :meth:`restore` takes it back."""
        return {
            "table": self.table,
            "seat": self.seat,
            "player": self.player,
            "expectations": [asdict(e) for e in self.expectations.values()],
            "next_entropy": list(self._next_entropy) if self._next_entropy else None,
            "rules": self.rules,
        }

    @classmethod
    def restore(cls, client: Client, saved: Mapping[str, Any]) -> TableSession:
        session = cls(client, saved["table"], saved["seat"], saved["player"])
        for e in saved.get("expectations", []):
            session.expectations[e["hand"]] = HandExpectation(**e)
        kept = saved.get("next_entropy")
        session._next_entropy = (kept[0], kept[1]) if kept else None
        session.rules = saved.get("rules")
        return session

    # --- playing ------------------------------------------------------------------------------

    @property
    def my_turn(self) -> bool:
        v = self.view
        return v is not None and v["status"] == "playing" and v["turn"]["player"] == self.player

    def refresh(self) -> Json:
        """The seat's view of the latest table."""
        view: Json = self.client.post("/v1/tables/view", {"table": self.table, "seat": self.seat})["view"]
        self._arrive(self.table, view, dealt_by=None)
        return view

    def move(self, move: Json | Sequence[Json]) -> MoveOutcome:
        """Play one move (a dict as the API takes it; ``player`` may be left out) or several in order."""
        body: Json = {"table": self.table, "seat": self.seat}
        body.update({"moves": list(move)} if not isinstance(move, Mapping) else {"move": dict(move)})
        response = self.client.send("POST", "/v1/tables/move", body)
        caught = self._catch_up(response)
        if caught is not None:
            return MoveOutcome("caught_up", None, caught)
        answer = _ok(response)
        self._arrive(answer["table"], answer["view"], dealt_by=None)
        return MoveOutcome("played" if answer["legal"] else "refused", answer, answer["view"])

    def next_hand(self) -> Json:
        """Deal the game's next hand with this session's entropy (the same entropy again when the
        same token is dealt from again, so a retry is the same request). Answers the new view."""
        promised = ((self.view or {}).get("fairness") or {}).get("next_commitment")
        # kept for the promised commitment (else the token): a retry, or this seat's request again
        # once another seat's entropy has moved the table on, sends the same entropy
        key = promised or self.table
        if self._next_entropy is None or self._next_entropy[0] != key:
            self._next_entropy = (key, new_entropy())
        entropy = self._next_entropy[1]
        response = self.client.send("POST", "/v1/tables/next", {"table": self.table, "seat": self.seat, "entropy": entropy})
        caught = self._catch_up(response)
        if caught is not None:
            return caught
        answer = _ok(response)
        view: Json = answer["view"]
        self._arrive(answer["table"], view, dealt_by=(entropy, promised))
        return view

    def suggest(self, level: str = "hard") -> Json:
        """``{"move", "summary"}``: what the computer opponent of ``level`` would play from this seat."""
        return self.client.post("/v1/tables/suggest", {"table": self.table, "seat": self.seat, "level": level})

    def until_my_turn(self, every: float = 1.0, max_asks: int = 600) -> Json:
        """The view once the seat is to move or the hand is over, asked again every ``every``
        seconds while other people play (computer opponents are played by the service at once)."""
        view = self.view if self.view is not None else self.refresh()
        for _ in range(max_asks):
            if view["status"] != "playing" or self.my_turn:
                break
            time.sleep(every)
            view = self.refresh()
        return view

    # --- the deal's fairness --------------------------------------------------------------------

    def expect_for(self, hand: int) -> Json:
        """Every expectation this seat knows of ``hand``, as POST /v1/verify's ``expect``: the
        entropy it sent, the commitment shown before it sent it (the first one seen when none
        was), the dealer and the cards it was dealt as its first view showed them, the rules it
        asked for. What it does not know is left out (and so not checked)."""
        e = self.expectations.get(hand)
        if e is None:
            return {}
        expect: Json = {"commitment": e.promised or e.commitment}
        if e.entropy is not None:
            expect["entropy"] = e.entropy
        if e.dealer:
            expect["dealer"] = e.dealer
        if e.rules:
            expect["rules"] = e.rules
        if e.dealt is not None:
            expect["hand"] = {"player": self.player, "cards": list(e.dealt)}
        return expect

    def check_deal(self) -> DealCheck:
        """The finished hand in view, checked: the service replays it (POST /v1/verify) and
        compares it with every expectation this seat knows (:meth:`expect_for`), and the session
        holds it to what else it saw (a commitment changed during the hand, the commitment
        promised before its entropy was sent). What the seat did not see (a hand first seen after
        a failed request) is not checked, never held against the service."""
        view = self.view
        revealed = ((view or {}).get("result") or {}).get("fairness")
        if view is None or revealed is None:
            raise ValueError("the hand is not over: its deal is revealed when it ends")
        expect = self.expect_for(view["hand"])
        answer = self.client.post("/v1/verify", {"fairness": revealed, "expect": expect})
        e = self.expectations.get(view["hand"])
        problems = list(e.problems) if e else []
        checked: dict[str, bool | None] = {"commitment": False, "entropy": None, "dealt": None, "promised": None}
        if e is not None:
            checked["commitment"] = e.commitment == revealed["commitment"]
            if not checked["commitment"]:
                problems.append(f"the hand was dealt under commitment {e.commitment}, but the reveal shows {revealed['commitment']}")
            if e.entropy is not None:
                checked["entropy"] = sent_entropy(revealed, self.player) == e.entropy
                if not checked["entropy"]:
                    problems.append("the entropy in the reveal is not the one your device sent")
            dealt = ((revealed.get("record") or {}).get("dealt") or {}).get(self.player)
            if e.dealt is not None and dealt is not None:
                checked["dealt"] = sorted(dealt) == sorted(e.dealt)
                if not checked["dealt"]:
                    problems.append("the record's deal to you is not the hand you were dealt")
            if e.promised is not None:
                checked["promised"] = e.promised == e.commitment
                if not checked["promised"]:
                    problems.append("this hand's commitment is not the one promised before your entropy was sent")
        verified = bool(answer["verified"]) and not problems
        return DealCheck(view["hand"], verified, "; ".join([answer["summary"], *problems]), problems, checked, answer, expect)

    # --- keeping up -----------------------------------------------------------------------------

    def _catch_up(self, response: httpx.Response) -> Json | None:
        """From a 409 on an old token: the latest table and this seat's view of it (asked for
        when the 409 did not carry it); None for any other answer."""
        if response.status_code != 409:
            return None
        problem = _problem(response) or {}
        if not isinstance(problem.get("table"), str):
            return None
        self.table = problem["table"]
        view = problem.get("view")
        if isinstance(view, dict):
            self._arrive(problem["table"], view, dealt_by=None)
            return view
        return self.refresh()

    def _arrive(self, table: str, view: Json, dealt_by: tuple[str, str | None] | None) -> None:
        """Keep the latest ``table`` and ``view``, holding the view to its hand's expectation (a
        new hand starts one; ``dealt_by``: this session's own deal, its entropy and the promise)."""
        self.table, self.view = table, view
        fairness = view.get("fairness")
        if not fairness:
            return
        mine = next((p.get("hand") for p in view["players"] if p["id"] == self.player), None)
        e = self.expectations.get(view["hand"])
        if e is None and dealt_by is None and self._next_entropy is not None and self._next_entropy[0] == fairness["commitment"]:
            dealt_by = (self._next_entropy[1], fairness["commitment"])  # dealt by another seat's request, with ours in it
        if e is None:
            untouched = dealt_by is not None and mine is not None and not any(ev["player"] == self.player for ev in view["events"])
            e = HandExpectation(
                hand=view["hand"],
                commitment=fairness["commitment"],
                entropy=dealt_by[0] if dealt_by else None,
                promised=dealt_by[1] if dealt_by else None,
                dealt=list(mine) if untouched and mine is not None else None,
                dealer=view.get("dealer"),
                rules=self.rules,
            )
            if e.entropy is not None and sent_entropy(fairness, self.player) != e.entropy:
                e.problems.append("the entropy shown for this hand is not the one your device sent")
            self.expectations[e.hand] = e
        elif fairness["commitment"] != e.commitment:
            e.problems.append(f"the commitment changed during the hand: {e.commitment} at the deal, {fairness['commitment']} later")
