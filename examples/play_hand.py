#!/usr/bin/env python3
"""Play one whole hand of Rummy through the referee's open HTTP API, as a frontend would.

    python3 examples/play_hand.py [BASE_URL] [--seed N] [--players ana,ben]

BASE_URL defaults to http://127.0.0.1:8000 (start the service with `make serve`). Only the
standard library is used. The loop is the one the README's "Build a frontend" describes:

1. POST /v1/deal                 -> the opening state (keep it: the service stores nothing)
2. POST /v1/legal-moves {state}  -> whose turn it is, what they may do, and a `summary`
3. POST /v1/move {state, move}   -> `legal`, `summary`, the new `state`, and `result` once the
                                    hand has ended; send that state back with the next request
4. when `result` is not null: the hand is over; POST /v1/scorepad with the hand -> the totals
   and `next_dealer`, who deals the next hand (POST /v1/deal with `dealer`).

Every player here plays the same simple way: draw from the stock, lay down every meld and lay-off
the referee lists, then discard the highest card. The last line printed is a JSON summary.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.error
import urllib.request

RANK_POINTS = {"A": 1, "J": 10, "Q": 10, "K": 10}


def post(base: str, path: str, body: dict) -> dict:
    """POST a JSON body; return the JSON answer. A problem document (4xx) is printed and raised."""
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        problem = json.load(error)
        print(f"{path}: {error.code} {problem.get('detail')}", file=sys.stderr)
        raise


def points(card: str) -> int:
    """A card's value in hand (R14), from its canonical code ("10H", "QS")."""
    rank = card[:-1]
    return RANK_POINTS.get(rank) or int(rank)


def choose(options: dict) -> dict:
    """The move to make from a /v1/legal-moves answer: draw from the stock; then any meld,
    then any lay-off; else discard the highest card."""
    moves = options["moves"]
    for wanted in ("meld", "lay_off"):
        for move in moves:
            if move["action"] == wanted:
                return move
    draws = [m for m in moves if m["action"] == "draw"]
    if draws:
        return next(m for m in draws if m["source"] == "stock")
    discards = [m for m in moves if m["action"] == "discard"]
    return max(discards, key=lambda m: points(m["card"]))


def play_hand(base: str, players: list[str], seed: int, limit: int = 2000) -> dict:
    state = post(base, "/v1/deal", {"players": players, "seed": seed})["state"]
    print(f"dealt: {state['dealer']} deals, {state['turn']['player']} leads")
    for count in range(1, limit + 1):
        options = post(base, "/v1/legal-moves", {"state": state})
        move = choose(options)
        answer = post(base, "/v1/move", {"state": state, "move": move})
        if not answer["legal"]:  # never here: every move comes from legal-moves
            raise RuntimeError(answer["summary"])
        state = answer["state"]
        print(f"{count:3}. {answer['summary']}")
        if answer["result"] is not None:
            return {"moves": count, "state": state, "result": answer["result"], "after": post(base, "/v1/legal-moves", {"state": state})}
    raise RuntimeError(f"the hand did not end within {limit} moves")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", nargs="?", default="http://127.0.0.1:8000")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", default="ana,ben")
    args = parser.parse_args(argv)
    base, players = args.base.rstrip("/"), args.players.split(",")
    try:
        hand = play_hand(base, players, args.seed)
    except urllib.error.URLError as error:
        if isinstance(error, urllib.error.HTTPError):
            raise
        print(f"cannot reach the service at {base}: {error.reason} (is `make serve` running there?)", file=sys.stderr)
        return 1
    result, state = hand["result"], hand["state"]
    print(hand["after"]["summary"])  # the hand is over: who went out, and who deals next
    entry = (
        {"draw": True}
        if result["outcome"] == "draw"
        else {
            "winner": result["winner"],
            "rummy": result["rummy"],
            "remaining": {p["id"]: {"cards": p["hand"]} for p in state["players"] if p["id"] != result["winner"]},
        }
    )
    pad = post(base, "/v1/scorepad", {"players": players, "first_dealer": state["dealer"], "hands": [entry]})
    print(f"totals: {pad['totals']}; {pad['next_dealer']} deals the next hand")
    print(
        json.dumps(
            {"moves": hand["moves"], "result": result, "totals": pad["totals"], "next_dealer": pad["next_dealer"]}, ensure_ascii=False
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
