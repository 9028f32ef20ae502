"""Rummy Referee benchmarks (`make bench`): in-process costs, how they grow, and HTTP throughput.

Every figure is a median over repeated runs, never one timing. In-process figures are CPU time
per call (the machine is shared: CPU time does not count the moments another process had the
core, wall time would), HTTP figures are wall time as a client sees it:

1. in-process, per call: the rules core (card parsing, check_meld, a full turn, legal_moves,
   scoring, a 100-hand scorepad) and the HTTP layer's parts (schema load/dump, a whole request
   through Flask's test client);
2. growth: moves per request, players, table melds, scorepad hands, each with the ratio per
   doubling (or per ×10) and the exponent of a log-log fit (1.0 = linear);
3. HTTP on loopback: POST /v1/move under gunicorn (2 sync workers, the settings of
   gunicorn.conf.py) side by side with a bare Flask echo of the same body (bench/echo_app.py)
   under the same settings, driven by wrk; requests/s, p50 and p99 and the ratio.

Options: --quick (fewer repeats, shorter load), --skip-http, --only-http, --save PATH (JSON of
the figures; default bench/results/latest.json), --compare PATH (a saved JSON: print before/after;
default bench/baseline.json when present).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

import fixtures as F  # noqa: E402
import orjson  # noqa: E402
from serving import Server, _version, ensure_wrk, machine, run_python_load, run_wrk  # noqa: E402

import referee  # noqa: E402
from referee import HandEntry, Remaining, apply_moves, check_meld, legal_moves, parse_cards, replay, score_hand  # noqa: E402
from schemas.wire import TABLE_WIRE, to_json  # noqa: E402

RESULTS: dict = {"inproc": {}, "scaling": {}, "http": {}}
COMPARE: dict | None = None
QUICK = False


# --- timing ----------------------------------------------------------------------------------


def measure(fn, repeats: int = 11, batch_seconds: float = 0.04) -> dict:
    """Per-call CPU time of ``fn`` in µs: ``repeats`` batches, each of enough calls to last about
    ``batch_seconds``; the median of the batches' per-call times, with the quartiles."""
    if QUICK:
        repeats, batch_seconds = 5, 0.01
    fn()  # warm caches and imports
    loops, spent = 1, 0.0
    while True:
        t = time.process_time()
        for _ in range(loops):
            fn()
        spent = time.process_time() - t
        if spent >= batch_seconds or loops >= 1 << 20:
            break
        loops = max(loops * 2, int(loops * batch_seconds / max(spent, 1e-9)))
    samples = []
    for _ in range(repeats):
        gc.collect()
        t = time.process_time_ns()
        for _ in range(loops):
            fn()
        samples.append((time.process_time_ns() - t) / loops / 1000)
    q = statistics.quantiles(samples, n=4) if len(samples) >= 2 else [samples[0]] * 3
    return {"median_us": statistics.median(samples), "q1_us": q[0], "q3_us": q[2], "loops": loops, "repeats": repeats}


def fmt_us(us: float) -> str:
    if us >= 1000:
        return f"{us / 1000:8.2f} ms"
    return f"{us:8.1f} µs"


def before(section: str, key: str, field: str = "median_us"):
    if not COMPARE:
        return None
    return COMPARE.get(section, {}).get(key, {}).get(field)


def change(old, new, higher_is_better=False) -> str:
    if old is None or not old:
        return ""
    factor = (new / old) if higher_is_better else (old / new)
    return f"  (before {fmt_us(old).strip() if not higher_is_better else f'{old:,.0f}'}; ×{factor:.1f} {'faster' if factor >= 1 else 'slower'})"


