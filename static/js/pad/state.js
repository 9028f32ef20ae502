/* The scorepad's game as data: its shape, how it is kept in localStorage, and the small facts the
 * screens read from it. No drawing and no requests here; every function takes the game (`store`)
 * or the service's rules document (`rules`, GET /v1/rules) as an argument and imports nothing of
 * the other pad modules, so the page's modules import in one direction:
 * scorepad.js → view.js → setup, share, chart, entry → save → history → submit → notes → state. */
import { limits, presets, targetDefault } from '../service.js';
import { nameKey } from '../judge/scorepad.js';
import { _, ngettext } from '../i18n.js';

export const STORE_KEY = 'rummy-referee.scorepad.v1';

/* The game kept in localStorage (one object, `store`):
 * store.pad:       the game as sent to the API {rules, players, first_dealer, hands}
 * store.result:    the API's last 200 answer for store.pad (kept for a weak connection)
 * store.draft:     the next hand being entered
 * store.edit:      a correction of an earlier hand being entered, or null
 * store.setup:     the new-game form
 * store.undone:    {hand, number}: the hand last removed with "Undo", so it can be put back
 *                  (kept with the game, so the offer survives a reload)
 * store.offline:   true when store.result was worked out on this phone (no connection) by the
 *                  offline judge, with the service's own rules and words
 * store.offlineHands: per hand of store.pad, whether it was entered (or changed) with no
 *                  connection and is not yet confirmed by the service */
export function emptyStore() {
  return { pad: null, result: null, draft: newDraft(), edit: null, setup: defaultSetup(), undone: null, offline: false, offlineHands: [] };
}

/* What the page itself keeps for this visit only (never saved):
 * busy:          a request is in flight (the submitting buttons are off)
 * settingUp:     the setup screen is open over a game
 * confirmDelete: the index of the hand whose "Delete" asks to confirm, or null
 * confirmDraw:   the drawn-hand button was tapped once and asks to confirm
 * historyErrors: {hand index: [sentence]} refusals shown on the list of hands
 * notSaved:      the sticky bar says what the entry on screen is about ("Not saved: …") */
export function emptyUi() {
  return { busy: false, settingUp: false, confirmDelete: null, confirmDraw: false, historyErrors: {}, notSaved: false };
}

export function defaultSetup() {
  // target null: the preset's own (GET /v1/rules), until the player types or taps one
  return { names: ['', ''], preset: 'standard', length: 'target', target: null, deals: '6', firstDealer: 0 };
}

export function newDraft(index) {
  return { index: index === undefined ? null : index, winner: null, rummy: false, entries: {} };
}

/** The game as kept in localStorage (a fresh one when there is none or it cannot be read). */
export function load() {
  const s = emptyStore();
  try {
    const raw = window.localStorage.getItem(STORE_KEY);
    if (raw) {
      const saved = JSON.parse(raw);
      if (saved && typeof saved === 'object') {
        Object.keys(s).forEach((k) => {
          if (saved[k] !== undefined) s[k] = saved[k];
        });
      }
    }
  } catch (e) {
    /* unreadable storage: start afresh */
  }
  if (!s.draft) s.draft = newDraft();
  if (!s.setup || !Array.isArray(s.setup.names)) s.setup = defaultSetup();
  if (!Array.isArray(s.offlineHands)) s.offlineHands = [];
  return s;
}

/** Keeps `store` in localStorage; false when the browser would not (private mode, storage full). */
export function persist(store) {
  try {
    window.localStorage.setItem(STORE_KEY, JSON.stringify(store));
    return true;
  } catch (e) {
    return false;
  }
}

// ---------------------------------------------------------------- what the service says (GET /v1/rules)

/** {min, max} players at a table (R2). */
export function playerLimits(rules) {
  return limits(rules).players;
}

/** The target score of the setup form, as typed or tapped, else the preset's own (R20). */
export function setupTarget(setup, rules) {
  return String(setup.target === null || setup.target === undefined ? (targetDefault(rules, setup.preset) ?? '') : setup.target);
}

/** The target scores one tap away; any whole number in the service's range can be typed (R20). */
export function commonTargets(rules) {
  const target = rules && rules.options.find((o) => o.name === 'target_score');
  return target ? target.suggested : [];
}

/** [{value, label, about}] of the presets; before the service answers, only `current`. */
export function presetChoices(rules, current) {
  const known = presets(rules);
  return known.length ? known : [{ value: current, label: current, about: '' }];
}

export function presetLabel(rules, name) {
  const found = presets(rules).find((p) => p.value === name);
  return found ? found.label : name;
}

