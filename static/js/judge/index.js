/* The referee's answers with no connection, for the three questions a table with a real deck
 * asks: is it a meld (POST /v1/melds/check), what does this hand score (POST /v1/hand-score),
 * what are the totals (POST /v1/scorepad). Each answer is the service's own, word for word:
 * tests/test_offline_judge.py holds this judge equal to the referee over every meld of up to
 * five cards under every aces option and thousands of random scorepads.
 *
 * answer(url, body, rulesDocument, catalog) resolves as api.js's postJson does — {ok: true, data} or
 * {ok: false, kind: 'invalid', problem} — with `offline: true`; or null when it cannot judge
 * (another path, rules it does not know, cards not in canonical codes: the page then says the
 * service is needed). `rulesDocument` is GET /v1/rules's answer (kept from the last visit); `catalog` the browser catalog of the page's language
 * (static/i18n/<tag>.json; null for English): every sentence is said in it as the service says
 * it with that Accept-Language. */
import { checkMeld, allCards } from './melds.js';
import { replay, handScore, comparable, numbersOf, MAX_PROBLEMS } from './scorepad.js';
import { render, say, sayN, term, reworded } from './speech.js';

/* A 422's title, as web/problems.py says it: Python's reason phrase in English, the catalog's in another language. */
const UNPROCESSABLE = reworded(term('HTTP status', 'Unprocessable Content'), 'Unprocessable Entity');

/** The rules object of a request ({preset, …overrides}) resolved against the service's presets,
 * every option in the service's order; null when it names a preset or option not in `doc`. */
export function resolveRules(spec, doc) {
  if (!doc || !Array.isArray(doc.presets)) return null;
  const given = spec || {};
  const name = given.preset === undefined ? doc.default_preset || 'standard' : given.preset;
  const preset = doc.presets.find((p) => p.preset === name);
  if (!preset) return null;
  const rules = { ...preset };
  for (const [option, value] of Object.entries(given)) {
    if (option === 'preset') continue;
    if (!(option in preset)) return null;
    rules[option] = value;
  }
  return rules;
}

function pointer(path) {
  return path.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** The 422 problem document the service sends for these faults (web/problems.py, invalid), its
 * sentences said in `catalog`'s language (null: English). */
export function problemDocument(problems, stopped, catalog) {
  const total = problems.length;
  const first = problems[0].message;
  let detail = first;
  if (stopped) {
    detail = say('{first} (and more: checking stopped after the first {count}, which are listed)', { first, count: MAX_PROBLEMS });
  } else if (total > MAX_PROBLEMS) {
    detail = sayN('{first} (and {count} more; the first {listed} are listed)', '{first} (and {count} more; the first {listed} are listed)',
      total - 1, { first, listed: MAX_PROBLEMS });
  } else if (total > 1) {
    detail = sayN('{first} (and {count} more)', '{first} (and {count} more)', total - 1, { first });
  }
  return {
    type: 'about:blank', title: render(UNPROCESSABLE, catalog), status: 422, detail: render(detail, catalog),
    errors: problems.slice(0, MAX_PROBLEMS).map((p) => ({ pointer: pointer(p.path), detail: render(p.message, catalog) })),
  };
}

/** A meld check's answer with its sentences said in `catalog`'s language. */
function saidMeld(data, catalog) {
  const reasons = data.reasons.map((r) => ({ ...r, message: render(r.message, catalog) }));
  return { ...data, reasons, summary: render(data.summary, catalog) };
}

function judged(result, catalog, meld) {
  if (result.status === 200) return { ok: true, data: meld ? saidMeld(result.data, catalog) : result.data, offline: true };
  return { ok: false, kind: 'invalid', problem: problemDocument(result.problems, result.stopped, catalog), offline: true };
}

/** See the module comment. */
export function answer(url, body, doc, catalog) {
  if (!body || typeof body !== 'object') return null;
  const rules = resolveRules(body.rules, doc);
  if (!rules) return null;
  if (url === '/v1/melds/check') {
    if (!allCards(body.cards) || (body.onto !== undefined && !allCards(body.onto))) return null;
    return judged(checkMeld(body, rules), catalog, true);
  }
  const numbers = numbersOf(doc); // the rules' numbers (seats, hand sizes, card points, R15's multiplier)
  if (!numbers) return null;
  const most = Math.max(...Object.values(numbers.dealt));
  if (url === '/v1/hand-score') {
    if (!body.remaining || !Object.values(body.remaining).every((cards) => allCards(cards) && cards.length >= 1 && cards.length <= most)) return null;
    if (!Object.keys(body.remaining).every(comparable)) return null;
    return judged(handScore(body, rules, numbers), catalog);
  }
  if (url === '/v1/scorepad') {
    if (!Array.isArray(body.players) || !body.players.every((p) => typeof p === 'string')) return null;
    // A table of too few or too many players is refused by the request's schema, in its words:
    // the page never sends one (its setup holds the same limits).
    const seats = numbers.players;
    if (body.players.length < seats.minimum || body.players.length > seats.maximum) return null;
    // (and more cards than anyone is dealt, R2: the schema's bound, in its words)
    // (and more entries in one hand than players at a table, R2)
    const cardsOk = (body.hands || []).every((hand) => Object.keys(hand.remaining || {}).length <= seats.maximum
      && Object.values(hand.remaining || {}).every((rem) => rem.cards === undefined || (allCards(rem.cards) && rem.cards.length <= most)));
    if (!cardsOk) return null;
    // Names the judge can compare as the referee does (R2a); any other is the service's to judge.
    const named = body.players.concat(body.first_dealer ? [body.first_dealer] : [], ...(body.hands || [])
      .map((hand) => [hand.winner || ''].concat(Object.keys(hand.remaining || {}))));
    if (!named.every(comparable)) return null;
    return judged(replay(body, rules, numbers), catalog);
  }
  return null;
}