def report(name: str, stat: dict, section: str = "inproc", goal_us: float | None = None) -> None:
    RESULTS[section][name] = stat
    spread = (stat["q3_us"] - stat["q1_us"]) / stat["median_us"] * 100 if stat["median_us"] else 0
    goal = ""
    if goal_us is not None:
        goal = f"  [goal < {fmt_us(goal_us).strip()}: {'met' if stat['median_us'] < goal_us else 'NOT met'}]"
    print(f"  {name:<58} {fmt_us(stat['median_us'])}  ±{spread:4.1f}% IQR{change(before(section, name), stat['median_us'])}{goal}")


# --- 1. in-process ---------------------------------------------------------------------------


def client():
    import app as app_module

    return app_module.create_app().test_client()


def sending(c, path: str, raw: bytes):
    """A call that POSTs the JSON body ``raw`` to ``path`` through the test client ``c``, as a
    client sends it: what a whole-request figure times."""
    return lambda: c.post(path, data=raw, content_type="application/json")


def post(c, path: str, raw: bytes, expect: int = 200):
    r = sending(c, path, raw)()
    if r.status_code != expect:
        raise SystemExit(f"{path} answered {r.status_code}: {r.get_data(as_text=True)[:300]}")
    return r


def inproc() -> None:
    print("\n1. In-process, CPU time per call (median of repeated batches; ± the interquartile range)")
    rules = referee.PRESETS["standard"]
    deck = F.full_deck_codes()
    report("parse a full deck (52 codes, mixed spellings): core", measure(lambda: parse_cards(deck)))
    from schemas.fields import CardList

    field = CardList()
    report("parse a full deck: CardList field (schema)", measure(lambda: field.deserialize(deck)))

    run5 = F.cards("5S 6S 7S 8S 9S")
    set4 = F.cards("QH QC QS QD")
    ace_high = F.cards("QS KS AS")
    assert check_meld(run5, rules).valid and check_meld(set4, rules).valid
    # check_meld remembers its answers (the same melds come with every request of a hand): the
    # first judgement of a meld is the remembered function's own cost.
    from referee.melds import _checked

    judge = _checked.__wrapped__
    report("check_meld: valid run of 5 (first time)", measure(lambda: judge(run5, rules)))
    report("check_meld: valid set of 4 (first time)", measure(lambda: judge(set4, rules)))
    report("check_meld: Q-K-A refused, with reasons (first time)", measure(lambda: judge(ace_high, rules)))
    report("check_meld: valid run of 5, remembered", measure(lambda: check_meld(run5, rules)))

    table = F.four_player_table()
    turn = F.full_turn()
    out = apply_moves(table, turn)
    assert out.legal and out.applied == 4, out.reasons
    report("apply a full turn (draw, meld, lay off, discard), 4 players", measure(lambda: apply_moves(table, turn)))

    eleven = F.eleven_card_state()
    assert len(legal_moves(eleven)) == 23
    report("legal_moves: 11-card hand, 10 melds on the table", measure(lambda: legal_moves(eleven)), goal_us=1000)
    report("validate_state: the 11-card, 10-meld table", measure(lambda: referee.validate_state(eleven)))

    remaining = {"ben": F.cards("KC QD 9S AC 5H 6H 2D"), "cy": F.cards("3C 4C 7D"), "dee": F.cards("JH")}
    report("score_hand: 3 opponents", measure(lambda: score_hand(remaining, True, rules)))

    pad_body = F.scorepad_body(100)  # the most a pad holds (the `deals` option's maximum)
    entries = _hand_entries(pad_body)
    pad_rules = referee.resolve_rules(pad_body["rules"])
    report("scorepad replay: 100 hands, 4 players (core)", measure(lambda: replay(pad_body["players"], pad_rules, entries)))

    # The HTTP layer's parts, still in-process.
    from schemas import api as S

    c = client()
    body = F.move_request_body()
    raw = orjson.dumps(body)
    assert post(c, "/v1/move", raw).get_json()["legal"] is True
    req_schema, resp_schema = S.MoveRequest(), S.MoveResponse()
    report("/v1/move body: orjson.loads (1.2 KB)", measure(lambda: orjson.loads(raw)))
    report("/v1/move body: MoveRequest().load (4-player state)", measure(lambda: req_schema.load(orjson.loads(raw))))
    args = req_schema.load(body)
    outcome = apply_moves(args["state"], [args["move"]])
    report("/v1/move answer: MoveResponse().dump", measure(lambda: resp_schema.dump(outcome)))
    report("POST /v1/move, whole request (Flask test client)", measure(sending(c, "/v1/move", raw)))
    legal_raw = orjson.dumps({"state": F.state_json(eleven)})
    post(c, "/v1/legal-moves", legal_raw)
    report(
        "POST /v1/legal-moves, 11-card hand, 10 melds (test client)",
        measure(sending(c, "/v1/legal-moves", legal_raw)),
    )
    pad_raw = orjson.dumps(pad_body)
    post(c, "/v1/scorepad", pad_raw)
    report("POST /v1/scorepad, 100 hands (test client)", measure(sending(c, "/v1/scorepad", pad_raw)))
    import echo_app

    e = echo_app.app.test_client()
    report(
        "POST echo of the /v1/move body, bare Flask (test client)",
        measure(sending(e, "/v1/move", raw)),
    )
    sealed(body, raw)


