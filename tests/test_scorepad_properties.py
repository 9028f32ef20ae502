"""Properties of the scorepad replay over random valid pads (RULES.md R2, R14–R16, R19, R20).

For every valid pad: each total is the sum of the per-hand points its player won, and each
hand's points are the multiplier × the R14 value of the cards entered (or the points reported).
The R14 values are computed here from the card text, independently of ``referee``.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import DECK, PRESETS, HandEntry, InvalidInput, Remaining, parse_cards, replay

SETTINGS = settings(max_examples=120, derandomize=True, deadline=None, database=None)
HTTP_SETTINGS = settings(max_examples=40, derandomize=True, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
DEALT = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}  # R2
CODES = [c.code for c in DECK]


def r14(code: str) -> int:
    """A card's value by R14 from its code: A = 1, 2–10 face value, J Q K = 10."""
    rank = code[:-1]
    return 1 if rank == "A" else 10 if rank in ("J", "Q", "K") else int(rank)


def test_r14_reference_values():
    assert [r14(c) for c in ["AC", "2D", "9H", "10S", "JC", "QD", "KH"]] == [1, 2, 9, 10, 10, 10, 10]
    assert sum(r14(c) for c in CODES) == 4 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 10 + 10 + 10)  # 340


@st.composite
def hand_entries(draw, players):
    """One valid hand as plain data: ``None`` for a drawn hand, else (winner, rummy,
    {opponent: ("cards", [codes]) | ("points", n)}) with no card twice in the hand."""
    if draw(st.integers(0, 5)) == 0:
        return None
    dealt = DEALT[len(players)]
    winner = draw(st.sampled_from(players))
    rummy = draw(st.booleans())
    deck = draw(st.permutations(CODES))
    remaining, used = {}, 0
    for p in players:
        if p == winner:
            continue
        if draw(st.booleans()):
            n = draw(st.integers(1, dealt))
            remaining[p] = ("cards", deck[used : used + n])
            used += n
        else:
            remaining[p] = ("points", draw(st.integers(1, 10 * dealt)))
    return winner, rummy, remaining


@st.composite
def pads(draw):
    """(players, rules, first_dealer, hands) with a target no game of this length can reach."""
    n = draw(st.integers(2, 6))
    players = NAMES[:n]
    preset = draw(st.sampled_from(sorted(PRESETS)))
    rules = replace(PRESETS[preset], target_score=100_000)
    first_dealer = draw(st.sampled_from(players))
    hands = draw(st.lists(hand_entries(players), max_size=12))
    return players, rules, first_dealer, hands


def to_entry(raw) -> HandEntry:
    if raw is None:
        return HandEntry(drawn_hand=True)
    winner, rummy, remaining = raw
    return HandEntry(
        winner=winner,
        rummy=rummy,
        remaining={p: Remaining(cards=parse_cards(v)) if kind == "cards" else Remaining(points=v) for p, (kind, v) in remaining.items()},
    )


def to_json(raw) -> dict:
    if raw is None:
        return {"draw": True}
    winner, rummy, remaining = raw
    return {"winner": winner, "rummy": rummy, "remaining": {p: {kind: v} for p, (kind, v) in remaining.items()}}


def expected_plain(value) -> int:
    kind, v = value
    return sum(r14(c) for c in v) if kind == "cards" else v


@SETTINGS
@given(pads())
def test_totals_are_the_sums_of_the_hands_and_hands_are_the_r14_values(pad):
    players, rules, first_dealer, raw_hands = pad
    result = replay(players, rules, [to_entry(h) for h in raw_hands], first_dealer)
    assert len(result.hands) == len(raw_hands)

    won = {p: 0 for p in players}
    for number, (raw, line) in enumerate(zip(raw_hands, result.hands), start=1):
        assert line.number == number
        if raw is None:
            assert line.drawn_hand and line.winner is None and line.points == 0 and line.remaining == {}
        else:
            winner, rummy, remaining = raw
            multiplier = 2 if rummy and rules.going_rummy_doubles else 1
            plain = {p: expected_plain(v) for p, v in remaining.items()}
            assert line.winner == winner and line.rummy == rummy
            assert line.multiplier == multiplier
            assert line.remaining == plain
            assert line.points == multiplier * sum(plain.values())
            won[winner] += line.points
        assert line.totals == won  # running totals after each hand

    # Totals equal the sum of per-hand points won.
    assert result.totals == won
    assert sum(result.totals.values()) == sum(line.points for line in result.hands)
    assert result.game_over is False and result.winner is None
    assert result.to_target == {p: 100_000 - t for p, t in won.items()}

    # Standings: every player once, highest first, ranks = 1 + how many are strictly ahead.
    assert sorted(s.player for s in result.standings) == sorted(players)
    totals = [s.total for s in result.standings]
    assert totals == sorted(totals, reverse=True)
    for s in result.standings:
        assert s.total == won[s.player]
        assert s.rank == 1 + sum(1 for t in won.values() if t > s.total)


