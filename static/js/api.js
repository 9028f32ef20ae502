/* The one way the page talks to the Rummy Referee, and the one way it words what comes back.
 *
 * postJson() never rejects: it resolves to {ok: true, data} | {ok: false, kind: 'invalid',
 * problem} (a 422) | {ok: false, kind: 'network' | 'http', message}. Every request asks for the
 * page's language (Accept-Language), so the service's sentences come back in it. */
import { _, languageHeaders } from './i18n.js';

const TIMEOUT_MS = 15000;

/** POSTs body as JSON to url (or GETs url when body is undefined); see the module comment. */
export function postJson(url, body) {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), TIMEOUT_MS);
  const init = {
    method: body === undefined ? 'GET' : 'POST',
    headers: Object.assign({ Accept: 'application/json, application/problem+json' }, languageHeaders()),
    signal: controller.signal,
    cache: 'no-store',
  };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return window.fetch(url, init).then((resp) => resp.text().then((text) => {
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
    if (resp.ok && data && typeof data === 'object') return { ok: true, data };
    if (resp.status === 422 && data) return { ok: false, kind: 'invalid', problem: data };
    const why = data && (data.detail || data.title);
    return {
      ok: false, kind: 'http',
      message: why
        ? _('The Rummy Referee could not answer this (error {status}: {why}). Nothing was changed.', { status: String(resp.status), why: forPlayers(why) })
        : _('The Rummy Referee could not answer this (error {status}). Nothing was changed.', { status: String(resp.status) }),
    };
  })).catch(() => ({
    ok: false, kind: 'network',
    message: _('Could not reach the Rummy Referee (is the connection down?). Nothing was changed: try again.'),
  })).then((answer) => {
    window.clearTimeout(timer);
    return answer;
  });
}

/** GETs url as JSON; the same answers as postJson. */
export function getJson(url) {
  return postJson(url, undefined);
}

/* Option names the API uses in messages, as a player would say them. */
const OPTION_WORDS = { target_score: _('The target score'), deals: _('The number of deals') };

/**
 * A message of the API as a player reads it at the table: no rule ids ("(R14)"), no "hand 4:"
 * prefix (the page shows each message beside the hand it concerns), no option names, and
 * "the rules' target score" as "The target score" (the page's setup screen holds the rules).
 * `names` are the players' names: a sentence starting with one keeps its case.
 */
export function forPlayers(text, names) {
  let t = String(text || '');
  t = t.replace(/\s*\((?:R\d{1,2}(?:[–-]R\d{1,2})?(?:,\s*)?)+\)/g, '');
  t = t.replace(/^hand \d+(?::\s*|,\s*)/i, '');
  t = t.replace(/^(target_score|deals):?(?= )/, (m) => OPTION_WORDS[m.replace(':', '')]);
  t = t.replace(/^the rules' /, 'the ');
  t = t.replace(/^(?:onto|the meld to lay off onto) is not a valid meld/, _('The meld on the table is not a meld'));
  const startsWithName = (names || []).some((n) => n && t.startsWith(n));
  if (!startsWithName) t = t.charAt(0).toUpperCase() + t.slice(1);
  return t;
}

/** The faults of a problem answer as [{pointer, detail}], each detail worded for players. */
export function problemErrors(problem, names) {
  let list = Array.isArray(problem.errors) ? problem.errors.filter((e) => e && e.detail) : [];
  if (!list.length) list = [{ pointer: '', detail: problem.detail || problem.title || _('The entry was refused.') }];
  return list.map((e) => ({ pointer: e.pointer || '', detail: forPlayers(e.detail, names) }));
}

/** The parts of a JSON Pointer ("/hands/0/remaining/Ben" → ["hands", "0", "remaining", "Ben"]). */
export function decodePointer(pointer) {
  if (typeof pointer !== 'string' || pointer === '') return [];
  return pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