def sealed(body: dict, raw: bytes) -> None:
    """The same move at a sealed table: open the token, check the seat, move, seal, and the
    seat's view; beside the open move (goal: at most 1.5× its cost)."""
    import app as app_module
    from referee.game import Game
    from schemas import api as S
    from schemas.tables import TableMoveResponse
    from tables import Sealer, Table, Tables
    from tables.view import table_view

    tables = Tables(Sealer([bytes(range(32))]), wire=TABLE_WIRE)
    state = referee.apply_move(F.four_player_table(), referee.Move.draw("ana", "stock"))
    table = Table("bench-table", Game(tuple(p.id for p in state.players), state.rules, state.dealer, state, {}))
    token, seat = tables.seal(table), tables.sealer.seat(table.id, "ana")
    move = referee.Move.make_meld("ana", F.cards("5H 6H 7H"))
    req, resp, out = S.MoveRequest(), S.MoveResponse(), TableMoveResponse()

    def open_move():
        args = req.load(orjson.loads(raw))
        o = apply_moves(args["state"], [args["move"]])
        return orjson.dumps(resp.dump({"legal": o.legal, "reasons": [], "applied": o.applied, "state": o.state, "result": None}))

    def sealed_move():
        done = tables.move(token, seat, [move])
        return orjson.dumps(
            out.dump(
                {
                    "legal": done.outcome.legal,
                    "reasons": [],
                    "applied": done.outcome.applied,
                    "table": done.token,
                    "view": table_view(done.table, done.player),
                    "result": None,
                    "events": [],
                }
            )
        )

    assert sealed_move() and open_move()
    o, s = measure(open_move), measure(sealed_move)
    report("open move, core: load + move + dump (4 players)", o)
    report("sealed move, core: open + seat + move + seal + view (4 players)", s)
    ratio = s["median_us"] / o["median_us"]
    print(f"  {'sealed / open move, core':<58} ×{ratio:.2f}  [goal ≤ ×1.5: {'met' if ratio <= 1.5 else 'NOT met'}]")
    c = app_module.create_app({"TABLES": tables}).test_client()
    sraw = orjson.dumps({"table": token, "seat": seat, "move": {"action": "meld", "cards": ["5H", "6H", "7H"]}})
    assert post(c, "/v1/tables/move", sraw).get_json()["legal"] is True
    w = measure(sending(c, "/v1/tables/move", sraw))
    report("POST /v1/tables/move, whole request (test client)", w)
    whole = RESULTS["inproc"]["POST /v1/move, whole request (Flask test client)"]["median_us"]
    print(
        f"  {'sealed / open move, whole request':<58} ×{w['median_us'] / whole:.2f}  [goal ≤ ×1.5: {'met' if w['median_us'] / whole <= 1.5 else 'NOT met'}]"
    )
    RESULTS["sealed"] = {"ratio_core": ratio, "ratio_whole_request": w["median_us"] / whole}
    for n in (2, 6):
        t, _ = tables.create(["ana", "ben", "cy", "dee", "eve", "fay"][:n], referee.PRESETS["standard"], seed=n)
        size = len(tables.seal(t))
        RESULTS["sealed"][f"token_chars_{n}_players"] = size
        print(f"  {f'token size at the deal, {n} players':<58} {size} characters")


