/* Rummy Referee scorepad: a phone scorepad for games played with a real deck.
 *
 * The page keeps the game (players, rules, the hands as entered) in localStorage and sends the
 * whole pad to POST /v1/scorepad after every change, through one path (submitPad). Every total,
 * dealer, standing and winner shown comes from the API's answer; the page does no score
 * arithmetic (the running total in the card picker is asked of POST /v1/hand-score). A 422
 * answer is shown next to the control its JSON Pointer names, in words for players.
 *
 * An ES module (no build step, no dependencies, no inline code: the page runs under CSP
 * default-src 'self'). The meld checker and the rules screen are in js/checker.js; a service
 * worker (/sw.js) keeps the page and its files for opening offline.
 */
import { $, h, svg, clear, show, announce, setFieldError, clearErrorsIn } from './js/dom.js';
import { postJson, problemErrors, decodePointer } from './js/api.js';
import { cardPicker, focusAfterPick } from './js/cards.js';
import { initScreens } from './js/checker.js';

const STORE_KEY = 'rummy-referee.scorepad.v1';
const API_URL = '/v1/scorepad';
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 6;
/* Targets one tap away; any whole number from 1 to 100000 can be typed (R20). */
const COMMON_TARGETS = [100, 150, 200, 250, 500];
export const PRESET_NAMES = { basic: 'Basic rules', standard: 'Standard rules', 'two-restocks': 'Two-restocks rules' };

// ---------------------------------------------------------------- state and storage

/* store.pad:       the game as sent to the API {rules, players, first_dealer, hands}
 * store.result:    the API's last 200 answer for store.pad (kept for a weak connection)
 * store.draft:     the next hand being entered
 * store.edit:      a correction of an earlier hand being entered, or null
 * store.setup:     the new-game form
 * store.undone:    {hand, number}: the hand last removed with "Undo", so it can be put back
 *                  (kept with the game, so the offer survives a reload)
 * ui.confirmDraw:  the drawn-hand button was tapped once and asks to confirm */
var store = emptyStore();
var ui = { busy: false, settingUp: false, confirmDelete: null, confirmDraw: false, historyErrors: {} };

function emptyStore() {
  return { pad: null, result: null, draft: newDraft(), edit: null, setup: defaultSetup(), undone: null };
}

function defaultSetup() {
  return { names: ['', ''], preset: 'standard', length: 'target', target: '100', deals: '6', firstDealer: 0 };
}

function newDraft(index) {
  return { index: index === undefined ? null : index, winner: null, rummy: false, entries: {} };
}

function load() {
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
  return s;
}

function save() {
  try {
    window.localStorage.setItem(STORE_KEY, JSON.stringify(store));
  } catch (e) {
    showNotice('This browser would not save the game (private mode or storage full); it will be lost on reload.');
  }
}


// ---------------------------------------------------------------- small helpers

function showNotice(text, action) {
  const el = $('notice');
  clear(el);
  if (!text) { show(el, false); return; }
  el.appendChild(h('p', { text }));
  if (action) {
    el.appendChild(h('button', { type: 'button', class: 'btn btn-secondary', id: action.id, onclick: action.run, text: action.label }));
  }
  show(el, true);
}

function showGeneralError(lines) {
  const el = $('general-error');
  clear(el);
  if (!lines || !lines.length) { show(el, false); return; }
  lines.forEach((line) => { el.appendChild(h('p', { text: line })); });
  show(el, true);
}

function possessive(name) {
  return name + (/s$/i.test(name) ? '\u2019' : '\u2019s');
}

function rulesOf() {
  return (store.result && store.result.rules) || (store.pad && store.pad.rules) || {};
}

function rulesLine() {
  const r = rulesOf();
  const preset = PRESET_NAMES[r.preset] || 'Standard rules';
  if (r.deals) return preset + ' \u00b7 ' + r.deals + ' deals';
  return preset + ' \u00b7 first to ' + (r.target_score || 100) + ' points';
}

function names() {
  return (store.pad && store.pad.players) || store.setup.names;
}

// ---------------------------------------------------------------- the one submit path

