/* Every request the play page makes: the sealed tables of the public HTTP API (README, "The game
 * loop, sealed tables"). Each function resolves as postJson() does (it never rejects):
 * {ok: true, data} | {ok: false, kind, message | problem}.
 *
 * The page keeps only what these answers give it: the latest `table` token (send it back with
 * every request), its own `seat`, and the seat's `view`. */
import { postJson } from './api.js';

/** Seat the players and deal hand 1; `bots` maps each computer opponent to its level. → 201 {table, seats, view, events} */
export function createTable(players, bots, rules) {
  return postJson('/v1/tables', { players, bots, rules });
}

/** The seat's view of the table (its hand, the counts, `legal_moves` on its turn). → {view} */
export function viewTable(table, seat) {
  return postJson('/v1/tables/view', { table, seat });
}

/** Play one move for the seat; the service then plays the computer opponents' turns.
 * → {legal, reasons, applied, table, view, result, events} */
export function playMove(table, seat, move) {
  return postJson('/v1/tables/move', { table, seat, move });
}

/** Deal the game's next hand (dealer by R19). → {table, view (a spectator's), events} */
export function nextHand(table) {
  return postJson('/v1/tables/next', { table });
}

/** What the computer opponent of `level` would play from this seat, and why. → {move, summary} */
export function suggest(table, seat, level) {
  return postJson('/v1/tables/suggest', { table, seat, level });
}