def _hand_entries(body: dict) -> list:
    out = []
    for h in body["hands"]:
        if h.get("draw"):
            out.append(HandEntry(drawn_hand=True))
            continue
        rem = {
            name: Remaining(cards=parse_cards(r["cards"])) if "cards" in r else Remaining(points=r["points"])
            for name, r in h["remaining"].items()
        }
        out.append(HandEntry(h["winner"], h["rummy"], rem))
    return out


# --- 2. growth -------------------------------------------------------------------------------


def exponent(xs, ys) -> float:
    """Slope of the least-squares line through (log x, log y): 1.0 is linear growth."""
    lx, ly = [math.log(x) for x in xs], [math.log(y) for y in ys]
    mx, my = statistics.fmean(lx), statistics.fmean(ly)
    return sum((a - mx) * (b - my) for a, b in zip(lx, ly)) / sum((a - mx) ** 2 for a in lx)


def series(title: str, key: str, xs, make, note: str = "", per: str = "") -> None:
    """Time ``make(x)()`` for each x; print each median, the ratio to the point at half (or a
    tenth of) x, and the fitted exponent over the points with x > 0."""
    print(f"\n  {title}")
    points = {}
    for x in xs:
        stat = measure(make(x), repeats=9)
        points[x] = stat["median_us"]
        ratio = ""
        for step, label in ((2, "per doubling"), (10, "per ×10")):
            if x % step == 0 and x // step in points and points[x // step]:
                ratio = f"×{points[x] / points[x // step]:.2f} {label}"
        if x == 6 and 3 in points:
            ratio = f"×{points[6] / points[3]:.2f} per doubling (3→6)"
        was = before("scaling", key, "points")
        was = was.get(str(x)) if was else None
        each = f"{fmt_us(stat['median_us'] / x).strip()} per {per}" if per and x else ""
        print(f"    {x:>5}  {fmt_us(stat['median_us'])}  {ratio:<28}{each:<22}{change(was, stat['median_us'])}")
    fit = [(x, y) for x, y in points.items() if x > 0]
    k = exponent([x for x, _ in fit], [y for _, y in fit])
    verdict = "no faster than linear" if k <= 1.1 else "FASTER THAN LINEAR"
    print(f"    fitted exponent {k:.2f} ({verdict})")
    if note:
        print(f"    note: {note}")
    RESULTS["scaling"][key] = {"points": {str(x): y for x, y in points.items()}, "exponent": k}


def request_series(c, title: str, key: str, path: str, bodies: dict, note: str = "", per: str = "") -> None:
    """:func:`series` of whole requests: for each x of ``bodies`` (in order), POST ``bodies[x]``
    to ``path`` through the test client ``c``; each body is answered 200 first, so no figure
    times a refusal."""
    for raw in bodies.values():
        post(c, path, raw)
    series(title, key, bodies, lambda x: sending(c, path, bodies[x]), note, per)


