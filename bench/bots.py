"""Computer opponents' strength and decision cost (`make bench`; issue #15). Not a test: no
figure here is asserted, each is printed next to its goal.

1. Strength: for each pairing (Hard–Easy, Medium–Easy, Hard–Medium), HANDS two-player hands
   under the standard preset from fixed seeds (hand i deals with seed BASE_SEED + i, the same
   deals for every pairing), the two bots' seats swapped every other hand (so each leads half
   the hands). Reported: the share of all points scored (R14, R15), hands won, going rummy,
   drawn hands and points per hand won. Goals: Hard vs Easy ≥ 0.70, Medium vs Easy ≥ 0.60,
   Hard vs Medium ≥ 0.55.
2. Games to 100: GAMES games per pairing to the standard target (R20), the deal passing as
   R19 says (the winner of a two-player hand deals next), the first dealer alternating by game.
3. Decision cost: the CPU time of one `choose_move` call (the view already built), over every
   decision of bot-only hands from fixed deals, 6 players and 2; median, p90, p99; and the
   median with the view built too (`seat_view`, which lists the legal moves). Goal: a Hard
   decision's median ≤ 2 ms with 6 players.

Options: --hands N (default 2000), --games N (default 200), --quick (200 hands, 20 games),
--save PATH (JSON; default bench/results/bots.json), --example SEED (print one 3-player hand, a
person following the Easy hints against Medium and Hard, as the events showed it, and stop),
--ablation (Hard vs Medium with each part of Hard switched off in turn, and stop), --endings (how
bot-only hands end under every preset and two house rules, 2–6 players, 450 seeds each, and stop),
--strength (issue #24: Hard vs the old Hard, `hard-fast`, and every level against the outside
anchor of bench/anchor.py, 2 players, and a 4-player table of Hard, the anchor, Medium and Easy;
--hands N, default 1000; --only a,b for one pairing; --first N to run it in parts; --processes, default 2), --costs (issue #24:
Hard's decision cost in ms at 2 and 6 players, and a sealed move with three Hard opponents).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from referee import PRESETS, deal  # noqa: E402
from referee.bots import LEVELS, choose_move  # noqa: E402
from referee.bots.selfplay import play_hand, steps  # noqa: E402
from referee.scorepad import game_winner, next_dealer  # noqa: E402
from referee.view import seat_view  # noqa: E402
from schemas.wire import to_json  # noqa: E402

BASE_SEED = 15_000
PAIRINGS = (("hard", "easy", 0.70), ("medium", "easy", 0.60), ("hard", "medium", 0.55))
STANDARD = PRESETS["standard"]


def strength(a: str, b: str, hands: int) -> dict:
    """``hands`` hands of ``a`` against ``b`` (see the module docstring, 1.)."""
    points, won, rummy = Counter(), Counter(), Counter()
    drawn = moves = 0
    for i in range(hands):
        seats = {"A": a, "B": b} if i % 2 == 0 else {"B": b, "A": a}  # the first listed leads (R3)
        state, events = play_hand(seats, STANDARD, BASE_SEED + i)
        moves += len(events)
        result = state.result()
        if result.outcome == "draw":
            drawn += 1
            continue
        seat = result.winner
        points[seat] += result.points
        won[seat] += 1
        rummy[seat] += result.rummy
    total = points["A"] + points["B"]
    return {
        "a": a,
        "b": b,
        "hands": hands,
        "share_a": points["A"] / total if total else 0.0,
        "points": [points["A"], points["B"]],
        "won": [won["A"], won["B"]],
        "rummy": [rummy["A"], rummy["B"]],
        "drawn": drawn,
        "moves_per_hand": moves / hands,
    }


def games(a: str, b: str, count: int) -> dict:
    """``count`` games of ``a`` against ``b`` to the standard target (module docstring, 2.)."""
    wins, hands_played = Counter(), 0
    for g in range(count):
        players = ["A", "B"] if g % 2 == 0 else ["B", "A"]
        levels = {"A": a, "B": b}
        dealer, totals, n = players[-1], {"A": 0, "B": 0}, 0
        while True:
            seats = {p: levels[p] for p in players}
            state, _ = play_hand(seats, STANDARD, BASE_SEED + 1_000_000 + g * 1000 + n, dealer=dealer)
            n += 1
            result = state.result()
            if result.outcome == "out":
                totals[result.winner] += result.points
            over, winner = game_winner(totals, n, STANDARD)
            if over:
                wins[winner] += 1
                break
            dealer = next_dealer(players, dealer, result.winner, STANDARD)
        hands_played += n
    return {"games": count, "won": [wins["A"], wins["B"]], "hands_per_game": hands_played / count}


def decision_costs(level: str, players: int, deals: int) -> dict:
    """CPU time of each decision of ``level`` bots in ``deals`` bot-only hands (module docstring, 3.)."""
    ids = [f"p{i}" for i in range(players)]
    seats = []  # (state, events) before each decision
    for seed in range(deals):
        state = deal(ids, STANDARD, seed=BASE_SEED + seed)
        events = []
        for step in steps(state, {p: level for p in ids}, seed):
            seats.append((step.before, tuple(events)))
            events.append(step.event)
    samples, with_view = [], []
    for state, events in seats:
        view = seat_view(state, state.turn.player, events)
        choose_move(view, level)  # warm
        t = time.process_time_ns()
        for _ in range(5):
            choose_move(view, level)
        samples.append((time.process_time_ns() - t) / 5 / 1000)
        t = time.process_time_ns()
        for _ in range(5):
            choose_move(seat_view(state, state.turn.player, events), level)
        with_view.append((time.process_time_ns() - t) / 5 / 1000)
    samples.sort()
    pick = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))]  # noqa: E731
    return {
        "level": level,
        "players": players,
        "decisions": len(samples),
        "median_us": statistics.median(samples),
        "p90_us": pick(0.90),
        "p99_us": pick(0.99),
        "max_us": samples[-1],
        "with_view_median_us": statistics.median(with_view),
    }


def example_hand(seed: int) -> None:
    """A 3-player hand under the standard preset: ana, a person who follows the Easy hints of
    /v1/suggest, against ben (Medium) and cy (Hard); printed as the events showed it to ana."""
    levels = {"ana": "easy", "ben": "medium", "cy": "hard"}
    state = deal(list(levels), STANDARD, seed=seed)
    print(
        f"seed {seed}; ana holds {' '.join(c.symbol for c in state.player('ana').hand)}; the discard pile shows {state.discard[-1].symbol}"
    )
    for step in steps(state, levels, seed):
        print(json.dumps(to_json(step.event), ensure_ascii=False))
        if step.view.viewer == "ana":
            print(f"    (hint to ana: {step.choice.summary})")
        state = step.after
    print(json.dumps(to_json(state.result())))


def ablation(hands: int) -> None:
    """Hard against Medium with one part of Hard switched off at a time: what each part gives."""
    from dataclasses import replace

    from referee.bots import policies

    hard = policies.HARD
    print(f"\nHard vs Medium, {hands} hands, one part of Hard off at a time")
    variants = (
        ("Hard as built", hard),
        ("no holding melds back for going rummy", replace(hard, rummy=False)),
        ("no card count (every connection counts, live or not)", replace(hard, count_cards=False)),
        ("no guarding the next player", replace(hard, guard_next=False)),
        ("Medium's weight of a connection (1.5 points, not 3)", replace(hard, per_out=policies.MEDIUM.per_out)),
    )
    try:
        for name, style in variants:
            policies.HARD = style
            s = strength("hard", "medium", hands)
            print(f"  {name:<55} share {s['share_a']:.3f}, hands won {s['won'][0]}–{s['won'][1]}, going rummy {s['rummy'][0]}")
    finally:
        policies.HARD = hard


def endings(seeds: int) -> None:
    """Bot-only hands under every preset (and two house rules), 2–6 players, a random mix of
    levels per hand: how each ended and the longest, in moves. A hand still playing after 5,000
    moves is reported as stalled."""
    import random
    from collections import defaultdict

    from referee import resolve_rules

    rulesets = {
        **PRESETS,
        "basic + final_discard_required": resolve_rules({"preset": "basic", "final_discard_required": True}),
        "standard + aces high_or_low": resolve_rules({"aces": "high_or_low"}),
    }
    print(f"\nBot-only hands: {seeds} seeds × 2–6 players per rule set, a random mix of levels each")
    for name, rules in rulesets.items():
        ended, longest, stalled = defaultdict(int), 0, []
        for players in range(2, 7):
            for seed in range(seeds):
                pick = random.Random(seed * 7 + players)
                levels = {f"p{i}": pick.choice(LEVELS) for i in range(players)}
                state, moves = deal(list(levels), rules, seed=seed), 0
                try:
                    for step in steps(state, levels, seed, max_moves=5000):
                        state, moves = step.after, moves + 1
                except RuntimeError:
                    stalled.append((players, seed))
                    continue
                ended[state.status] += 1
                longest = max(longest, moves)
        print(
            f"  {name:<34} out {ended['out']:>5}, drawn {ended['draw']:>4}, stalled {len(stalled)} {stalled or ''}; longest {longest} moves"
        )


# --- strength against each other and against an outside anchor (issue #24) ----------------------------

BOTS = ("hard", "hard-fast", "medium", "easy", "anchor")
"""``hard-fast`` is the old Hard without search; ``anchor`` the outside player of bench/anchor.py."""


def _policy(name: str):
    if name == "anchor":
        from anchor import anchor

        return anchor
    return name


def _one_hand(job: tuple) -> dict:
    """One hand: ``job`` = (bot names in seat order, seed, rules name); the points, the winner,
    going rummy and the moves, by bot name."""
    names, seed, rules = job
    ids = [f"s{i}" for i in range(len(names))]
    seats = {pid: _policy(n) for pid, n in zip(ids, names)}
    state, events = play_hand(seats, PRESETS[rules], seed)
    result = state.result()
    out = {"moves": len(events), "drawn": result.outcome == "draw", "points": {}, "winner": None, "rummy": False}
    if result.outcome == "out":
        out["winner"] = names[ids.index(result.winner)]
        out["points"] = {out["winner"]: result.points}
        out["rummy"] = bool(result.rummy)
    return out


def _share_interval(per_hand: list[tuple[float, float]]) -> tuple[float, float, float]:
    """Share of points Σa / Σt over hands (a, t), with a 95% interval (the ratio estimator's
    normal approximation, hands as the unit)."""
    n = len(per_hand)
    sa = sum(a for a, _ in per_hand)
    st = sum(t for _, t in per_hand)
    if not st or n < 2:
        return 0.0, 0.0, 0.0
    r = sa / st
    var = sum((a - r * t) ** 2 for a, t in per_hand) / (n - 1) * n / st**2
    half = 1.96 * var**0.5
    return r, r - half, r + half


def table_match(names: tuple[str, ...], hands: int, rules: str = "standard", processes: int = 2, first: int = 0) -> dict:
    """``hands`` hands at a table of the bots ``names`` (two or more), every deal played once with
    each rotation of the seats (so each bot sits in each seat on the same cards); hand ``i`` deals
    with seed BASE_SEED + i // len(names), for ``i`` from ``first`` on. The first bot's share of all points with its 95% interval,
    hands won, going rummy and moves per hand, by bot."""
    from multiprocessing import Pool

    k = len(names)
    jobs = [(tuple(names[(j + i % k) % k] for j in range(k)), BASE_SEED + i // k, rules) for i in range(first, first + hands)]
    if processes > 1:
        with Pool(processes) as pool:
            results = pool.map(_one_hand, jobs, chunksize=4)
    else:
        results = [_one_hand(j) for j in jobs]
    focal = names[0]
    per_hand = [(r["points"].get(focal, 0), sum(r["points"].values())) for r in results]
    share, lo, hi = _share_interval(per_hand)
    won = Counter(r["winner"] for r in results if r["winner"])
    rummy = Counter(r["winner"] for r in results if r["rummy"])
    points = Counter()
    for r in results:
        points.update(r["points"])
    return {
        "bots": list(names),
        "rules": rules,
        "hands": hands,
        "first": first,
        "share": share,
        "interval": [lo, hi],
        "points": {n: points[n] for n in names},
        "won": {n: won[n] for n in names},
        "rummy": {n: rummy[n] for n in names},
        "drawn": sum(r["drawn"] for r in results),
        "moves_per_hand": sum(r["moves"] for r in results) / hands,
        "per_hand": per_hand,
    }


def print_match(m: dict) -> None:
    names = m["bots"]
    decided = sum(m["won"].values())
    rummy = sum(m["rummy"].values())
    print(
        f"  {' vs '.join(names):<38} {m['hands']:>5} hands  share {m['share']:.3f} ({m['interval'][0]:.3f}–{m['interval'][1]:.3f})"
        f"  won {'–'.join(str(m['won'][n]) for n in names)}  rummy {rummy / decided if decided else 0:.2f}"
        f"  drawn {m['drawn']}  {m['moves_per_hand']:.1f} moves/hand",
        flush=True,
    )


def search_costs(players: int, deals: int, level: str = "hard") -> dict:
    """CPU time (ms) of each decision of ``level`` bots (the view built) over every decision of
    ``deals`` bot-only hands of ``players`` under the standard preset (issue #24's decision cost)."""
    ids = [f"p{i}" for i in range(players)]
    samples = []
    for seed in range(deals):
        state = deal(ids, STANDARD, seed=BASE_SEED + seed)
        for step in steps(state, {p: level for p in ids}, seed):
            t = time.process_time_ns()
            choose_move(step.view, level, seed)
            samples.append((time.process_time_ns() - t) / 1e6)
    return _quantiles(samples) | {"level": level, "players": players}


def _quantiles(samples: list[float]) -> dict:
    samples = sorted(samples)
    pick = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))]  # noqa: E731
    return {"n": len(samples), "median": statistics.median(samples), "p90": pick(0.90), "p99": pick(0.99), "max": samples[-1]}


