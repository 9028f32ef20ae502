#!/usr/bin/env python3
"""Check a sealed table's revealed hand without trusting the service (README, "Provably fair").

    python3 examples/verify_deal.py [EXPECTATIONS] FILE.json [FILE.json ...]   (or - for standard input)

FILE holds a finished hand's `result.fairness` (or any answer containing it, or a list of
them). A check proves nothing about what it did not compare with what you know, so give what
your own side knows of the hand (each optional; every hand in the files must match them):

    --entropy TEXT        the entropy your device sent for the hand
    --commitment HEX      the commitment you were shown before you sent it (the last hand's
                          next_commitment, or the pledge's for hand 1)
    --dealer NAME         who dealt the hand
    --rules JSON          the rules you agreed, as the table's first view showed them (each
                          option given must be the record's)
    --player NAME --hand "AS 10D ..."   the cards NAME (you) was dealt, in any order
    --expect FILE.json    the same as one object: {"entropy", "commitment", "dealer", "rules",
                          "hand": {"player", "cards"}} (what POST /v1/verify takes as `expect`)
 Standard library only, and nothing of the service's code: it recomputes the commitment,
the deck from seed and entropy, the deal, and every card drawn from the stock through every
restock (R17), keeping each hand to check that every card played was held and that the record
ends where the hand ends: a player went out (R13), the stock ran out (R18) or 25 turns per
player passed in a row with no meld and no lay-off (R18a). It prints one line per hand and
exits 1 when any hand does not hold. (The legality of melds and lay-offs is the
referee's to judge: POST /v1/verify replays the hand through the same referee.)
"""

import argparse
import hashlib
import hmac
import json
import sys

CARDS = [r + s for s in "CDHS" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]]


def deck_of(seed: bytes, entropy: str) -> list:
    """HMAC-SHA256(seed, label 0x00 entropy counter) words, rejection sampling, Fisher-Yates."""

    def words():
        for counter in range(1 << 64):
            msg = b"rummy-referee deck v1\x00" + entropy.encode("utf-8") + counter.to_bytes(8, "big")
            block = hmac.new(seed, msg, hashlib.sha256).digest()
            yield from (int.from_bytes(block[k : k + 4], "big") for k in range(0, 32, 4))

    stream, deck = words(), list(CARDS)
    for i in range(51, 0, -1):
        n = i + 1
        w = next(stream)
        while w >= 2**32 - 2**32 % n:
            w = next(stream)
        j = w % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def combined(parts: list) -> str:
    """The entropy of a hand dealt from several seats' (version 2): ``parts`` is each seat's
    (player, entropy) in seat order."""
    h = hashlib.sha256(b"rummy-referee entropy v2\x00")
    for player, entropy in parts:
        h.update(player.encode() + b"\x00" + entropy.encode() + b"\x00")
    return "v2:" + h.hexdigest()


def visible(text: str) -> str:
    """Every character outside printable ASCII written as its code point: "ab[U+200B]"."""
    return "".join(c if " " <= c <= "~" else f"[U+{ord(c):04X}]" for c in text)


def unexpected(f: dict, expect: dict) -> list:
    """Each expectation (see the docstring) the hand does not match, as a sentence."""
    rec, out = f["record"] or {}, []
    sent = {c["player"]: c["entropy"] for c in f.get("contributions") or []}
    mine = sent.get((expect.get("hand") or {}).get("player")) if sent and expect.get("hand") else None
    known = [mine] if mine is not None else [f["entropy"], *sent.values()]
    if expect.get("entropy") is not None and expect["entropy"] not in known:
        out.append(f'the hand was shuffled with the entropy "{visible(f["entropy"])}", not the "{visible(expect["entropy"])}" you sent')
    if expect.get("commitment") is not None and expect["commitment"].lower() != f["commitment"].lower():
        out.append(f"the hand's commitment is {f['commitment'][:16]}..., not the {expect['commitment'][:16]}... you were shown")
    if expect.get("dealer") is not None and expect["dealer"] != rec.get("dealer"):
        out.append(f"the record says {rec.get('dealer')} dealt, not {expect['dealer']}")
    if expect.get("rules") is not None:
        differ = [k for k, v in expect["rules"].items() if (rec.get("rules") or {}).get(k) != v]
        if differ:
            out.append(f"the hand was played under other rules than the ones you agreed ({', '.join(differ)} differ)")
    if expect.get("hand") is not None:
        who, cards = expect["hand"]["player"], expect["hand"]["cards"]
        dealt = (rec.get("dealt") or {}).get(who)
        if dealt is None or sorted(dealt) != sorted(cards):
            out.append(f"the hand revealed deals {who} {' '.join(dealt or []) or 'nothing'}, not the {' '.join(cards)} you were dealt")
    return out