def scaling() -> None:
    print("\n2. How the costs grow (CPU time per call; exponent of a log-log fit, 1.0 = linear)")
    c = client()

    seqs = {n: F.move_sequence(n) for n in (1, 10, 100)}
    series(
        "moves per request — rules core, apply_moves",
        "moves_core",
        (1, 10, 100),
        lambda n: lambda s=seqs[n][0], m=seqs[n][1]: apply_moves(s, m),
        per="move",
        note="each list is the start of one 100-move sequence (draws, discards, a meld, a lay-off, a "
        "restock); its first move is a draw, the cheapest kind",
    )
    bodies = {n: orjson.dumps({"state": F.state_json(s), "moves": [to_json(m) for m in ms]}) for n, (s, ms) in seqs.items()}
    for n, raw in bodies.items():
        assert post(c, "/v1/move", raw).get_json()["applied"] == n
    request_series(c, "moves per request — whole POST /v1/move (test client)", "moves_http", "/v1/move", bodies, per="move")

    dealt = {n: F.dealt_state(n) for n in range(2, 7)}
    series(
        "players — rules core, legal_moves then apply a discard",
        "players_core",
        range(2, 7),
        lambda n: lambda s=dealt[n]: apply_moves(s, [legal_moves(s)[-1]]),
    )
    pbodies = {}
    for n, s in dealt.items():
        pbodies[n] = orjson.dumps({"state": F.state_json(s), "move": to_json(referee.Move.discard(s.turn.player, s.mover.hand[0]))})
        assert post(c, "/v1/move", pbodies[n]).get_json()["legal"] is True
    request_series(c, "players — whole POST /v1/move, one discard (test client)", "players_http", "/v1/move", pbodies)

    note = (
        "a 52-card deck holds at most 17 melds of three; a table still in play at most 16, "
        "so 17–20 cannot be sent (the schema caps melds at 17)"
    )
    counts = (0, 1, 2, 4, 8, 16)
    mstates = {n: F.melds_state(n) for n in counts}
    series("table melds — rules core, legal_moves (3-card hand)", "melds_core", counts, lambda n: lambda s=mstates[n]: legal_moves(s), note)
    mbodies = {n: orjson.dumps({"state": F.state_json(s)}) for n, s in mstates.items()}
    request_series(c, "table melds — whole POST /v1/legal-moves (test client)", "melds_http", "/v1/legal-moves", mbodies, note)

    pads = {n: F.scorepad_body(n) for n in (1, 10, 100, 1000)}
    entries = {n: _hand_entries(b) for n, b in pads.items()}
    prules = referee.resolve_rules(pads[10]["rules"])
    series(
        "scorepad hands — rules core, replay",
        "scorepad_core",
        (10, 100, 1000),
        lambda n: lambda b=pads[n], e=entries[n]: replay(b["players"], prules, e),
        per="hand",
    )
    sbodies = {n: orjson.dumps(b) for n, b in pads.items() if n <= 100}  # a pad holds 100 hands at most
    request_series(c, "scorepad hands — whole POST /v1/scorepad (test client)", "scorepad_http", "/v1/scorepad", sbodies, per="hand")


# --- 3. HTTP under gunicorn ------------------------------------------------------------------


