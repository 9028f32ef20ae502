/* Every request the play page makes, through the TypeScript client's table session
 * (clients/typescript, built into ./rummy-referee-client.js by `make clients`): the one
 * sealed-table loop. It keeps the latest table token, sends an unanswered request again
 * unchanged, catches up from a 409 (which carries the latest table and this seat's view) and
 * keeps what this seat saw of each deal (the entropy it sent, the commitments shown).
 *
 * Each function resolves (never rejects): {ok: true, data} | {ok: false, kind: 'invalid',
 * problem} (a 422: at `/table`, a token the service cannot open) | {ok: false, kind: 'http' |
 * 'network', message}. A move or deal that found the table moved on (a lost answer, another
 * tab) resolves {ok: true, data: {caught_up: true, legal: true, table, view, events: [],
 * summary}}: nothing was played now, and the page shows the table as it stands. */
import { createReferee, TableSession, RefereeError } from './rummy-referee-client.js';
import { forPlayers } from './api.js';
import { _, languageHeaders } from './i18n.js';

// Every request asks for the page's language (Accept-Language): the table's sentences (summary,
// events in words, refusals) come back in it.
const speaking = (request) => {
  const headers = new Headers(request.headers);
  Object.entries(languageHeaders()).forEach(([k, v]) => headers.set(k, v));
  return window.fetch(new Request(request, { headers }));
};
const referee = createReferee({ baseUrl: '', fetch: speaking });
let session = null;

/** The session of a saved game ({table, seat, player, expectations, nextEntropy}, as saved() gave it). */
export function bind(saved) {
  session = TableSession.restore(referee, { expectations: [], nextEntropy: null, ...saved });
}

/** What to keep of the session in localStorage (JSON), or null. */
export function saved() {
  return session ? session.save() : null;
}

/** What the session knows of `hand` from this seat's own side (HandExpectation: the entropy it
 * sent, the commitment promised before it sent it, the one first shown, the dealer, the dealt
 * cards, the rules), or null. */
export function expectation(hand) {
  return (session && session.expectations.get(hand)) || null;
}

async function answer(work) {
  try {
    return { ok: true, data: await work() };
  } catch (e) {
    if (e instanceof RefereeError && e.status === 422 && e.problem) return { ok: false, kind: 'invalid', problem: e.problem };
    if (e instanceof RefereeError) {
      const why = e.problem && (e.problem.detail || e.problem.title);
      return { ok: false, kind: 'http', status: e.status, message: why ? _('The Rummy Referee could not answer this (error {status}: {why}).', { status: String(e.status), why: forPlayers(why) }) : _('The Rummy Referee could not answer this (error {status}).', { status: String(e.status) }) };
    }
    return { ok: false, kind: 'network', message: _('Could not reach the Rummy Referee (is the connection down?). Your game is kept: try again.') };
  }
}

const caughtUp = (view) => ({
  caught_up: true, legal: true, table: session.table, view, events: [],
  summary: _('The game caught up with the table: here it is as it stands now.'),
});

const STARTING = 'rummy-referee-play-starting-v1'; // {wanted, prepared} until the table is dealt

function kept() {
  try { return JSON.parse(window.localStorage.getItem(STARTING) || 'null'); } catch (e) { return null; }
}

/** Seat the players and deal hand 1 from a pledged seed: the service locks in the seed
 * (POST /v1/tables/pledge) before the page draws its entropy (TableSession.prepare). Until the
 * table is dealt the pledge and entropy are kept (localStorage), so a retry of the same game is
 * the same request: the same table, never a second deal to choose from. A service that keeps no
 * tables makes no pledge (409): hand 1 is dealt without one, `unpledged` saying why. `bots` maps
 * each computer opponent to its level; the answer's view is `seat`'s (a human player's id).
 * → {table, seats, view, events, summary, unpledged} */
export async function createTable(players, bots, rules, seat) {
  const wanted = JSON.stringify({ players, bots, rules, seat });
  let starting = kept();
  if (!starting || starting.wanted !== wanted) {
    const p = await answer(() => TableSession.prepare(referee));
    if (!p.ok) return p;
    starting = { wanted, prepared: p.data };
    window.localStorage.setItem(STARTING, JSON.stringify(starting));
  }
  const a = await answer(async () => {
    const made = await TableSession.create(referee, { players, bots, rules, player: seat, prepared: starting.prepared });
    session = made.session;
    return { ...session.lastAnswer, seats: made.seats, unpledged: starting.prepared.unpledged };
  });
  // dealt, or a pledge that cannot deal (used, expired, refused): the next game asks anew
  if (a.ok || a.kind === 'invalid' || a.status === 409) window.localStorage.removeItem(STARTING);
  return a;
}

/** The seat's view of the latest table. → {table, view} */
export function viewTable() {
  return answer(async () => {
    const view = await session.refresh();
    return { table: session.table, view };
  });
}

/** Play one move for the seat; the service then plays the computer opponents' turns.
 * → {legal, reasons, applied, table, view, result, events, summary} (or a catch-up) */
export function playMove(move) {
  return answer(async () => {
    const outcome = await session.move(move);
    return outcome.kind === 'caught_up' ? caughtUp(outcome.view) : outcome.answer;
  });
}

/** Deal the game's next hand (the page's entropy, the same again on a retry from the same
 * token). → {table, view, events, summary} (or a catch-up) */
export function nextHand() {
  return answer(async () => {
    const view = await session.nextHand();
    return session.lastAnswer || caughtUp(view);
  });
}

/** Check the finished hand in view: POST /v1/verify with its result.fairness and every
 * expectation this seat knows as `expect` (the session's checkDeal). → DealCheck {hand, expect,
 * verified, summary, problems, checked, answer} */
export function checkDeal() {
  return answer(() => session.checkDeal());
}

/** What the computer opponent of `level` would play from this seat, and why. → {move, summary} */
export function suggest(level) {
  return answer(() => session.suggest(level));
}