def sealed_move_costs(hands: int) -> dict:
    """CPU time (ms) of each ``POST /v1/tables/move`` that ends a person's turn at a table with
    three Hard opponents (the answer plays their turns), through the app's test client; the
    person plays Medium's advice, a whole turn in one request."""
    from app import create_app

    client = create_app({"TESTING": True}).test_client()
    samples = []
    for _ in range(hands):
        r = client.post("/v1/tables", json={"players": ["ana", "b1", "b2", "b3"], "bots": {"b1": "hard", "b2": "hard", "b3": "hard"}})
        body = r.get_json()
        token, seat = body["table"], body["seats"]["ana"]
        while True:
            view = client.post("/v1/tables/view", json={"table": token, "seat": seat}).get_json()["view"]
            if view.get("result") or view["turn"]["player"] != "ana":
                break
            hint = client.post("/v1/tables/suggest", json={"table": token, "seat": seat, "level": "medium"}).get_json()
            if hint["move"]["action"] != "discard":
                r = client.post("/v1/tables/move", json={"table": token, "seat": seat, "move": _bare(hint["move"])})
                token = r.get_json()["table"]
                continue
            t = time.process_time_ns()
            r = client.post("/v1/tables/move", json={"table": token, "seat": seat, "move": _bare(hint["move"])})
            samples.append((time.process_time_ns() - t) / 1e6)
            answer = r.get_json()
            token = answer["table"]
            if answer.get("result"):
                break
    return _quantiles(samples)