def http() -> None:
    runs, seconds, connections = (2, 2, 4) if QUICK else (3, 5, 4)
    print(
        f"\n3. HTTP on loopback: gunicorn, 2 sync workers (gunicorn.conf.py), POST /v1/move, "
        f"{runs} alternating runs of {seconds}s each, {connections} connections"
    )
    wrk = ensure_wrk()
    print(f"  load generator: {'wrk (' + wrk + ')' if wrk else 'Python http.client processes (wrk not available)'}")
    body = orjson.dumps(F.move_request_body())
    body_file = tempfile.NamedTemporaryFile("wb", suffix=".json", delete=False)
    body_file.write(body)
    body_file.close()
    servers = {"move": Server("app:app"), "echo": Server("echo_app:app")}
    try:
        answer = orjson.loads(servers["move"].wait(body))
        if answer.get("legal") is not True:
            raise SystemExit(f"the benchmark move is not legal: {answer}")
        if orjson.loads(servers["echo"].wait(body)) != orjson.loads(body):
            raise SystemExit("the echo route does not echo")
        load = (
            (lambda url: run_wrk(wrk, url, body_file.name, seconds, connections))
            if wrk
            else (lambda url: run_python_load(url, body, seconds, connections))
        )
        for s in servers.values():  # warm-up: imports, first requests, CPU caches
            (run_wrk(wrk, s.url, body_file.name, 1, connections) if wrk else run_python_load(s.url, body, 1, connections))
        got: dict[str, list] = {"echo": [], "move": []}
        for i in range(runs):
            for name in ("echo", "move"):
                r = load(servers[name].url)
                got[name].append(r)
                flag = f"  non-2xx {r['non2xx']}" if r["non2xx"] else ""
                flag += f"  socket errors: {r['errors']}" if r["errors"] and r["errors"] != "connect 0, read 0, write 0, timeout 0" else ""
                print(f"    run {i + 1} {name:<5} {r['rps']:8,.0f} req/s  p50 {r['p50_ms']:6.2f} ms  p99 {r['p99_ms']:6.2f} ms{flag}")
    finally:
        for s in servers.values():
            s.stop()
        os.unlink(body_file.name)
    med = {name: {k: statistics.median(r[k] for r in rs) for k in ("rps", "p50_ms", "p99_ms")} for name, rs in got.items()}
    ratio = med["move"]["rps"] / med["echo"]["rps"]
    RESULTS["http"] = {**med, "ratio": ratio, "generator": "wrk" if wrk else "python", "runs": runs, "seconds": seconds}
    print(f"\n  {'median of runs':<22}{'req/s':>10}{'p50':>10}{'p99':>10}")
    for name, label in (("echo", "bare Flask echo"), ("move", "POST /v1/move")):
        m = med[name]
        was = (COMPARE or {}).get("http", {}).get(name)
        then = f"   before: {was['rps']:,.0f} req/s, p50 {was['p50_ms']:.2f} ms, p99 {was['p99_ms']:.2f} ms" if was else ""
        print(f"  {label:<22}{m['rps']:>10,.0f}{m['p50_ms']:>8.2f}ms{m['p99_ms']:>8.2f}ms{then}")
    was = (COMPARE or {}).get("http", {}).get("ratio")
    print(
        f"  /v1/move throughput = {ratio:.2f} × the echo route's"
        f"{f' (before: {was:.2f})' if was else ''}  [goal ≥ 0.50: {'met' if ratio >= 0.5 else 'NOT met'}]"
    )


# --- main ------------------------------------------------------------------------------------


def main() -> None:
    global QUICK, COMPARE
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats and shorter load (a smoke run)")
    ap.add_argument("--skip-http", action="store_true")
    ap.add_argument("--only-http", action="store_true")
    ap.add_argument("--save", default=str(HERE / "results" / "latest.json"))
    ap.add_argument(
        "--compare",
        default=str(HERE / "baseline.json") if (HERE / "baseline.json").exists() else None,
        help="a saved JSON to compare with (default bench/baseline.json); 'none' for no comparison",
    )
    a = ap.parse_args()
    QUICK = a.quick
    if a.compare and a.compare != "none":
        COMPARE = json.loads(Path(a.compare).read_text())
    started = time.time()
    print(f"Rummy Referee benchmarks — {machine()}")
    if COMPARE:
        print(f"compared with {a.compare} ({COMPARE.get('when', '?')})")
    RESULTS["versions"] = {d: _version(d) for d in ("Flask", "marshmallow", "flask-smorest", "gunicorn", "orjson")}
    if not a.only_http:
        inproc()
        scaling()
    if not a.skip_http:
        http()
    RESULTS["machine"] = machine()
    RESULTS["when"] = time.strftime("%Y-%m-%d %H:%M")
    RESULTS["seconds"] = time.time() - started
    Path(a.save).parent.mkdir(parents=True, exist_ok=True)
    Path(a.save).write_text(json.dumps(RESULTS, indent=1))
    print(f"\ndone in {RESULTS['seconds']:.0f}s; figures saved to {os.path.relpath(a.save, ROOT)}")


if __name__ == "__main__":
    main()