function setBusy(busy) {
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
function submitPad(pad, on) {
  if (!on.quiet) setBusy(true);
  return postJson(API_URL, pad).then((answer) => {
    if (!on.quiet) setBusy(false);
    if (answer.ok) {
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

// ---------------------------------------------------------------- rendering: top level

function render() {
  var inGame = !!store.pad && !ui.settingUp;
  show($('setup'), !inGame);
  show($('game'), inGame);
  if (inGame) renderGame();
  else renderSetup();
}

// ---------------------------------------------------------------- setup

function renderSetup() {
  var s = store.setup;
  var list = $('player-list');
  clear(list);
  s.names.forEach(function (name, i) {
    var input = h('input', {
      id: 'player-' + i, type: 'text', autocomplete: 'off', autocapitalize: 'words', spellcheck: 'false',
      maxlength: 40, enterkeyhint: 'next', value: name,
      oninput: function (e) {
        s.names[i] = e.target.value;
        fillDealerOptions();
        save();
      }
    });
    var remove = s.names.length > MIN_PLAYERS ? h('button', {
      type: 'button', class: 'btn btn-icon', 'aria-label': 'Remove player ' + (i + 1),
      onclick: function () {
        s.names.splice(i, 1);
        if (s.firstDealer >= s.names.length) s.firstDealer = 0;
        save();
        renderSetup();
        $('player-' + Math.min(i, s.names.length - 1)).focus();
      }
    }, h('span', { 'aria-hidden': 'true', text: '\u2715' })) : null;
    list.appendChild(h('li', { class: 'player-row' }, [
      h('label', { for: 'player-' + i, text: 'Player ' + (i + 1) }),
      h('div', { class: 'inline' }, [input, remove]),
      h('div', { id: 'player-' + i + '-error', class: 'field-error', hidden: true })
    ]));
  });
  $('add-player').disabled = s.names.length >= MAX_PLAYERS;

  $('target').value = String(s.target);
  renderQuickTargets();
  $('preset').value = s.preset;
  $('length-target').checked = s.length !== 'deals';
  $('length-deals').checked = s.length === 'deals';
  $('deals').value = s.deals;
  show($('target-field'), s.length !== 'deals');
  show($('deals-field'), s.length === 'deals');
  fillDealerOptions();
  show($('cancel-setup'), !!store.pad);
  show($('replace-note'), !!store.pad);
}

function renderQuickTargets() {
  const box = $('quick-targets');
  clear(box);
  COMMON_TARGETS.forEach((t) => {
    box.appendChild(h('button', {
      type: 'button', class: 'btn btn-secondary quick', id: 'target-' + t, 'aria-pressed': String(String(store.setup.target).trim() === String(t)),
      'aria-label': t + ' points', text: String(t),
      onclick: () => {
        store.setup.target = String(t);
        $('target').value = String(t);
        save();
        renderQuickTargets();
      },
    }));
  });
}

function fillDealerOptions() {
  var s = store.setup;
  var sel = $('first-dealer');
  clear(sel);
  s.names.forEach(function (name, i) {
    sel.appendChild(h('option', { value: i, text: name.trim() || 'Player ' + (i + 1) }));
  });
  sel.value = String(Math.min(s.firstDealer, s.names.length - 1));
}

function bindSetup() {
  $('add-player').addEventListener('click', function () {
    var s = store.setup;
    if (s.names.length >= MAX_PLAYERS) return;
    s.names.push('');
    save();
    renderSetup();
    $('player-' + (s.names.length - 1)).focus();
  });
  $('preset').addEventListener('change', function (e) { store.setup.preset = e.target.value; save(); });
  $('target').addEventListener('input', function (e) { store.setup.target = e.target.value; save(); renderQuickTargets(); });
  $('deals').addEventListener('input', function (e) { store.setup.deals = e.target.value; save(); });
  $('first-dealer').addEventListener('change', function (e) { store.setup.firstDealer = Number(e.target.value); save(); });
  Array.prototype.forEach.call(document.querySelectorAll('input[name="length"]'), function (r) {
    r.addEventListener('change', function (e) {
      store.setup.length = e.target.value;
      save();
      show($('target-field'), store.setup.length !== 'deals');
      show($('deals-field'), store.setup.length === 'deals');
    });
  });
  $('setup-form').addEventListener('submit', function (e) {
    e.preventDefault();
    startGame();
  });
  $('cancel-setup').addEventListener('click', function () {
    ui.settingUp = false;
    showGeneralError(null);
    render();
    $('entry-title').focus();
  });
  $('start-game').setAttribute('data-submits', '');
}

/* A whole number as a number; anything else as typed, for the API to refuse in words. */
function integerOrRaw(text) {
  var t = String(text).trim();
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

/* The form a name is compared in, the referee's own (R2a; referee.seating.name_key): NFKC,
 * case folded (upper then lower case, final sigma as sigma, as Python's casefold), trimmed, so
 * "Ana", " ana" and "ａｎａ" are one player; the page still sends each name as typed, trimmed. */
function nameKey(name) {
  return name.normalize('NFKC').toUpperCase().toLowerCase().replace(/ς/g, 'σ').trim();
}

/* [{index, text}] for every name that reads the same as an earlier one. */
function sameNames(players) {
  const first = {};
  const out = [];
  players.forEach((p, i) => {
    const k = nameKey(p);
    if (!k) return;
    if (k in first) {
      const other = players[first[k]];
      out.push({ index: i, text: p === other ? `${p} is already player ${first[k] + 1}: give each player a different name.`
        : `${p} and ${other} (player ${first[k] + 1}) read as the same name: give each player a different name.` });
    } else {
      first[k] = i;
    }
  });
  return out;
}

function startGame() {
  if (ui.busy) return;
  const s = store.setup;
  clearErrorsIn($('setup-form'));
  showGeneralError(null);
  const players = s.names.map((n) => n.trim());
  const same = sameNames(players);
  if (same.length) {
    same.forEach((p) => setFieldError('player-' + p.index + '-error', [p.text], $('player-' + p.index)));
    $('player-' + same[0].index).focus();
    announce(same.map((p) => p.text).join(' '));
    return;
  }
  const rules = { preset: s.preset };
  const lengthField = s.length === 'deals' ? 'deals' : 'target';
  const lengthText = String(s.length === 'deals' ? s.deals : s.target).trim();
  if (!/^\d+$/.test(lengthText)) {
    setFieldError(lengthField + '-error', [s.length === 'deals' ? 'Enter how many deals to play, as a whole number.'
      : 'Enter the target score as a whole number of points, such as 150.'], $(lengthField));
    $(lengthField).focus();
    return;
  }
  if (s.length === 'deals') rules.deals = Number(lengthText);
  else rules.target_score = Number(lengthText);
  const pad = { rules, players, first_dealer: players[Math.min(s.firstDealer, players.length - 1)], hands: [] };
  submitPad(pad, {
    saved: () => {
      store.draft = newDraft();
      store.edit = null;
      store.undone = null;
      ui.settingUp = false;
      showNotice(null);
    },
    after: () => {
      announce('Game started. ' + pad.players.join(', ') + '. ' + dealerLine());
      $('entry-title').focus();
    },
    refused: showSetupProblem,
    failed: (message) => setFieldError('setup-error', [message]),
  });
}

function showSetupProblem(problem) {
  var byField = {};
  var firstControl = null;
  function add(errId, control, detail) {
    (byField[errId] = byField[errId] || { control: control, lines: [] }).lines.push(detail);
    if (!firstControl && control) firstControl = control;
  }
  const errors = problemErrors(problem, store.setup.names);
  errors.forEach(function (err) {
    var segs = decodePointer(err.pointer);
    if (segs[0] === 'players' && segs.length > 1 && $('player-' + segs[1])) {
      add('player-' + segs[1] + '-error', $('player-' + segs[1]), err.detail);
    } else if (segs[0] === 'players') {
      add('players-error', $('player-0'), err.detail);
    } else if (segs[0] === 'first_dealer') {
      add('first-dealer-error', $('first-dealer'), err.detail);
    } else if (segs[0] === 'rules' && segs[1] === 'target_score') {
      add('target-error', $('target'), err.detail);
    } else if (segs[0] === 'rules' && segs[1] === 'deals') {
      add('deals-error', $('deals'), err.detail);
    } else if (segs[0] === 'rules' && segs[1] === 'preset') {
      add('preset-error', $('preset'), err.detail);
    } else {
      add('setup-error', null, err.detail);
    }
  });
  Object.keys(byField).forEach(function (id) {
    setFieldError(id, byField[id].lines, byField[id].control);
  });
  if (firstControl) firstControl.focus();
  announce('The game could not start: ' + errors.map(function (e) { return e.detail; }).join(' '));
}

// ---------------------------------------------------------------- the game

function dealerLine() {
  var r = store.result;
  if (!r) return '';
  return r.next_dealer ? 'Next dealer: ' + r.next_dealer + '.' : '';
}

function renderGame() {
  var r = store.result;
  if (!r) {
    // A saved game whose first answer has not arrived yet.
    $('game-rules').textContent = rulesLine();
    clear($('standings').tBodies[0]);
    $('next-dealer').textContent = 'Waiting for the Rummy Referee\u2026';
    clear($('hand-form'));
    return;
  }
  renderSummary(r);
  renderEntry(r);
  renderChart(r);
  renderHistory(r);
  $('share-results').hidden = typeof navigator.share !== 'function';
}

function renderSummary(r) {
  $('game-rules').textContent = rulesLine();
  var banner = $('winner-banner');
  if (r.game_over && r.winner) {
    banner.textContent = r.winner + ' wins with ' + r.totals[r.winner] + ' points!';
    show(banner, true);
  } else {
    show(banner, false);
  }
  var showTarget = !!r.to_target;
  show($('to-target-head'), showTarget);
  var body = $('standings').tBodies[0];
  clear(body);
  (r.standings || []).forEach(function (s, i) {
    var toTarget = null;
    if (showTarget) {
      var left = r.to_target[s.player];
      toTarget = h('td', { class: 'num', text: typeof left === 'number' && left <= 0 ? 'reached' : String(left) });
    }
    body.appendChild(h('tr', { class: r.winner === s.player ? 'is-winner' : null }, [
      h('td', { text: String(s.rank || i + 1) }),
      h('th', { scope: 'row', text: s.player }),
      h('td', { class: 'num total', text: String(s.total) }),
      toTarget
    ]));
  });
  var next = $('next-dealer');
  if (r.game_over) next.textContent = 'Game over after ' + r.hands.length + (r.hands.length === 1 ? ' hand.' : ' hands.');
  else if (r.next_dealer) next.textContent = 'Next dealer: ' + r.next_dealer;
  else next.textContent = '';
  $('undo-last').disabled = !r.hands.length;
  $('undo-last').setAttribute('data-submits', '');
}

// ---------------------------------------------------------------- entering a hand

function currentDraft() {
  return store.edit || store.draft;
}

function formIndex() {
  var d = currentDraft();
  return d.index === null ? store.pad.hands.length : d.index;
}

function opponentsOf(d) {
  return store.pad.players.filter(function (p) { return p !== d.winner; });
}

function entryFor(d, player) {
  var e = d.entries[player];
  if (!e) e = d.entries[player] = { mode: 'points', points: '', cards: [], suit: null };
  return e;
}

function renderEntry(r) {
  var d = currentDraft();
  var form = $('hand-form');
  clear(form);
  var title = $('entry-title');
  var dealer = $('entry-dealer');
  var bar = $('action-buttons');
  clear(bar);
  if (d.index === null && r.game_over) {
    ui.confirmDraw = false;
    title.textContent = 'Game over';
    dealer.textContent = r.winner ? r.winner + ' won. Correct a hand below, or start a new game.' : '';
    form.appendChild(h('div', { class: 'row-actions' }, [
      h('button', { type: 'button', class: 'btn btn-primary', id: 'rematch', text: 'New game, same players', onclick: openNewGame })
    ]));
    return;
  }
  if (d.index === null) {
    var deals = rulesOf().deals;
    title.textContent = 'Hand ' + (r.hands.length + 1) + (deals ? ' of ' + deals : '');
    dealer.textContent = r.next_dealer ? 'Dealer: ' + r.next_dealer : '';
  } else {
    title.textContent = 'Correct hand ' + (d.index + 1);
    var old = r.hands[d.index];
    dealer.textContent = old ? 'Dealer: ' + old.dealer : '';
  }

  var players = store.pad.players;
  var winnerChoices = players.map(function (p, i) {
    return h('label', { class: 'choice' }, [
      h('input', {
        type: 'radio', name: 'winner', id: 'winner-' + i, value: p, checked: d.winner === p,
        onchange: function () {
          d.winner = p;
          save();
          renderOpponents();
        }
      }),
      h('span', { text: p })
    ]);
  });
  form.appendChild(h('fieldset', { class: 'group', id: 'winner-group' }, [
    h('legend', { text: 'Who went out?' }),
    h('div', { class: 'choices' }, winnerChoices),
    h('div', { id: 'winner-error', class: 'field-error', hidden: true })
  ]));

  var doubles = rulesOf().going_rummy_doubles;
  form.appendChild(h('div', { class: 'check-field' }, [
    h('label', { class: 'check', for: 'rummy' }, [
      h('input', {
        type: 'checkbox', id: 'rummy', checked: d.rummy,
        onchange: function (e) { d.rummy = e.target.checked; save(); }
      }),
      h('span', null, [
        h('strong', { text: 'Going rummy' }),
        h('small', { text: ' went out in one turn, nothing laid down before' + (doubles === true ? ' (points double)' : doubles === false ? ' (no bonus under these rules)' : '') })
      ])
    ]),
    h('div', { id: 'rummy-error', class: 'field-error', hidden: true })
  ]));

  form.appendChild(h('div', { id: 'opponents', class: 'opponents' }));
  form.appendChild(h('div', { id: 'hand-error', class: 'field-error', hidden: true }));
  var editing = d.index !== null;
  form.appendChild(h('div', { id: 'draw-box', class: 'draw-box' }));
  renderDrawBox();
  // Save (and Cancel) live in the sticky action bar, so they stay in view however long the form.
  bar.appendChild(h('button', { type: 'submit', form: 'hand-form', class: 'btn btn-primary', id: 'save-hand', 'data-submits': true, disabled: ui.busy, text: editing ? 'Save correction' : 'Save hand ' + (r.hands.length + 1) }));
  if (editing) bar.appendChild(h('button', { type: 'button', class: 'btn btn-secondary', id: 'cancel-edit', text: 'Cancel', 'aria-label': 'Cancel correction', onclick: cancelEdit }));
  renderOpponents();
}

/* The drawn-hand choice: one tap asks, a second one records (a drawn hand scores nothing). */
function renderDrawBox() {
  var box = $('draw-box');
  if (!box) return;
  clear(box);
  var d = currentDraft();
  var n = formIndex() + 1;
  if (!ui.confirmDraw) {
    box.appendChild(h('p', { class: 'muted', text: 'Nobody went out and the stock ran out?' }));
    box.appendChild(h('button', {
      type: 'button', class: 'btn btn-secondary', id: 'drawn-hand',
      text: d.index !== null ? 'Make it a drawn hand\u2026' : 'Drawn hand (nobody scores)\u2026',
      onclick: function () { ui.confirmDraw = true; renderDrawBox(); $('confirm-draw').focus(); }
    }));
    return;
  }
  box.appendChild(h('div', { class: 'confirm', role: 'group', 'aria-labelledby': 'confirm-draw-text' }, [
    h('p', { id: 'confirm-draw-text', text: 'Record hand ' + n + ' as a drawn hand? Nobody scores, and the deal passes left.' }),
    h('div', { class: 'row-actions' }, [
      h('button', { type: 'button', class: 'btn btn-primary', id: 'confirm-draw', 'data-submits': true, disabled: ui.busy, text: 'Yes, a drawn hand', onclick: submitDraw }),
      h('button', { type: 'button', class: 'btn btn-secondary', id: 'cancel-draw', text: 'No, go back', onclick: function () { ui.confirmDraw = false; renderDrawBox(); $('drawn-hand').focus(); } })
    ])
  ]));
}

function renderOpponents() {
  var d = currentDraft();
  var box = $('opponents');
  if (!box) return;
  clear(box);
  if (!d.winner) {
    box.appendChild(h('p', { class: 'muted hint', text: 'Choose who went out, then enter what the others still held.' }));
    return;
  }
  opponentsOf(d).forEach(function (p) {
    box.appendChild(renderOpponent(p));
  });
}

function playerIndex(p) {
  return store.pad.players.indexOf(p);
}

function renderOpponent(p) {
  var d = currentDraft();
  var e = entryFor(d, p);
  var i = playerIndex(p);
  var fs = h('fieldset', { class: 'group opponent', id: 'opp-' + i }, [
    h('legend', { text: possessive(p) + ' cards left' })
  ]);
  var modes = h('div', { class: 'choices choices-2' }, ['points', 'cards'].map(function (m) {
    return h('label', { class: 'choice' }, [
      h('input', {
        type: 'radio', name: 'mode-' + i, id: 'mode-' + i + '-' + m, value: m, checked: e.mode === m,
        onchange: function () {
          e.mode = m;
          save();
          replaceOpponent(p, 'mode-' + i + '-' + m);
        }
      }),
      h('span', { text: m === 'points' ? 'Points' : 'Pick cards' })
    ]);
  }));
  fs.appendChild(modes);
  if (e.mode === 'points') {
    fs.appendChild(h('div', { class: 'field' }, [
      h('label', { for: 'points-' + i, text: possessive(p) + ' points' }),
      h('input', {
        type: 'text', id: 'points-' + i, inputmode: 'numeric', pattern: '[0-9]*', autocomplete: 'off', enterkeyhint: 'done',
        class: 'points', value: e.points,
        oninput: function (ev) { e.points = ev.target.value; save(); }
      })
    ]));
  } else {
    fs.appendChild(renderPicker(p, e, i));
  }
  fs.appendChild(h('div', { id: 'opp-' + i + '-error', class: 'field-error', hidden: true }));
  return fs;
}

function replaceOpponent(p, focusId) {
  var i = playerIndex(p);
  var old = $('opp-' + i);
  if (!old) return;
  old.parentNode.replaceChild(renderOpponent(p), old);
  if (focusId && $(focusId)) $(focusId).focus();
}

function usedCards(d) {
  var used = {};
  opponentsOf(d).forEach(function (p) {
    var e = d.entries[p];
    if (e && e.mode === 'cards') e.cards.forEach(function (c) { used[c] = p; });
  });
  return used;
}

/* Running points totals of picked cards, asked of POST /v1/hand-score (the card values are
 * the referee's, R14): cache key "QS KH" → points. */
var pickedTotals = {};

function pickedTotal(i, cards) {
  var key = cards.join(' ');
  var span = h('span', { id: 'total-' + i, class: 'running-total' });
  if (key in pickedTotals) {
    span.textContent = ', ' + pickedTotals[key] + (pickedTotals[key] === 1 ? ' point' : ' points');
  } else if (cards.length && cards.length <= 10) {
    postJson('/v1/hand-score', { remaining: { hand: cards } }).then(function (answer) {
      if (!answer.ok) return; // offline or refused: the count of cards still shows
      pickedTotals[key] = answer.data.by_player.hand;
      var el = $('total-' + i);
      var e = currentDraft().entries[store.pad.players[i]];
      if (el && e && e.cards.join(' ') === key) {
        el.textContent = ', ' + pickedTotals[key] + (pickedTotals[key] === 1 ? ' point' : ' points');
      }
    });
  }
  return span;
}

function renderPicker(p, e, i) {
  var d = currentDraft();
  var used = usedCards(d);
  var taken = {};
  Object.keys(used).forEach(function (c) { if (used[c] !== p) taken[c] = 'for ' + used[c]; });
  return cardPicker({
    key: String(i), cards: e.cards, suit: e.suit, taken: taken, label: 'Picked',
    extra: e.cards.length ? pickedTotal(i, e.cards) : null,
    onPick: function (code) {
      e.cards.push(code);
      save();
      refreshPickers();
      focusAfterPick('rank-' + i + '-' + code.slice(0, -1), String(i), e.suit);
    },
    onRemove: function (ci) {
      e.cards.splice(ci, 1);
      save();
      refreshPickers(e.cards.length ? 'chip-' + i + '-' + Math.min(ci, e.cards.length - 1) : 'suit-' + i + '-' + (e.suit || 'C'));
    },
    onSuit: function (code) {
      e.suit = code;
      save();
      refreshPickers('suit-' + i + '-' + code);
    }
  });
}

// Re-draws every card picker (a card picked for one player shows as picked for the others).
function refreshPickers(focusId) {
  var d = currentDraft();
  opponentsOf(d).forEach(function (p) {
    var e = d.entries[p];
    if (!e || e.mode !== 'cards') return;
    var i = playerIndex(p);
    var box = $('opp-' + i);
    var old = box && box.querySelector('.picker');
    if (old) old.parentNode.replaceChild(renderPicker(p, e, i), old);
  });
  var target = focusId && $(focusId);
  if (target) target.focus();
}

function cancelEdit() {
  ui.confirmDraw = false;
  var idx = store.edit && store.edit.index;
  store.edit = null;
  clearHistoryErrors();
  save();
  renderGame();
  var btn = idx !== null && $('edit-' + idx);
  if (btn) btn.focus();
  else $('entry-title').focus();
}

function startEdit(k) {
  ui.confirmDraw = false;
  var hand = store.pad.hands[k];
  var d = newDraft(k);
  if (!hand.draw) {
    d.winner = hand.winner;
    d.rummy = !!hand.rummy;
    Object.keys(hand.remaining || {}).forEach(function (p) {
      var rem = hand.remaining[p];
      if (rem && Array.isArray(rem.cards)) {
        var last = rem.cards.length ? rem.cards[rem.cards.length - 1] : 'C';
        d.entries[p] = { mode: 'cards', points: '', cards: rem.cards.slice(), suit: last.slice(-1) };
      } else {
        d.entries[p] = { mode: 'points', points: rem ? String(rem.points) : '', cards: [], suit: null };
      }
    });
  }
  store.edit = d;
  ui.confirmDelete = null;
  save();
  showGeneralError(null);
  renderGame();
  var title = $('entry-title');
  title.focus({ preventScroll: true });
  $('entry').scrollIntoView({ block: 'start', behavior: 'auto' });
}

function localCheck(d) {
  var problems = [];
  if (!d.winner) {
    problems.push({ id: 'winner-error', control: $('winner-0'), text: 'Choose who went out.' });
    return problems;
  }
  opponentsOf(d).forEach(function (p) {
    var e = entryFor(d, p);
    var i = playerIndex(p);
    if (e.mode === 'points' && !String(e.points).trim()) {
      problems.push({ id: 'opp-' + i + '-error', control: $('points-' + i), text: 'Enter ' + possessive(p) + ' points, or pick the cards left.' });
    } else if (e.mode === 'cards' && !e.cards.length) {
      problems.push({ id: 'opp-' + i + '-error', control: $('suit-' + i + '-C'), text: 'Pick ' + possessive(p) + ' cards left, or enter points.' });
    }
  });
  return problems;
}

function handFromDraft(d) {
  var remaining = {};
  opponentsOf(d).forEach(function (p) {
    var e = entryFor(d, p);
    remaining[p] = e.mode === 'cards' ? { cards: e.cards.slice() } : { points: integerOrRaw(e.points) };
  });
  return { winner: d.winner, rummy: !!d.rummy, remaining: remaining };
}

function submitHand(ev) {
  if (ev) ev.preventDefault();
  if (ui.busy) return;
  var d = currentDraft();
  var form = $('hand-form');
  clearErrorsIn(form);
  showGeneralError(null);
  var problems = localCheck(d);
  if (problems.length) {
    problems.forEach(function (pr) { setFieldError(pr.id, [pr.text], pr.control); });
    if (problems[0].control) problems[0].control.focus();
    return;
  }
  commitHand(handFromDraft(d));
}

function submitDraw() {
  if (ui.busy) return;
  clearErrorsIn($('hand-form'));
  showGeneralError(null);
  commitHand({ draw: true });
}

/* The confirmation of the last change, in the sticky action bar (always in view). */
function showSaved(text) {
  var el = $('saved-note');
  el.textContent = text || '';
  show(el, !!text);
}

function commitHand(hand) {
  var d = currentDraft();
  var editing = d.index !== null;
  var k = formIndex();
  var hands = store.pad.hands.slice();
  if (editing) hands[k] = hand;
  else hands.push(hand);
  var what = '';
  submitPad(padWith(hands), {
    saved: function (r) {
      if (editing) store.edit = null;
      else store.draft = newDraft();
      store.undone = null;
      ui.confirmDraw = false;
      showNotice(null);
      var saved = r.hands[k];
      what = saved && saved.draw ? 'Hand ' + (k + 1) + ' entered as a drawn hand: nobody scores.' :
        (editing ? 'Hand ' + (k + 1) + ' corrected.' : 'Hand ' + (k + 1) + ' saved: ' + saved.winner + ' scores ' + saved.points + '.');
    },
    after: function (r) {
      showSaved(what);
      announce(what + ' ' + standingsSpeech(r) + ' ' + (r.game_over && r.winner ? r.winner + ' wins the game!' : dealerLine()));
      $('entry-title').focus({ preventScroll: true });
      $('summary').scrollIntoView({ block: 'start', behavior: 'auto' });
    },
    refused: function (problem) { showHandProblem(problem, k, function (j) { return j; }); },
    failed: function (message) {
      setFieldError('hand-error', [message]);
      showSaved(message);
      announce(message);
    }
  });
}

function standingsSpeech(r) {
  return (r.standings || []).map(function (s) { return s.player + ' ' + s.total; }).join(', ') + '.';
}

function padWith(hands) {
  return { rules: store.pad.rules, players: store.pad.players, first_dealer: store.pad.first_dealer, hands: hands };
}

/* Shows a 422 next to the controls its pointers name. formIdx: the index of the hand in the
 * form (or -1); toOriginal maps a hand index of the request to the index shown in the list. */
function showHandProblem(problem, formIdx, toOriginal) {
  var d = currentDraft();
  var byId = {};
  var order = [];
  var general = [];
  function add(id, control, text) {
    if (!byId[id]) { byId[id] = { control: control, lines: [] }; order.push(id); }
    byId[id].lines.push(text);
  }
  var errors = problemErrors(problem, store.pad.players);
  errors.forEach(function (err) {
    var segs = decodePointer(err.pointer);
    if (segs[0] !== 'hands' || segs.length < 2 || !/^\d+$/.test(segs[1])) {
      general.push(err.detail);
      return;
    }
    var j = Number(segs[1]);
    if (j === formIdx && $('hand-form').elements.length) {
      var rest = segs.slice(2);
      if (rest[0] === 'winner') {
        add('winner-error', $('winner-0'), err.detail);
      } else if (rest[0] === 'rummy') {
        add('rummy-error', $('rummy'), err.detail);
      } else if (rest[0] === 'remaining' && rest.length > 1 && opponentsOf(d).indexOf(rest[1]) >= 0) {
        var i = playerIndex(rest[1]);
        var control = $('points-' + i) || $('suit-' + i + '-C');
        if (rest[2] === 'cards' && rest.length > 3 && $('chip-' + i + '-' + rest[3])) control = $('chip-' + i + '-' + rest[3]);
        add('opp-' + i + '-error', control, err.detail);
      } else {
        add('hand-error', $('save-hand'), err.detail);
      }
    } else {
      var orig = toOriginal(j);
      ui.historyErrors[orig] = (ui.historyErrors[orig] || []).concat([err.detail]);
      general.push(err.detail);
    }
  });
  order.forEach(function (id) {
    var c = byId[id].control;
    setFieldError(id, byId[id].lines, c && c.id !== 'save-hand' && c.id !== 'winner-0' ? c : null);
  });
  if (byId['winner-error']) $('winner-group').setAttribute('aria-describedby', 'winner-error');
  showGeneralError(general);
  renderHistory(store.result);
  var first = order.length && byId[order[0]].control;
  if (first) first.focus();
  showSaved(errors.length === 1 ? 'Not saved: ' + errors[0].detail : 'Not saved: ' + errors.length + ' entries to fix.');
  announce(errors.map(function (e) { return e.detail; }).join(' '));
}

function clearHistoryErrors() {
  ui.historyErrors = {};
}

// ---------------------------------------------------------------- history, undo, delete

function renderHistory(r) {
  var list = $('history');
  clear(list);
  show($('history-empty'), !r.hands.length);
  var editing = store.edit ? store.edit.index : null;
  for (var k = r.hands.length - 1; k >= 0; k--) list.appendChild(historyItem(r, k, editing === k));
}

function historyItem(r, k, beingEdited) {
  var hand = r.hands[k];
  var n = hand.number || k + 1;
  var headline;
  if (hand.draw) {
    headline = 'Drawn hand: nobody scores';
  } else {
    headline = hand.winner + (hand.rummy ? ' went rummy' : ' went out') + ': +' + hand.points;
    if (hand.rummy) headline += hand.multiplier > 1 ? ' (\u00d7' + hand.multiplier + ')' : ' (no bonus)';
  }
  var left = Object.keys(hand.remaining || {}).map(function (p) { return p + ' ' + hand.remaining[p]; }).join(', ');
  var totals = store.pad.players.map(function (p) { return p + ' ' + hand.totals[p]; }).join(' \u00b7 ');
  var item = h('li', { class: 'hand-item' + (beingEdited ? ' editing' : ''), id: 'hand-item-' + k }, [
    h('div', { class: 'hand-head' }, [
      h('strong', { text: 'Hand ' + n }),
      h('span', { class: 'muted', text: ' dealt by ' + hand.dealer }),
      beingEdited ? h('span', { class: 'tag', text: 'being corrected' }) : null
    ]),
    h('p', { class: 'headline', text: headline }),
    left ? h('p', { class: 'muted', text: 'Left in hand: ' + left }) : null,
    h('p', { class: 'muted', text: 'Totals: ' + totals })
  ]);
  var errs = ui.historyErrors[k];
  item.appendChild(h('div', { id: 'hand-' + k + '-error', class: 'field-error', hidden: !(errs && errs.length) },
    (errs || []).map(function (t) { return h('p', { text: t }); })));
  if (ui.confirmDelete === k) {
    item.appendChild(h('div', { class: 'confirm' }, [
      h('p', { text: 'Delete hand ' + n + '? Later hands keep their order.' }),
      h('div', { class: 'row-actions' }, [
        h('button', { type: 'button', class: 'btn btn-danger', id: 'confirm-delete-' + k, 'data-submits': true, text: 'Delete hand ' + n, onclick: function () { deleteHand(k); } }),
        h('button', { type: 'button', class: 'btn btn-secondary', id: 'keep-' + k, text: 'Keep it', onclick: function () { ui.confirmDelete = null; renderHistory(store.result); $('delete-' + k).focus(); } })
      ])
    ]));
  } else {
    item.appendChild(h('div', { class: 'row-actions' }, [
      h('button', { type: 'button', class: 'btn btn-secondary', id: 'edit-' + k, 'aria-label': 'Correct hand ' + n, text: 'Correct', onclick: function () { startEdit(k); } }),
      h('button', { type: 'button', class: 'btn btn-secondary', id: 'delete-' + k, 'aria-label': 'Delete hand ' + n, text: 'Delete', onclick: function () { ui.confirmDelete = k; renderHistory(store.result); $('confirm-delete-' + k).focus(); } })
    ]));
  }
  return item;
}

function replaceHands(hands, onDone, toOriginal) {
  return submitPad(padWith(hands), {
    saved: onDone,
    refused: function (problem) {
      clearHistoryErrors();
      showHandProblem(problem, -1, toOriginal);
    },
    failed: function (message) { showGeneralError([message]); }
  });
}

function deleteHand(k) {
  if (ui.busy) return;
  var hands = store.pad.hands.slice();
  hands.splice(k, 1);
  replaceHands(hands, function (r) {
    ui.confirmDelete = null;
    store.undone = null;
    if (store.edit) store.edit = null;
    showNotice('Hand ' + (k + 1) + ' deleted.');
    announce('Hand ' + (k + 1) + ' deleted. ' + standingsSpeech(r));
  }, function (j) { return j >= k ? j + 1 : j; }).then(function (ok) {
    if (ok) $('history-title').focus();
  });
}

function undoLast() {
  if (ui.busy || !store.pad.hands.length) return;
  var hands = store.pad.hands.slice();
  var last = hands.pop();
  var n = hands.length + 1;
  replaceHands(hands, function (r) {
    store.undone = { hand: last, number: n };
    if (store.edit && store.edit.index >= hands.length) store.edit = null;
    offerPutBack();
    announce('Hand ' + n + ' removed. ' + standingsSpeech(r));
  }, function (j) { return j; });
}

/* The "put back" offer of the hand last undone; it is kept with the game, so a reload keeps it. */
function offerPutBack() {
  if (!store.undone || !store.pad) return;
  var n = store.undone.number || store.pad.hands.length + 1;
  showNotice('Hand ' + n + ' removed.', { id: 'redo', label: 'Put hand ' + n + ' back', run: redo });
}

function redo() {
  if (ui.busy || !store.undone) return;
  var hands = store.pad.hands.concat([store.undone.hand]);
  replaceHands(hands, function (r) {
    store.undone = null;
    showNotice('Hand ' + hands.length + ' put back.');
    announce('Hand ' + hands.length + ' put back. ' + standingsSpeech(r));
  }, function (j) { return j; }).then(function (ok) {
    if (ok) $('undo-last').focus();
  });
}

// ---------------------------------------------------------------- chart

function renderChart(r) {
  var box = $('chart');
  var legend = $('chart-legend');
  clear(box);
  clear(legend);
  var players = store.pad.players;
  if (!r.hands.length) {
    box.appendChild(h('p', { class: 'muted', text: 'The chart fills in after the first hand.' }));
    return;
  }
  var W = 320, H = 190, left = 36, right = 10, top = 18, bottom = 24;
  var target = r.to_target ? rulesOf().target_score : null;
  var max = target || 0;
  r.hands.forEach(function (hand) {
    players.forEach(function (p) { if (hand.totals[p] > max) max = hand.totals[p]; });
  });
  if (max <= 0) max = 10;
  var step = niceStep(max / 4);
  var top_ = Math.ceil(max / step) * step;
  var n = r.hands.length;
  function x(i) { return left + (W - left - right) * (n ? i / n : 0); }
  function y(v) { return top + (H - top - bottom) * (1 - v / top_); }
  var label = 'Totals after each hand. ' + players.map(function (p) { return p + ' ' + r.totals[p]; }).join(', ') + '.';
  var chart = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, class: 'chart', role: 'img', 'aria-label': label });
  for (var v = 0; v <= top_; v += step) {
    chart.appendChild(svg('line', { x1: left, x2: W - right, y1: y(v), y2: y(v), class: 'grid' }));
    chart.appendChild(svg('text', { x: left - 4, y: y(v) + 4, class: 'axis', 'text-anchor': 'end' }, String(v)));
  }
  var every = Math.max(1, Math.ceil(n / 8));
  for (var i = 0; i <= n; i += every) {
    chart.appendChild(svg('text', { x: x(i), y: H - 6, class: 'axis', 'text-anchor': 'middle' }, String(i)));
  }
  if (target) {
    chart.appendChild(svg('line', { x1: left, x2: W - right, y1: y(target), y2: y(target), class: 'target' }));
    chart.appendChild(svg('text', { x: left + 4, y: y(target) - 4, class: 'axis target-label', 'text-anchor': 'start' }, 'target ' + target));
  }
  // Players level with each other (all at 0 early on) would draw one line over another: each
  // line sits a few pixels off the true value, by seat, and carries its own marker shape.
  var spread = 3;
  players.forEach(function (p, pi) {
    var dy = (pi - (players.length - 1) / 2) * spread;
    var pts = [[x(0), y(0) + dy]];
    r.hands.forEach(function (hand, hi) { pts.push([x(hi + 1), y(hand.totals[p]) + dy]); });
    chart.appendChild(svg('polyline', { points: pts.map(function (q) { return q[0] + ',' + q[1]; }).join(' '), class: 'series series-' + pi }));
    pts.slice(1).forEach(function (q) {
      chart.appendChild(svg('path', { d: markerPath(pi, q[0], q[1], 3.5), class: 'dot series-' + pi }));
    });
    legend.appendChild(h('li', null, [
      svg('svg', { viewBox: '0 0 24 10', class: 'swatch', 'aria-hidden': 'true' }, [
        svg('line', { x1: 0, x2: 24, y1: 5, y2: 5, class: 'series series-' + pi }),
        svg('path', { d: markerPath(pi, 12, 5, 3.5), class: 'dot series-' + pi })
      ]),
      h('span', { text: p + ' ' + r.totals[p] })
    ]));
  });
  box.appendChild(chart);
}

/* An SVG path of marker shape k (circle, square, triangle, diamond, triangle down, cross) of
 * radius r at (cx, cy). */
function markerPath(k, cx, cy, r) {
  var shapes = [
    'M' + (cx - r) + ',' + cy + 'a' + r + ',' + r + ' 0 1,0 ' + 2 * r + ',0a' + r + ',' + r + ' 0 1,0 ' + -2 * r + ',0Z',
    'M' + (cx - r) + ',' + (cy - r) + 'h' + 2 * r + 'v' + 2 * r + 'h' + -2 * r + 'Z',
    'M' + cx + ',' + (cy - r - 1) + 'L' + (cx + r + 1) + ',' + (cy + r) + 'L' + (cx - r - 1) + ',' + (cy + r) + 'Z',
    'M' + cx + ',' + (cy - r - 1) + 'L' + (cx + r + 1) + ',' + cy + 'L' + cx + ',' + (cy + r + 1) + 'L' + (cx - r - 1) + ',' + cy + 'Z',
    'M' + cx + ',' + (cy + r + 1) + 'L' + (cx + r + 1) + ',' + (cy - r) + 'L' + (cx - r - 1) + ',' + (cy - r) + 'Z',
    'M' + (cx - r) + ',' + (cy - r) + 'L' + (cx + r) + ',' + (cy + r) + 'M' + (cx + r) + ',' + (cy - r) + 'L' + (cx - r) + ',' + (cy + r)
  ];
  return shapes[k % shapes.length];
}

function niceStep(raw) {
  var pow = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1))));
  var m = raw / pow;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * pow;
}

