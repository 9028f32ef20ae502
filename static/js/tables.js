/* Every request the play page makes: the sealed tables of the public HTTP API (README, "The game
 * loop, sealed tables"). Each function resolves as postJson() does (it never rejects):
 * {ok: true, data} | {ok: false, kind, message | problem}.
 *
 * The page keeps only what these answers give it: the latest `table` token (send it back with
 * every request), its own `seat`, and the seat's `view`. */
import { postJson } from './api.js';

/** The player's share of a deal's shuffle (contract, provably fair deals): 16 random bytes from
 * the browser, in hex, so the service cannot choose the deck alone. */
function entropy() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Seat the players and deal hand 1 (the page's `entropy` in its shuffle); `bots` maps each
 * computer opponent to its level; the answer's view is `seat`'s (a human player's id).
 * → 201 {table, seats, view, events, summary} */
export function createTable(players, bots, rules, seat) {
  return postJson('/v1/tables', { players, bots, rules, seat, entropy: entropy() });
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

const nextFrom = { table: null, entropy: null };

/** Deal the game's next hand (dealer by R19; the page's `entropy` in its shuffle); the answer's
 * view is the seat's. → {table, view, events, summary} */
export function nextHand(table, seat) {
  // A retry from the same token sends the same entropy: the replay guard then answers it again.
  if (nextFrom.table !== table) Object.assign(nextFrom, { table, entropy: entropy() });
  return postJson('/v1/tables/next', { table, seat, entropy: nextFrom.entropy });
}

/** Check a finished hand's deal (its `result.fairness`) without trusting the service. → {verified, reasons, summary} */
export function verifyDeal(fairness) {
  return postJson('/v1/verify', { fairness });
}

/** What the computer opponent of `level` would play from this seat, and why. → {move, summary} */
export function suggest(table, seat, level) {
  return postJson('/v1/tables/suggest', { table, seat, level });
}
