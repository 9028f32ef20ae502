/* The scorepad's setup screen: the players, the rules, the length of the game, the first dealer. */
import { $, h, clear, show, announce, setFieldError, clearErrorsIn } from '../dom.js';
import { problemErrors, decodePointer } from '../api.js';
import { playerLimits, commonTargets, presetChoices, store, ui, newDraft, save, showNotice, showGeneralError, submitPad } from './state.js';
import { render, dealerLine } from './view.js';

// ---------------------------------------------------------------- setup

export function renderSetup() {
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
    var remove = s.names.length > playerLimits().min ? h('button', {
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
  $('add-player').disabled = s.names.length >= playerLimits().max;

  $('target').value = String(s.target);
  renderQuickTargets();
  renderPresets();
  $('aces-high').checked = s.aces === 'high_or_low';
  $('length-target').checked = s.length !== 'deals';
  $('length-deals').checked = s.length === 'deals';
  $('deals').value = s.deals;
  show($('target-field'), s.length !== 'deals');
  show($('deals-field'), s.length === 'deals');
  fillDealerOptions();
  show($('cancel-setup'), !!store.pad);
  show($('replace-note'), !!store.pad);
}

/* The presets as the service names them, the chosen one's character said below. */
export function renderPresets() {
  const s = store.setup;
  const select = $('preset');
  const choices = presetChoices(s.preset);
  clear(select);
  choices.forEach((p) => select.appendChild(h('option', { value: p.value, text: p.label })));
  select.value = s.preset;
  const chosen = choices.find((p) => p.value === s.preset);
  $('preset-about').textContent = chosen ? chosen.about : '';
}

export function renderQuickTargets() {
  const box = $('quick-targets');
  clear(box);
  commonTargets().forEach((t) => {
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

export function fillDealerOptions() {
  var s = store.setup;
  var sel = $('first-dealer');
  clear(sel);
  s.names.forEach(function (name, i) {
    sel.appendChild(h('option', { value: i, text: name.trim() || 'Player ' + (i + 1) }));
  });
  sel.value = String(Math.min(s.firstDealer, s.names.length - 1));
}

export function bindSetup() {
  $('add-player').addEventListener('click', function () {
    var s = store.setup;
    if (s.names.length >= playerLimits().max) return;
    s.names.push('');
    save();
    renderSetup();
    $('player-' + (s.names.length - 1)).focus();
  });
  $('preset').addEventListener('change', function (e) { store.setup.preset = e.target.value; save(); renderPresets(); });
  $('aces-high').addEventListener('change', function (e) { store.setup.aces = e.target.checked ? 'high_or_low' : 'low'; save(); });
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
export function integerOrRaw(text) {
  var t = String(text).trim();
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

/* The form a name is compared in, the referee's own (R2a; referee.seating.name_key): NFKC,
 * case folded (upper then lower case, final sigma as sigma, as Python's casefold), trimmed, so
 * "Ana", " ana" and "ａｎａ" are one player; the page still sends each name as typed, trimmed. */
export function nameKey(name) {
  return name.normalize('NFKC').toUpperCase().toLowerCase().replace(/ς/g, 'σ').trim();
}

/* [{index, text}] for every name that reads the same as an earlier one. */
export function sameNames(players) {
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

export function startGame() {
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
  if (s.aces === 'high_or_low') rules.aces = 'high_or_low'; // the house rule (R11), else the preset's low aces
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

export function showSetupProblem(problem) {
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