// ---------------------------------------------------------------- sharing and export

function resultsText() {
  var r = store.result;
  var lines = ['Rummy scorepad \u2014 ' + rulesLine()];
  if (r.game_over && r.winner) lines.push(r.winner + ' wins with ' + r.totals[r.winner] + ' points.');
  else lines.push('After ' + r.hands.length + (r.hands.length === 1 ? ' hand' : ' hands') + (r.next_dealer ? ' (next dealer: ' + r.next_dealer + ')' : '') + ':');
  (r.standings || []).forEach(function (s, i) {
    lines.push((s.rank || i + 1) + '. ' + s.player + ' ' + s.total);
  });
  if (r.hands.length) {
    lines.push('');
    lines.push('Hands:');
    r.hands.forEach(function (hand, k) {
      var text = (hand.number || k + 1) + '. dealer ' + hand.dealer + ': ';
      if (hand.draw) text += 'drawn hand';
      else {
        text += hand.winner + (hand.rummy ? ' went rummy' : ' went out') + ', +' + hand.points;
        var left = Object.keys(hand.remaining || {}).map(function (p) { return p + ' ' + hand.remaining[p]; }).join(', ');
        if (left) text += ' (' + left + ')';
      }
      lines.push(text);
    });
  }
  return lines.join('\n');
}