@SETTINGS
@given(pads())
def test_dealers_follow_r19(pad):
    players, rules, first_dealer, raw_hands = pad
    result = replay(players, rules, [to_entry(h) for h in raw_hands], first_dealer)
    dealer = first_dealer
    for raw, line in zip(raw_hands, result.hands):
        assert line.dealer == dealer
        if raw is not None and len(players) == 2 and rules.dealer_rotation == "winner_two_player":
            dealer = raw[0]  # the winner deals next
        else:
            dealer = players[(players.index(dealer) + 1) % len(players)]  # the deal passes left
    assert result.next_dealer == dealer


@SETTINGS
@given(pads(), st.data())
def test_replaying_a_prefix_gives_the_same_lines(pad, data):
    """Stateless replay: the pad after k hands is the first k lines of any longer pad."""
    players, rules, first_dealer, raw_hands = pad
    entries = [to_entry(h) for h in raw_hands]
    full = replay(players, rules, entries, first_dealer)
    k = data.draw(st.integers(0, len(entries)))
    prefix = replay(players, rules, entries[:k], first_dealer)
    assert prefix.hands == full.hands[:k]
    assert prefix.totals == (full.hands[k - 1].totals if k else {p: 0 for p in players})


@SETTINGS
@given(pads(), st.data())
def test_a_correction_changes_only_the_winners_totals_by_the_difference(pad, data):
    """Changing one opponent's entry in one hand moves that hand's winner's totals, from that
    hand on, by multiplier × the change, and nothing else."""
    players, rules, first_dealer, raw_hands = pad
    scored = [i for i, h in enumerate(raw_hands) if h is not None]
    if not scored:
        return
    i = data.draw(st.sampled_from(scored))
    winner, rummy, remaining = raw_hands[i]
    who = data.draw(st.sampled_from(sorted(remaining)))
    new_points = data.draw(st.integers(1, 10 * DEALT[len(players)]))
    corrected = list(raw_hands)
    corrected[i] = (winner, rummy, {**remaining, who: ("points", new_points)})

    before = replay(players, rules, [to_entry(h) for h in raw_hands], first_dealer)
    after = replay(players, rules, [to_entry(h) for h in corrected], first_dealer)
    multiplier = 2 if rummy and rules.going_rummy_doubles else 1
    delta = multiplier * (new_points - expected_plain(remaining[who]))
    for j, (b, a) in enumerate(zip(before.hands, after.hands)):
        assert a.dealer == b.dealer
        shift = delta if j >= i else 0
        assert a.totals == {p: t + (shift if p == winner else 0) for p, t in b.totals.items()}
    assert after.totals[winner] == before.totals[winner] + delta


@HTTP_SETTINGS
@given(pads())
def test_http_answers_what_the_core_computes(app, pad):
    players, rules, first_dealer, raw_hands = pad
    body = {
        "rules": {"preset": rules.preset, "target_score": rules.target_score},
        "players": players,
        "first_dealer": first_dealer,
        "hands": [to_json(h) for h in raw_hands],
    }
    r = app.test_client().post("/v1/scorepad", json=body)
    assert r.status_code == 200, r.get_json()
    out = r.get_json()
    core = replay(players, rules, [to_entry(h) for h in raw_hands], first_dealer)
    assert out["totals"] == core.totals
    assert [(h["dealer"], h["points"], h["remaining"], h["totals"]) for h in out["hands"]] == [
        (h.dealer, h.points, h.remaining, h.totals) for h in core.hands
    ]
    assert out["next_dealer"] == core.next_dealer
    assert sum(h["points"] for h in out["hands"]) == sum(out["totals"].values())


@st.composite
def finishing_pads(draw):
    """Pads with a reachable end: a small target, or a number of deals."""
    players, rules, first_dealer, hands = draw(pads())
    if draw(st.booleans()):
        rules = replace(rules, target_score=draw(st.integers(1, 150)))
    else:
        rules = replace(rules, deals=draw(st.integers(1, 6)))
    return players, rules, first_dealer, hands


@SETTINGS
@given(finishing_pads())
def test_the_game_ends_by_r20_and_no_hand_may_follow(pad):
    players, rules, first_dealer, raw_hands = pad
    entries = [to_entry(h) for h in raw_hands]
    try:
        result = replay(players, rules, entries, first_dealer)
        end = None
    except InvalidInput as bad:
        # The only slip a valid pad can have: a hand after the game was won.
        [problem] = bad.problems
        end = problem.path[1]
        assert problem.path == ("hands", end)
        assert f"hand {end + 1} comes after the game was already won" in problem.message
        result = replay(players, rules, entries[:end], first_dealer)
        assert result.game_over

    # Walk the lines: the game is over exactly when R20 says so, and only at the last line.
    for k, line in enumerate(result.hands, start=1):
        totals = line.totals
        best = max(totals.values())
        leaders = [p for p, t in totals.items() if t == best]
        due = k >= rules.deals if rules.deals is not None else best >= rules.target_score
        ends = due and len(leaders) == 1
        if k < len(result.hands):
            assert not ends, (k, totals)
        else:
            assert result.game_over == ends
            assert result.winner == (leaders[0] if ends else None)
    if not result.hands:
        assert not result.game_over
    assert (result.next_dealer is None) == result.game_over
    assert (result.to_target is None) == (rules.deals is not None)
    if rules.deals is None:
        assert result.to_target == {p: max(0, rules.target_score - t) for p, t in result.totals.items()}
    if end is not None:
        assert end == len(result.hands)
