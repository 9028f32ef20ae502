/* Every request the play page makes: the sealed tables of the public HTTP API (README, "The game
 * loop, sealed tables"). Each function resolves as postJson() does (it never rejects):
 * {ok: true, data} | {ok: false, kind, message | problem}.
 *
 * The page keeps only what these answers give it: the latest `table` token (send it back with
 * every request), its own `seat`, and the seat's `view`. */
import { postJson } from './api.js';

/** Seat the players and deal hand 1; `bots` maps each computer opponent to its level; the
 * answer's view is `seat`'s (a human player's id). → 201 {table, seats, view, events, summary} */
export function createTable(players, bots, rules, seat) {
  return postJson('/v1/tables', { players, bots, rules, seat });
}

/** The seat's view of the table (its hand, the counts, `legal_moves` on its turn). → {view} */
export function viewTable(table, seat) {
  return postJson('/v1/tables/view', { table, seat });
}

/** Play one move for the seat; the service then plays the computer opponents' turns.
 * → {legal, reasons, applied, table, view, result, events, summary} */
export function playMove(table, seat, move) {
  return postJson('/v1/tables/move', { table, seat, move });
}

/** Deal the game's next hand (dealer by R19); the answer's view is the seat's. → {table, view, events, summary} */
export function nextHand(table, seat) {
  return postJson('/v1/tables/next', { table, seat });
}

/** Check a finished hand's deal (its `result.fairness`) without trusting the service. → {verified, reasons, summary} */
export function verifyDeal(fairness) {
  return postJson('/v1/verify', { fairness });
}

/** What the computer opponent of `level` would play from this seat, and why. → {move, summary} */
export function suggest(table, seat, level) {
  return postJson('/v1/tables/suggest', { table, seat, level });
}