function csvCell(v) {
  var s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = "'" + s; // keep spreadsheets from running a name as a formula
  return /[",\n\r]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

/* One row per hand; for each player the points scored in that hand, the points held when
 * someone else went out (blank for the winner and in a drawn hand), and the running total. */
function resultsCsv() {
  var r = store.result;
  var players = store.pad.players;
  var head = ['hand', 'dealer', 'went out', 'rummy', 'drawn', 'points'];
  players.forEach(function (p) { head.push(p + ' scored', p + ' held', p + ' total'); });
  var rows = [head];
  r.hands.forEach(function (hand, k) {
    var row = [hand.number || k + 1, hand.dealer, hand.winner || '', hand.rummy ? 'yes' : 'no', hand.draw ? 'yes' : 'no', hand.points];
    players.forEach(function (p) {
      var held = hand.remaining && p in hand.remaining ? hand.remaining[p] : '';
      row.push(hand.winner === p ? hand.points : 0, held, hand.totals[p]);
    });
    rows.push(row);
  });
  return rows.map(function (row) { return row.map(csvCell).join(','); }).join('\r\n') + '\r\n';
}

function copyText() {
  var text = resultsText();
  var done = function () { showNotice('Results copied. Paste them into a message.'); announce('Results copied.'); };
  var fallback = function () {
    var area = $('share-text');
    area.value = text;
    show(area, true);
    show($('share-text-label'), true);
    area.focus();
    area.select();
    var ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    if (ok) done();
    else showNotice('Select the text below and copy it.');
  };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text).then(done, fallback);
  } else {
    fallback();
  }
}