def _bare(move: dict) -> dict:
    return {k: v for k, v in move.items() if k != "player"}


STRENGTH_TABLES = (
    ("hard", "hard-fast"),
    ("hard", "anchor"),
    ("hard-fast", "anchor"),
    ("medium", "anchor"),
    ("easy", "anchor"),
    ("hard", "anchor", "medium", "easy"),
)


def strength_table(hands: int, processes: int, only: str | None, save: str, first: int = 0) -> None:
    """Issue #24's strength table: each pairing ``hands`` hands from hand ``first`` on, every deal
    played with each rotation of the seats (see :func:`table_match`; two runs with ``first`` 0 and
    ``hands`` are one run of twice the hands, in two parts)."""
    tables = [tuple(only.split(","))] if only else STRENGTH_TABLES
    print(f"\nStrength, standard preset, seeds {BASE_SEED}…, each deal played with every rotation of the seats; share = the first bot's")
    out = []
    for names in tables:
        started = time.process_time()
        m = table_match(names, hands, processes=processes, first=first)
        m["cpu_seconds"] = time.process_time() - started
        out.append(m)
        print_match(m)
        if len(names) > 2:
            total = sum(m["points"].values())
            print("    shares: " + ", ".join(f"{n} {m['points'][n] / total:.3f}" for n in names))
    # named after --save's own name, so two runs saved under different names never overwrite each other
    path = Path(save).with_name(
        f"{Path(save).stem}-strength{'-' + only.replace(',', '-') if only else ''}{f'-from{first}' if first else ''}.json"
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(out, indent=1))
    print(f"figures saved to {path}")