def check(f: dict, expect: dict | None = None) -> str:
    """A sentence saying the hand holds; raises ValueError with the first thing that does not
    (every expectation not matched, when any is not)."""
    wrong = unexpected(f, expect or {})
    if wrong:
        raise ValueError("; ".join(wrong))
    seed, rec = bytes.fromhex(f["seed"]), f["record"]
    entropy = f["entropy"]
    parts = f.get("contributions") or []
    if len(parts) > 1:  # several seats' entropy, combined (version 2)
        if entropy != combined([(c["player"], c["entropy"]) for c in parts]):
            raise ValueError("the entropy is not the combination of the seats' entropy (version 2)")
        entropy = parts[0]["entropy"]  # each part is checked as entropy a player may send, below
        for c in parts[1:]:
            if any(not " " <= ch <= "~" for ch in c["entropy"]):
                raise ValueError(f"{c['player']}'s entropy is not printable ASCII")
    if entropy and (len(entropy) > 128 or any(not " " <= c <= "~" for c in entropy) or entropy != entropy.strip(" ")):
        raise ValueError(
            f'the entropy "{visible(entropy)}" is not entropy the service accepts from a player (1 to 128 printable ASCII characters)'
        )
    if hashlib.sha256(seed).hexdigest() != f["commitment"].lower():
        raise ValueError("the seed does not match the commitment")
    deck = deck_of(seed, f["entropy"])
    if deck != f["deck"]:
        i = next(i for i, (a, b) in enumerate(zip(deck, f["deck"])) if a != b)
        raise ValueError(f"the deck does not follow from the seed and the entropy: card {i + 1} is {f['deck'][i]}, not {deck[i]}")
    if rec is None:  # only a hand of a table sealed by an earlier version of the service (docs, Provably fair)
        raise ValueError("there is no record of the hand's moves (null): only the commitment and the deck hold")
    players, rules = rec["players"], rec["rules"]
    n = len(players)
    size = 10 if n == 2 else 7 if n <= 4 else 6
    first = (players.index(rec["dealer"]) + 1) % n  # the dealer's left is dealt first, one card at a time
    hands = {p: [] for p in players}
    for k in range(size * n):
        hands[players[(first + k) % n]].append(deck[k])
    if hands != rec["dealt"] or deck[size * n] != rec["up_card"]:
        raise ValueError("the record's deal is not the one this deck deals: it is the record of another hand")
    stock, pile, restocks, drawn, taken, over = deck[size * n + 1 :], [deck[size * n]], 0, 0, 0, None
    limit = rules["max_restocks"]

    def turn_over(keep_top):
        nonlocal stock, pile, restocks, over
        new = pile[:-1] if keep_top else pile
        if (limit is not None and restocks >= limit) or not new:
            over = "drawn: the stock ran out (R18)"
            return
        stock, pile, restocks = list(new), pile[-1:] if keep_top else [], restocks + 1

    turn, drew = first, False  # whose turn (the dealer's left leads), and whether they have drawn
    quiet, played = 0, False  # turns in a row with no meld and no lay-off (R18a); whether this turn had one
    for i, m in enumerate(rec["moves"], start=1):
        who, act, hand = m["player"], m["action"], hands[m["player"]]
        if over:
            raise ValueError(f"move {i} comes after the hand ended")
        if who != players[turn] or drew != (act != "draw"):
            raise ValueError(f"move {i} ({who} {act}) is out of turn: {players[turn]} is to {'play' if drew else 'draw'}")
        drew = act != "discard"
        turn = (turn + 1) % n if act == "discard" else turn
        if act == "draw" and m["source"] == "stock":
            drawn += 1
            if not stock:
                turn_over(rules["restock"] == "keep_top")
            card = None if over else stock.pop(0)
            if m.get("card") != card:
                raise ValueError(f"stock draw {drawn} (move {i}) was {m.get('card')}, but the deck put {card} there")
            if card:
                hand.append(card)
                taken += 1
        elif act == "draw":
            card = pile.pop()
            if m.get("card") != card:
                raise ValueError(f"move {i}: the top of the discard pile was {card}, not {m.get('card')}")
            hand.append(card)
        else:
            for c in m.get("cards") or [m["card"]]:
                if c not in hand:
                    raise ValueError(f"move {i}: {who} does not hold {c}")
                hand.remove(c)
            played = played or act != "discard"
            if act == "discard":
                pile.append(m["card"])
            if not hand:
                over = f"{who} went out (R13)"
            elif act == "discard":
                quiet, played = 0 if played else quiet + 1, False
                if quiet >= 25 * n:
                    over = f"drawn: {quiet} turns in a row with no meld and no lay-off (R18a)"
                elif not stock and rules["restock"] == "immediate":
                    turn_over(False)
    if not over:
        raise ValueError("the record stops before the hand is over")
    known = [k for k in ("entropy", "commitment", "dealer", "rules", "hand") if (expect or {}).get(k) is not None]
    return (
        f"the seed matches the commitment, the deck follows from the seed and the entropy, the deal and all {taken} cards drawn "
        f"from the stock ({restocks} restock{'' if restocks == 1 else 's'}) come from it; {over}; "
        + (f"it matches what you know: {', '.join(known)}" if known else "nothing was compared with what you know (see --help)")
    )