function downloadCsv() {
  var blob = new Blob(['\ufeff' + resultsCsv()], { type: 'text/csv;charset=utf-8' });
  var url = URL.createObjectURL(blob);
  var a = h('a', { href: url, download: 'rummy-scores-' + new Date().toISOString().slice(0, 10) + '.csv', class: 'sr-only' });
  document.body.appendChild(a);
  a.click();
  window.setTimeout(function () { URL.revokeObjectURL(url); a.remove(); }, 1000);
  announce('CSV file downloaded.');
}

function shareResults() {
  navigator.share({ title: 'Rummy scores', text: resultsText() }).catch(function () { /* cancelled */ });
}

// ---------------------------------------------------------------- new game

function openNewGame() {
  var pad = store.pad;
  var s = defaultSetup();
  if (pad) {
    s.names = pad.players.slice();
    s.preset = (pad.rules && pad.rules.preset) || 'standard';
    if (pad.rules && pad.rules.deals) { s.length = 'deals'; s.deals = String(pad.rules.deals); }
    if (pad.rules && pad.rules.target_score) s.target = pad.rules.target_score;
    s.firstDealer = Math.max(0, pad.players.indexOf(pad.first_dealer));
  }
  store.setup = s;
  ui.settingUp = true;
  save();
  showNotice(null);
  showGeneralError(null);
  clearErrorsIn($('setup-form'));
  render();
  $('setup-title').setAttribute('tabindex', '-1');
  $('setup-title').focus();
}

