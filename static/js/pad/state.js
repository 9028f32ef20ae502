/* The scorepad's state (the game kept in localStorage, the page's own flags), its small helpers and the one path by which the page changes the game: submitPad, one POST /v1/scorepad. */
import { $, h, clear, show } from '../dom.js';
import { askReferee } from '../referee.js';
import { loadRules, limits, presets } from '../service.js';
import { render } from './view.js';

export const STORE_KEY = 'rummy-referee.scorepad.v1';
export const API_URL = '/v1/scorepad';

/* What the pad takes from the service (GET /v1/rules, service.js) instead of keeping copies: the
 * players at a table, the targets one tap away, the presets with their labels. Filled in once the
 * answer comes (the service worker keeps it for a visit with no connection). */
export const service = { rules: null };

export function askService() {
  return loadRules().then((answer) => {
    if (answer) service.rules = answer;
  });
}

/** {min, max} players at a table (R2). */
export function playerLimits() {
  return limits(service.rules).players;
}

/** The target scores one tap away; any whole number in the service's range can be typed (R20). */
export function commonTargets() {
  const target = service.rules && service.rules.options.find((o) => o.name === 'target_score');
  return target ? target.suggested : [];
}

/** [{value, label, about}] of the presets; before the service answers, only ``current``. */
export function presetChoices(current) {
  const known = presets(service.rules);
  return known.length ? known : [{ value: current, label: current, about: '' }];
}

export function presetLabel(name) {
  const found = presets(service.rules).find((p) => p.value === name);
  return found ? found.label : name;
}

// ---------------------------------------------------------------- state and storage

/* store.pad:       the game as sent to the API {rules, players, first_dealer, hands}
 * store.result:    the API's last 200 answer for store.pad (kept for a weak connection)
 * store.draft:     the next hand being entered
 * store.edit:      a correction of an earlier hand being entered, or null
 * store.setup:     the new-game form
 * store.undone:    {hand, number}: the hand last removed with "Undo", so it can be put back
 *                  (kept with the game, so the offer survives a reload)
 * store.offline:   true when store.result was worked out on this phone (no connection) by the
 *                  offline judge, with the service's own rules and words
 * store.offlineHands: per hand of store.pad, whether it was entered (or changed) with no
 *                  connection and is not yet confirmed by the service
 * ui.confirmDraw:  the drawn-hand button was tapped once and asks to confirm */
export let store = emptyStore();
export let ui = { busy: false, settingUp: false, confirmDelete: null, confirmDraw: false, historyErrors: {} };

export function emptyStore() {
  return { pad: null, result: null, draft: newDraft(), edit: null, setup: defaultSetup(), undone: null, offline: false, offlineHands: [] };
}

export function defaultSetup() {
  return { names: ['', ''], preset: 'standard', length: 'target', target: '100', deals: '6', firstDealer: 0 };
}

export function newDraft(index) {
  return { index: index === undefined ? null : index, winner: null, rummy: false, entries: {} };
}

export function load() {
  var s = emptyStore();
  try {
    var raw = window.localStorage.getItem(STORE_KEY);
    if (raw) {
      var saved = JSON.parse(raw);
      if (saved && typeof saved === 'object') {
        Object.keys(s).forEach(function (k) {
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

export function save() {
  try {
    window.localStorage.setItem(STORE_KEY, JSON.stringify(store));
  } catch (e) {
    showNotice('This browser would not save the game (private mode or storage full); it will be lost on reload.');
  }
}


// ---------------------------------------------------------------- small helpers

export function showNotice(text, action) {
  const el = $('notice');
  clear(el);
  if (!text) { show(el, false); return; }
  el.appendChild(h('p', { text }));
  if (action) {
    el.appendChild(h('button', { type: 'button', class: 'btn btn-secondary', id: action.id, onclick: action.run, text: action.label }));
  }
  show(el, true);
}

export function showGeneralError(lines) {
  const el = $('general-error');
  clear(el);
  if (!lines || !lines.length) { show(el, false); return; }
  lines.forEach((line) => { el.appendChild(h('p', { text: line })); });
  show(el, true);
}

export function possessive(name) {
  return name + (/s$/i.test(name) ? '\u2019' : '\u2019s');
}

export function rulesOf() {
  return (store.result && store.result.rules) || (store.pad && store.pad.rules) || {};
}

export function rulesLine() {
  const r = rulesOf();
  const preset = presetLabel(r.preset || 'standard') + ' rules';
  const aces = r.aces === 'high_or_low' ? ' \u00b7 aces high or low' : '';
  if (r.deals) return preset + aces + ' \u00b7 ' + r.deals + ' deals';
  return preset + aces + ' \u00b7 first to ' + (r.target_score || 100) + ' points';
}

export function names() {
  return (store.pad && store.pad.players) || store.setup.names;
}

// ---------------------------------------------------------------- the one submit path

export function setBusy(busy) {
  ui.busy = busy;
  document.body.classList.toggle('busy', busy);
  document.querySelectorAll('[data-submits]').forEach((b) => { b.disabled = busy; });
}

/*
 * Sends a whole pad to the API; the only place the page changes the game. On a 200 the pad and
 * the answer become the game (saved, drawn again) and then on.saved(answer) runs; on a 422
 * on.refused(problem); on no answer on.failed(message). Nothing is changed unless the API
 * accepted the pad. Resolves to whether it did.
 */
export function submitPad(pad, on) {
  if (!on.quiet) setBusy(true);
  return askReferee(API_URL, pad).then((answer) => {
    if (!on.quiet) setBusy(false);
    if (answer.ok) {
      store.offlineHands = offlineMarks(store.pad, pad, Boolean(answer.offline));
      store.offline = Boolean(answer.offline);
      store.pad = pad;
      store.result = answer.data;
      ui.historyErrors = {};
      showGeneralError(null);
      if (on.saved) on.saved(answer.data);
      save();
      render();
      if (on.after) on.after(answer.data);
    } else if (answer.kind === 'invalid') {
      on.refused(answer.problem);
    } else {
      on.failed(answer.message);
    }
    return answer.ok;
  });
}

/* Which hands of `pad` were entered with no connection: with an answer of the service, none (it
 * has scored them all); with the phone's, those new or changed since `before`, and those
 * already marked. */
function offlineMarks(before, pad, offline) {
  if (!offline) return [];
  const old = (before && before.hands) || [];
  return pad.hands.map((hand, i) => Boolean(store.offlineHands[i]) || JSON.stringify(hand) !== JSON.stringify(old[i]));
}

/* The confirmation of the last change, in the sticky action bar (always in view). */
export function showSaved(text) {
  // "Not saved: …" and "Hand 4 removed." say what the entry on screen is about: they go as soon
  // as the player changes it (#23 point 7, #33 point 7).
  ui.notSaved = Boolean(text && (text.startsWith('Not saved') || / removed\.$/.test(text)));
  var el = $('saved-note');
  el.textContent = text || '';
  show(el, !!text);
}

export function standingsSpeech(r) {
  return (r.standings || []).map(function (s) { return s.player + ' ' + s.total; }).join(', ') + '.';
}

export function padWith(hands) {
  return { rules: store.pad.rules, players: store.pad.players, first_dealer: store.pad.first_dealer, hands: hands };
}


/** A "Not saved: …" note goes once the player changes the entry it was about. */
export function clearNotSaved() {
  if (ui.notSaved) showSaved(null);
}

/** The game as kept in localStorage again (on opening, and when another tab changed it). */
export function reloadStore() {
  store = load();
}
