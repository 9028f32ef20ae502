"""What the provably fair tests share (README, Provably fair): the independent verifier
(examples/verify_deal.py, loaded without importing the project, and run as a program), random
finished hands of sealed tables, and POST /v1/verify."""

from __future__ import annotations

import dataclasses
import json
import random
import runpy
import subprocess
import sys
from pathlib import Path

from referee import PRESETS, bots
from referee.deal import deal
from referee.fairness import HandSeed
from referee.game import Game, play, play_bots
from referee.legal import legal_moves
from referee.moves import Action, Move, Source, apply_move
from referee.rules import resolve_rules
from referee.stall import stall_limit
from referee.state import Status, validate_state
from referee.view import seen
from schemas.fairness import RevealedSchema
from schemas.wire import to_json
from tables import Tables

ROOT = Path(__file__).resolve().parents[1]
VERIFIER = ROOT / "examples" / "verify_deal.py"
INDEPENDENT = runpy.run_path(str(VERIFIER))  # its deck_of and check, never importing the project
REVEALED = RevealedSchema()  # one instance: making a schema costs more than loading a hand

PRESET_NAMES = sorted(PRESETS)
PRESET_RULES = [{k: v for k, v in to_json(r).items() if k != "preset"} for r in PRESETS.values()]


HOUSE_RULES = {
    "final_discard_required": (True, False),
    "aces": ("low", "high_or_low"),
    "restock": ("keep_top", "turn_over", "immediate"),
    "max_restocks": (None, 0, 1, 3),
    "melds_per_turn": (None, 1, 2),
    "taken_discard_if_last": (True, False),
}


def _random_rules(rng: random.Random, preset: str):
    """``preset``, and in half the hands some house rules changed on top of it (R21)."""
    spec = {"preset": preset}
    if rng.random() < 0.5:
        spec.update({name: rng.choice(values) for name, values in HOUSE_RULES.items() if rng.random() < 0.4})
    return resolve_rules(spec)


def _person(state, rng: random.Random, quiet: bool):
    """A seat played at random among the legal moves (taking the discard pile about half the
    time, laying off on anyone's meld); ``quiet``: never melding or laying off while a draw or a
    discard is legal."""
    moves = legal_moves(state)
    if quiet:
        moves = [m for m in moves if m.action in (Action.DRAW, Action.DISCARD)] or moves
    return rng.choice(moves)


def bot_hand(i: int) -> tuple[Game, HandSeed]:
    """A finished hand of a sealed table: a fresh seed (from ``random`` for reproducibility),
    the players' entropy, the deal from that deck (:func:`referee.game.Game`'s), 2 to 6 players,
    every preset, house rules changed in half the hands. Most seats are computer opponents (easy
    or medium); in about a third of the hands one seat plays random legal moves; in one hand of
    19 nobody melds, so the hand stalls (R18a) unless the stock runs out first (R18)."""
    rng = random.Random(i)
    n = 2 + i % 5
    players = tuple(f"p{k}" for k in range(n))
    rules = _random_rules(rng, PRESET_NAMES[i % len(PRESET_NAMES)])
    fair = HandSeed(rng.randbytes(32), rng.choice(["", "ana's phone 93a1", "~!{ } dice: 4,2", "x" * 128]))
    dealer = players[rng.randrange(n)]
    quiet = i % 19 == 5  # 11 hands, each number of players
    people = set(players) if quiet else {rng.choice(players)} if rng.random() < 0.3 else set()
    state = validate_state(deal(players, rules, dealer, deck=fair.deck()))
    game = Game(players, rules, dealer, state, {p: rng.choice(bots.LEVELS[:2]) for p in players if p not in people})
    game, _ = play_bots(game, f"t{i}", bots.play_seat)
    while game.state.status == Status.PLAYING:
        _, game, _ = play(game, [_person(game.state, rng, quiet)], f"t{i}", bots.play_seat)
    return game, fair


LONGEST_SEED = 0  # of :func:`longest_hand` for 6 players: 2,501 moves


def longest_hand(players=("ana", "ben", "cy", "dee", "eve", "fay"), seed: int = LONGEST_SEED, moves: int = 2501):
    """A long hand, of nearly ``moves`` moves. Every seat draws from the stock and discards a
    card it cannot meld or lay off, with no restock limit, so the hand goes round; when R18a is
    about to end it, the seat to move melds or lays off once (the fewest cards it can, never its
    last two), until one more round of stalled turns would pass ``moves``; then the hand stalls
    out (R18a). Returns (:class:`HandSeed`, the players, the rules, the final state, the events)."""
    players = tuple(players)
    rules = resolve_rules({"preset": "standard", "max_restocks": None})
    fair = HandSeed(random.Random(seed).randbytes(32), "")
    state = validate_state(deal(players, rules, players[-1], deck=fair.deck()))
    limit = stall_limit(len(players))
    stalling = 2 * limit  # the moves of the hand from a reset of R18a to its end
    events = []

    def do(move):
        nonlocal state
        after = apply_move(state, move)
        events.append(seen(state, move, after))
        state = after

    while state.status == Status.PLAYING:
        me = state.turn.player
        do(Move.draw(me, Source.STOCK))
        if state.status != Status.PLAYING:
            break
        room = moves - len(events) - 1
        if (state.stalled_turns >= limit - len(players) and room > stalling + 8) or stalling < room <= stalling + 8:
            hand = state.mover.hand
            plays = [m for m in legal_moves(state) if m.action in (Action.MELD, Action.LAY_OFF) and len(hand) - len(m.cards) >= 2]
            if plays:
                do(min(plays, key=lambda m: len(m.cards)))
        legal = legal_moves(state)
        keep = {c for m in legal if m.action in (Action.MELD, Action.LAY_OFF) for c in m.cards}
        discards = [m for m in legal if m.action == Action.DISCARD]
        do(([m for m in discards if m.card not in keep] or discards)[-1])
    return fair, players, rules, state, tuple(events)


def post_verify(tc, fairness, **extra):
    r = tc.post("/v1/verify", json={"fairness": fairness, **extra})
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def run_verifier(tmp_path, data) -> tuple[int, list[str]]:
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run([sys.executable, str(VERIFIER), str(path)], capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout.splitlines()


# --- dishonest services (issue 32, finding 1): each keeps the committed seed and cheats elsewhere ---

EVIL = "\u200b\u200d\u2060\u200d"  # zero-width space, joiner, word joiner: invisible in most fonts


class InvisibleEntropy(Tables):
    """The double of finding 1: keeps the committed seed, appends invisible characters to the
    player's entropy (chosen, in the attack, to favour its bot)."""

    def create(self, *args, entropy=None, **kw):
        return super().create(*args, entropy=(entropy or "") + EVIL, **kw)


class VisibleEntropy(Tables):
    """The same attack with printable characters: nothing but the player's own entropy shows it."""

    def create(self, *args, entropy=None, **kw):
        return super().create(*args, entropy=(entropy or "") + "!x", **kw)


class OtherRules(Tables):
    """Deals and plays under other rules than those asked for (no restock limit: the stock is
    turned over as often as it runs out)."""

    def create(self, players, rules, *args, **kw):
        return super().create(players, dataclasses.replace(rules, max_restocks=None if rules.max_restocks is not None else 0), *args, **kw)