// ---------------------------------------------------------------- start

/* Asks for the saved game's totals again (on opening, and when the connection comes back). */
function refresh() {
  if (!store.pad) return;
  submitPad(store.pad, {
    quiet: true,
    saved: function () {
      showNotice(null);
      showSaved(null);
      offerPutBack();
    },
    refused: function (problem) {
      showGeneralError(['The saved game was refused by the Rummy Referee:'].concat(problemErrors(problem, store.pad.players).map(function (e) { return e.detail; })));
    },
    failed: function (message) {
      if (store.result) {
        showNotice('Offline: showing the totals of the last answer. Saving new hands needs a connection; what you type is kept.', { id: 'retry', label: 'Try again', run: refresh });
        showSaved('Offline: saving a hand needs a connection. What you type is kept.');
      } else {
        showNotice(message, { id: 'retry', label: 'Try again', run: refresh });
      }
    }
  });
}

function init() {
  store = load();
  bindSetup();
  $('hand-form').addEventListener('submit', submitHand);
  $('undo-last').addEventListener('click', undoLast);
  $('copy-text').addEventListener('click', copyText);
  $('download-csv').addEventListener('click', downloadCsv);
  $('share-results').addEventListener('click', shareResults);
  $('new-game').addEventListener('click', openNewGame);
  window.addEventListener('storage', function (e) {
    if (e.key === STORE_KEY && !ui.busy) { store = load(); render(); }
  });
  window.addEventListener('online', refresh);
  render();
  offerPutBack();
  refresh();
  initScreens({ gameRules: function () { return store.pad ? rulesOf() : null; } });
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js').catch(function () { /* no offline copy: the page still works online */ });
  }
  document.documentElement.setAttribute('data-ready', 'true');
}

init();