/** The option of R15 (going rummy) and its value under `gameRules`, as /v1/rules words them. */
export function rummyValue(rules, gameRules) {
  const option = ((rules && rules.options) || []).find((o) => o.rule === 'R15');
  return option && (option.values || []).find((v) => v.value === gameRules[option.name]);
}

// ---------------------------------------------------------------- the game

export function rulesOf(store) {
  return (store.result && store.result.rules) || (store.pad && store.pad.rules) || {};
}

export function rulesLine(store, rules) {
  const r = rulesOf(store);
  const preset = _('{preset} rules', { preset: presetLabel(rules, r.preset || 'standard') });
  const aces = r.aces === 'high_or_low' ? ` \u00b7 ${_('aces high or low')}` : '';
  if (r.deals) return `${preset}${aces} \u00b7 ${ngettext('{n} deal', '{n} deals', r.deals)}`;
  return `${preset}${aces} \u00b7 ${_('first to {n} points', { n: r.target_score || targetDefault(rules, r.preset || 'standard') })}`;
}

export function dealerLine(result) {
  if (!result) return '';
  return result.next_dealer ? _('Next dealer: {name}.', { name: result.next_dealer }) : '';
}

export function standingsSpeech(result) {
  return `${(result.standings || []).map((s) => `${s.player} ${s.total}`).join(', ')}.`;
}

/** The game of `store` with these hands instead of its own. */
export function padWith(store, hands) {
  return { rules: store.pad.rules, players: store.pad.players, first_dealer: store.pad.first_dealer, hands };
}

/* Which hands of `pad` were entered with no connection: with an answer of the service, none (it
 * has scored them all); with the phone's, those new or changed since `store.pad`, and those
 * already marked. */
export function offlineMarks(store, pad, offline) {
  if (!offline) return [];
  const old = (store.pad && store.pad.hands) || [];
  return pad.hands.map((hand, i) => Boolean(store.offlineHands[i]) || JSON.stringify(hand) !== JSON.stringify(old[i]));
}

/* A whole number as a number; anything else as typed, for the API to refuse in words. */
export function integerOrRaw(text) {
  const t = String(text).trim();
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

/* [{index, text}] for every name that names the same player as an earlier one, in the form the
 * referee compares names in (R2a: the offline judge's nameKey, held equal to referee.seating's
 * name_key), so "Ana", " ana" and "ａｎａ" are one player; the page still sends each name as
 * typed, trimmed. */
export function sameNames(players) {
  const first = {};
  const out = [];
  players.forEach((p, i) => {
    const k = nameKey(p).trim();
    if (!k) return;
    if (k in first) {
      const other = players[first[k]];
      const said = { name: p, other, n: first[k] + 1 };
      out.push({ index: i, text: p === other ? _('{name} is already player {n}: give each player a different name.', said)
        : _('{name} and {other} (player {n}) read as the same name: give each player a different name.', said) });
    } else {
      first[k] = i;
    }
  });
  return out;
}

// ---------------------------------------------------------------- the hand being entered

/** The hand on the form: a correction of an earlier one, or the next. */
export function currentDraft(store) {
  return store.edit || store.draft;
}

/** The index in store.pad.hands of the hand on the form. */
export function formIndex(store) {
  const d = currentDraft(store);
  return d.index === null ? store.pad.hands.length : d.index;
}

export function opponentsOf(store, d) {
  return store.pad.players.filter((p) => p !== d.winner);
}

export function playerIndex(store, p) {
  return store.pad.players.indexOf(p);
}

/** What the draft `d` holds for `player` (made empty, points first, the first time). */
export function entryFor(d, player) {
  if (!d.entries[player]) d.entries[player] = { mode: 'points', points: '', cards: [], suit: null };
  return d.entries[player];
}

/** {card code: player} of the cards picked for each opponent in draft `d`. */
export function usedCards(store, d) {
  const used = {};
  opponentsOf(store, d).forEach((p) => {
    const e = d.entries[p];
    if (e && e.mode === 'cards') e.cards.forEach((c) => { used[c] = p; });
  });
  return used;
}

/** The hand of draft `d` as the API takes it. */
export function handFromDraft(store, d) {
  const remaining = {};
  opponentsOf(store, d).forEach((p) => {
    const e = entryFor(d, p);
    remaining[p] = e.mode === 'cards' ? { cards: e.cards.slice() } : { points: integerOrRaw(e.points) };
  });
  return { winner: d.winner, rummy: !!d.rummy, remaining };
}