def cost_table(deals: int) -> None:
    """Issue #24's decision-cost table: Hard's search at 2 and 6 players, one core (CPU time), and
    a sealed move with three Hard opponents."""
    print(f"\nDecision cost (CPU ms, the view built; all decisions of {deals} bot-only hands per row)")
    for level, players in (("hard", 2), ("hard", 6), ("hard-fast", 2), ("hard-fast", 6)):
        c = search_costs(players, deals, level)
        goal = "  [goals: median ≤ 50, p99 ≤ 150]" if level == "hard" else ""
        print(
            f"  {level:<9} {players} players: median {c['median']:6.2f}, p90 {c['p90']:6.2f}, p99 {c['p99']:6.2f}, max {c['max']:6.2f} over {c['n']}{goal}"
        )
    c = sealed_move_costs(max(6, deals // 2))
    print(
        f"  sealed move, 3 Hard opponents: median {c['median']:6.1f}, p90 {c['p90']:6.1f}, p99 {c['p99']:6.1f}, max {c['max']:6.1f} over {c['n']}  [goal: p99 ≤ 500]"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--save", default=str(HERE / "results" / "bots.json"))
    ap.add_argument("--example", type=int, metavar="SEED", help="print one 3-player hand (a person, Medium, Hard) and stop")
    ap.add_argument("--ablation", action="store_true", help="Hard vs Medium with each part of Hard off in turn, and stop")
    ap.add_argument("--endings", action="store_true", help="how bot-only hands end under every preset, 2-6 players, and stop")
    ap.add_argument("--strength", action="store_true", help="issue #24's strength table (every level against the anchor), and stop")
    ap.add_argument("--costs", action="store_true", help="issue #24's decision-cost table (Hard's search), and stop")
    ap.add_argument("--processes", type=int, default=2, help="processes for --strength (default 2)")
    ap.add_argument("--first", type=int, default=0, help="--strength: the first hand's number (to run a pairing in parts)")
    ap.add_argument("--only", help="--strength: only this pairing, e.g. hard,anchor (a table of 3+ bots: hard,anchor,medium,easy)")
    args = ap.parse_args()
    if args.strength:
        return strength_table(args.hands if args.hands != 2000 else 1000, args.processes, args.only, args.save, args.first)
    if args.costs:
        return cost_table(5 if args.quick else 20)
    if args.example is not None:
        return example_hand(args.example)
    if args.ablation:
        return ablation(200 if args.quick else args.hands)
    if args.endings:
        return endings(20 if args.quick else 450)
    hands, n_games = (200, 20) if args.quick else (args.hands, args.games)
    started = time.time()
    out: dict = {"strength": [], "games": [], "costs": []}
    print(
        f"\nComputer opponents: {hands} two-player hands per pairing, standard preset, seeds {BASE_SEED}…, seats swapped every other hand"
    )
    print(
        f"  {'pairing':<16} {'share of points':>15}  {'goal':>6}  {'hands won':>11}  {'rummy':>9}  {'drawn':>5}  {'points / hand won':>17}"
    )
    for a, b, goal in PAIRINGS:
        s = strength(a, b, hands)
        s["goal"] = goal
        out["strength"].append(s)
        per_win = [s["points"][k] / s["won"][k] if s["won"][k] else 0 for k in (0, 1)]
        print(
            f"  {a + ' vs ' + b:<16} {s['share_a']:>15.3f}  {'≥ ' + format(goal, '.2f'):>6} {'met' if s['share_a'] >= goal else 'NOT met':>7}"
            f"  {s['won'][0]:>5}–{s['won'][1]:<5}  {s['rummy'][0]:>4}–{s['rummy'][1]:<4}  {s['drawn']:>5}  {per_win[0]:>8.1f}–{per_win[1]:<8.1f}"
        )
    print(f"\nGames to {STANDARD.target_score} (R20), {n_games} per pairing, the deal passing by R19")
    for a, b, _ in PAIRINGS:
        g = games(a, b, n_games)
        g.update(a=a, b=b)
        out["games"].append(g)
        print(
            f"  {a + ' vs ' + b:<16} games won {g['won'][0]}–{g['won'][1]}  ({g['won'][0] / n_games:.0%}), {g['hands_per_game']:.1f} hands a game"
        )
    print("\nDecision cost, CPU time of one choose_move (the view built), all decisions of bot-only hands")
    for level, players, deals in (
        ("hard", 6, 10 if args.quick else 40),
        ("hard", 2, 10 if args.quick else 40),
        ("medium", 6, 10),
        ("easy", 6, 10),
    ):
        c = decision_costs(level, players, deals)
        out["costs"].append(c)
        goal = f"  [goal ≤ 2 ms: {'met' if c['median_us'] <= 2000 else 'NOT met'}]" if (level, players) == ("hard", 6) else ""
        print(
            f"  {level:<6} {players} players: median {c['median_us']:7.1f} µs, p90 {c['p90_us']:7.1f} µs, "
            f"p99 {c['p99_us']:7.1f} µs, max {c['max_us']:7.1f} µs over {c['decisions']} decisions; "
            f"with seat_view (legal moves) {c['with_view_median_us']:6.1f} µs{goal}"
        )
    out["seconds"] = time.time() - started
    out["when"] = time.strftime("%Y-%m-%d %H:%M")
    Path(args.save).parent.mkdir(parents=True, exist_ok=True)
    Path(args.save).write_text(json.dumps(out, indent=1))
    print(f"\ncomputer opponents done in {out['seconds']:.0f}s; figures saved to {Path(args.save).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
