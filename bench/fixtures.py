"""Fixed, realistic inputs for the benchmarks: table snapshots, move lists and scorepads.

Everything here is deterministic (fixed card lists or seeded deals), so two runs time the same
work. States are built with the rules core and written out as the JSON a client sends back: the
canonical state of a previous answer (``StateOutSchema``), every field filled in.
"""

from __future__ import annotations

import random

from referee import DECK, PRESETS, Meld, Move, Player, State, StateInput, Turn, apply_move, deal, legal_moves, parse_cards, validate_state
from referee.notation import parse_position
from referee.state import Phase
from schemas.state import StateOutSchema
from schemas.wire import to_json  # noqa: E402

STANDARD = PRESETS["standard"]
_STATE_OUT = StateOutSchema()


def cards(text: str):
    return parse_cards(text.split())


def state_json(state: State) -> dict:
    """The state as a client sends it back: the canonical answer form."""
    return _STATE_OUT.dump(state)


def move_json(move: Move) -> dict:
    return to_json(move)


# --- a full turn at a 4-player table ---------------------------------------------------------


FOUR_PLAYERS = (
    "ana:5H 6H 7H 9C KS 2D 4C / ben:AS 2S 3S 9D / cy:JD QH 4D 6S 10S / dee:2H 3C 5C 8C JH QS KD"
    " | m1@ben:10C JC QC / m2@cy:8D 8H 8S | 7C 5D 9S | 3D ... | ana draw"
)
"""Mid-hand, 4 players, 2 melds on the table; ana to draw. The stock's top card is 3D (the
position notation of ``referee.notation``)."""


def four_player_table() -> State:
    """:data:`FOUR_PLAYERS` as a State."""
    return parse_position(FOUR_PLAYERS)


def full_turn(player: str = "ana") -> list[Move]:
    """Draw, meld, lay off, discard: one whole turn for :func:`four_player_table`."""
    return [
        Move.draw(player, "stock"),
        Move.make_meld(player, cards("5H 6H 7H")),
        Move.lay_off(player, cards("9C"), "m1"),
        Move.discard(player, cards("KS")[0]),
    ]


def move_request_body() -> dict:
    """The /v1/move body of the HTTP benchmark: a realistic 4-player state, ana has drawn
    and melds three hearts."""
    state = apply_move(four_player_table(), Move.draw("ana", "stock"))
    return {"state": state_json(state), "move": move_json(Move.make_meld("ana", cards("5H 6H 7H")))}


# --- an 11-card hand with 10 melds on the table ------------------------------------------------

ELEVEN_CARDS = (
    "ana*:2C 3C 4C 5C 6C 8D 4H JH 3S 10S 9C / ben:8C 9D 10D JD QD 5H"
    " | m1@ana:AH 2H 3H / m2@ben:5D 6D 7D / m3@ana:JS QS KS / m4@ben:7C 7H 7S / m5@ana:KC KD KH"
    " / m6@ben:10C JC QC / m7@ana:4S 5S 6S / m8@ben:8H 9H 10H / m9@ana:2D 3D 4D / m10@ben:AC AD AS"
    " | 6H | ... | ana play"
)
"""2 players; ana has drawn and holds 11 cards; 10 melds on the table. ana can make 6 runs, lay
off 6 cards (each on its own meld) and discard any of 11: 23 legal moves."""


def eleven_card_state() -> State:
    """:data:`ELEVEN_CARDS` as a State."""
    return parse_position(ELEVEN_CARDS)


# --- scaling inputs ------------------------------------------------------------------------


def dealt_state(players: int, seed: int = 11) -> State:
    """A fresh deal for ``players`` players, the first player having drawn from the stock."""
    ids = ["ana", "ben", "cy", "dee", "eve", "fay"][:players]
    state = validate_state(deal(ids, STANDARD, seed=seed))
    return apply_move(state, Move.draw(state.turn.player, "stock"))


def move_sequence(count: int, players: int = 4, seed: int = 3) -> tuple[State, list[Move]]:
    """A state and ``count`` legal moves in a row from it: each turn draws, melds or lays off
    while at least three cards stay in hand, then discards. The hand never ends, so any count
    is reachable (the stock is turned over when it runs out, R17)."""
    ids = ["ana", "ben", "cy", "dee", "eve", "fay"][:players]
    start = validate_state(deal(ids, STANDARD, seed=seed))
    state, moves = start, []
    pick = random.Random(seed)
    while len(moves) < count:
        options = legal_moves(state)
        hand = len(state.mover.hand)
        plays = [m for m in options if m.action in ("meld", "lay_off") and hand - len(m.cards) >= 3]
        draws = [m for m in options if m.action == "draw"]
        if draws:
            move = draws[0] if pick.random() < 0.7 or len(draws) == 1 else draws[1]
        elif plays and pick.random() < 0.5:
            move = plays[0]
        else:
            move = pick.choice([m for m in options if m.action == "discard"])
        state = apply_move(state, move)
        moves.append(move)
    return start, moves


def melds_state(count: int) -> State:
    """2 players, ana has drawn and holds KC KD KH; ``count`` three-card runs on the table (0–16),
    the 10-J-Q runs first so the kings find melds to lay off on. A 52-card deck holds at most 17
    melds of three (51 cards); while a hand is being played both players hold a card, so 16 is
    the most a playable table carries (here: 48 cards in runs, 3 kings with ana, KS with ben)."""
    if not 0 <= count <= 16:
        raise ValueError("a playable table holds 0 to 16 melds")
    hand = cards("KC KD KH")
    runs = [tuple(DECK[s * 13 + r - 1] for r in range(start, start + 3)) for start in (10, 7, 4, 1) for s in range(4)][:count]
    used = set(hand) | {c for run in runs for c in run}
    rest = [c for c in DECK if c not in used and c.code != "KS"]
    discard, stock = tuple(rest[:1]), tuple(rest[1:])
    players = (Player("ana", hand, True), Player("ben", cards("KS"), True))
    table = tuple(Meld(f"m{i + 1}", "ben", run) for i, run in enumerate(runs))
    return validate_state(
        StateInput(players=players, turn=Turn("ana", Phase.AFTER_DRAW), stock=stock, discard=discard, melds=table, rules=STANDARD)
    )


def scorepad_body(hands: int, players: int = 4, seed: int = 5) -> dict:
    """A /v1/scorepad body with ``hands`` hands (about one in ten a draw), each opponent's
    remaining given as cards or as points, target high enough that the game goes on."""
    names = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"][:players]
    pick = random.Random(seed)
    codes = [c.code for c in DECK]
    entries = []
    for _ in range(hands):
        if pick.random() < 0.1:
            entries.append({"draw": True})
            continue
        winner = pick.choice(names)
        deck = codes[:]
        pick.shuffle(deck)
        remaining = {}
        for name in names:
            if name == winner:
                continue
            if pick.random() < 0.7:
                n = pick.randint(1, 5)
                remaining[name] = {"cards": [deck.pop() for _ in range(n)]}
            else:
                remaining[name] = {"points": pick.randint(1, 40)}
        entries.append({"winner": winner, "rummy": pick.random() < 0.1, "remaining": remaining})
    return {"rules": {"preset": "standard", "target_score": 100_000}, "players": names, "hands": entries}


def full_deck_codes() -> list[str]:
    """The 52 cards as a client might write them: a mix of canonical codes and other spellings."""
    out = []
    for i, c in enumerate(DECK):
        code = c.code
        if i % 4 == 1:
            code = code.lower()
        elif i % 4 == 2:
            code = c.symbol
        out.append(code)
    return out