def fairness_objects(value):
    if isinstance(value, list):
        for v in value:
            yield from fairness_objects(v)
    elif isinstance(value, dict):
        if "seed" in value and "record" in value:
            yield value
        else:
            for v in value.values():
                yield from fairness_objects(v)


def expectations(args) -> dict:
    """The expectations of the command line: --expect's file, then each flag given over it."""
    expect = {}
    if args.expect:
        with open(args.expect, encoding="utf-8") as file:
            expect = json.load(file)
        if not isinstance(expect, dict):
            raise ValueError(f"{args.expect} must hold one JSON object")
    for key in ("entropy", "commitment", "dealer"):
        if getattr(args, key) is not None:
            expect[key] = getattr(args, key)
    if args.rules is not None:
        expect["rules"] = json.loads(args.rules)
    if (args.player is None) != (args.hand is None):
        raise ValueError("--player and --hand go together: the player and the cards they were dealt")
    if args.player is not None:
        expect["hand"] = {"player": args.player, "cards": args.hand.replace(",", " ").split()}
    return expect


def main(argv) -> int:
    parser = argparse.ArgumentParser(description="Check a sealed table's revealed hand without trusting the service.")
    parser.add_argument("files", nargs="*", metavar="FILE.json", help="answers holding result.fairness (- for standard input)")
    for flag in ("--entropy", "--commitment", "--dealer", "--rules", "--player", "--hand", "--expect"):
        parser.add_argument(flag)
    args = parser.parse_args(argv)
    try:
        expect = expectations(args)
    except (OSError, ValueError) as fault:
        print(f"FAILED: {fault}")
        return 2
    failed = 0
    for path in args.files or ["-"]:
        try:
            if path == "-":
                data = json.load(sys.stdin)
            else:
                with open(path, encoding="utf-8") as file:
                    data = json.load(file)
        except (OSError, ValueError) as fault:
            failed += 1
            print(f"FAILED {path}: {fault}")
            continue
        found = list(fairness_objects(data))
        if not found:  # a view of a hand still being played, a move's answer: nothing was checked
            failed += 1
            print(f"FAILED {path}: no revealed hand in it (an object with 'seed' and 'record': a finished hand's result.fairness)")
        for f in found:
            try:
                print(f"OK {f['commitment'][:12]}: {check(f, expect)}")
            except (ValueError, KeyError, IndexError, TypeError) as fault:
                failed += 1
                print(f"FAILED {str(f.get('commitment'))[:12]}: {fault}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
