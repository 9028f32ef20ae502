/* The scorepad's setup screen: the players, the rules, the length of the game, the first dealer.
 * Each function takes the page's state, `app` (submit.js). */
import { $, h, clear, show, announce, setFieldError, clearErrorsIn } from '../dom.js';
import { problemErrors, decodePointer } from '../api.js';
import { playerLimits, commonTargets, presetChoices, newDraft, dealerLine, sameNames, setupTarget } from './state.js';
import { showNotice, showGeneralError } from './notes.js';
import { saveGame, submitPad } from './submit.js';
import { _, ngettext, number } from '../i18n.js';

export function renderSetup(app) {
  const s = app.store.setup;
  const { min, max } = playerLimits(app.rules);
  const list = $('player-list');
  clear(list);
  s.names.forEach((name, i) => {
    const input = h('input', {
      id: `player-${i}`, type: 'text', autocomplete: 'off', autocapitalize: 'words', spellcheck: 'false',
      maxlength: 40, enterkeyhint: 'next', value: name,
      oninput: (e) => {
        s.names[i] = e.target.value;
        fillDealerOptions(app);
        saveGame(app);
      },
    });
    const remove = s.names.length > min ? h('button', {
      type: 'button', class: 'btn btn-icon', 'aria-label': _('Remove player {n}', { n: i + 1 }),
      onclick: () => {
        s.names.splice(i, 1);
        if (s.firstDealer >= s.names.length) s.firstDealer = 0;
        saveGame(app);
        renderSetup(app);
        $(`player-${Math.min(i, s.names.length - 1)}`).focus();
      },
    }, h('span', { 'aria-hidden': 'true', text: '\u2715' })) : null;
    list.appendChild(h('li', { class: 'player-row' }, [
      h('label', { for: `player-${i}`, text: _('Player {n}', { n: i + 1 }) }),
      h('div', { class: 'inline' }, [input, remove]),
      h('div', { id: `player-${i}-error`, class: 'field-error', hidden: true }),
    ]));
  });
  $('add-player').disabled = s.names.length >= max;

  $('target').value = setupTarget(s, app.rules);
  renderQuickTargets(app);
  renderPresets(app);
  $('aces-high').checked = s.aces === 'high_or_low';
  $('length-target').checked = s.length !== 'deals';
  $('length-deals').checked = s.length === 'deals';
  $('deals').value = s.deals;
  show($('target-field'), s.length !== 'deals');
  show($('deals-field'), s.length === 'deals');
  fillDealerOptions(app);
  show($('cancel-setup'), !!app.store.pad);
  show($('replace-note'), !!app.store.pad);
}

/* The presets as the service names them, the chosen one's character said below. */
function renderPresets(app) {
  const s = app.store.setup;
  const select = $('preset');
  const choices = presetChoices(app.rules, s.preset);
  clear(select);
  choices.forEach((p) => select.appendChild(h('option', { value: p.value, text: p.label })));
  select.value = s.preset;
  const chosen = choices.find((p) => p.value === s.preset);
  $('preset-about').textContent = chosen ? chosen.about : '';
}

function renderQuickTargets(app) {
  const box = $('quick-targets');
  clear(box);
  commonTargets(app.rules).forEach((t) => {
    box.appendChild(h('button', {
      type: 'button', class: 'btn btn-secondary quick', id: `target-${t}`, 'aria-pressed': String(setupTarget(app.store.setup, app.rules).trim() === String(t)),
      'aria-label': ngettext('{n} point', '{n} points', t), text: number(t),
      onclick: () => {
        app.store.setup.target = String(t);
        $('target').value = String(t);
        saveGame(app);
        renderQuickTargets(app);
      },
    }));
  });
}

function fillDealerOptions(app) {
  const s = app.store.setup;
  const sel = $('first-dealer');
  clear(sel);
  s.names.forEach((name, i) => {
    sel.appendChild(h('option', { value: i, text: name.trim() || _('Player {n}', { n: i + 1 }) }));
  });
  sel.value = String(Math.min(s.firstDealer, s.names.length - 1));
}

/** The setup form's listeners (once, on opening the page). */
export function bindSetup(app) {
  const setup = () => app.store.setup;
  $('add-player').addEventListener('click', () => {
    const s = setup();
    if (s.names.length >= playerLimits(app.rules).max) return;
    s.names.push('');
    saveGame(app);
    renderSetup(app);
    $(`player-${s.names.length - 1}`).focus();
  });
  $('preset').addEventListener('change', (e) => {
    setup().preset = e.target.value;
    saveGame(app);
    renderPresets(app);
    $('target').value = setupTarget(setup(), app.rules); // the new preset's own, unless one was chosen
    renderQuickTargets(app);
  });
  $('aces-high').addEventListener('change', (e) => { setup().aces = e.target.checked ? 'high_or_low' : 'low'; saveGame(app); });
  $('target').addEventListener('input', (e) => { setup().target = e.target.value; saveGame(app); renderQuickTargets(app); });
  $('deals').addEventListener('input', (e) => { setup().deals = e.target.value; saveGame(app); });
  $('first-dealer').addEventListener('change', (e) => { setup().firstDealer = Number(e.target.value); saveGame(app); });
  document.querySelectorAll('input[name="length"]').forEach((r) => {
    r.addEventListener('change', (e) => {
      setup().length = e.target.value;
      saveGame(app);
      show($('target-field'), setup().length !== 'deals');
      show($('deals-field'), setup().length === 'deals');
    });
  });
  $('setup-form').addEventListener('submit', (e) => {
    e.preventDefault();
    startGame(app);
  });
  $('cancel-setup').addEventListener('click', () => {
    app.ui.settingUp = false;
    showGeneralError(null);
    app.render();
    $('entry-title').focus();
  });
  $('start-game').setAttribute('data-submits', '');
}

function startGame(app) {
  if (app.ui.busy) return;
  const s = app.store.setup;
  clearErrorsIn($('setup-form'));
  showGeneralError(null);
  const players = s.names.map((n) => n.trim());
  const same = sameNames(players);
  if (same.length) {
    same.forEach((p) => setFieldError(`player-${p.index}-error`, [p.text], $(`player-${p.index}`)));
    $(`player-${same[0].index}`).focus();
    announce(same.map((p) => p.text).join(' '));
    return;
  }
  const rules = { preset: s.preset };
  if (s.aces === 'high_or_low') rules.aces = 'high_or_low'; // the house rule (R11), else the preset's low aces
  const lengthField = s.length === 'deals' ? 'deals' : 'target';
  const lengthText = String(s.length === 'deals' ? s.deals : setupTarget(s, app.rules)).trim();
  if (!/^\d+$/.test(lengthText)) {
    setFieldError(`${lengthField}-error`, [s.length === 'deals' ? _('Enter how many deals to play, as a whole number.')
      : _('Enter the target score as a whole number of points, such as 150.')], $(lengthField));
    $(lengthField).focus();
    return;
  }
  if (s.length === 'deals') rules.deals = Number(lengthText);
  else rules.target_score = Number(lengthText);
  const pad = { rules, players, first_dealer: players[Math.min(s.firstDealer, players.length - 1)], hands: [] };
  submitPad(app, pad, {
    saved: () => {
      app.store.draft = newDraft();
      app.store.edit = null;
      app.store.undone = null;
      app.ui.settingUp = false;
      showNotice(null);
    },
    after: () => {
      announce(`${_('Game started.')} ${pad.players.join(', ')}. ${dealerLine(app.store.result)}`);
      $('entry-title').focus();
    },
    refused: (problem) => showSetupProblem(app, problem),
    failed: (message) => setFieldError('setup-error', [message]),
  });
}

function showSetupProblem(app, problem) {
  const byField = {};
  let firstControl = null;
  const add = (errId, control, detail) => {
    (byField[errId] = byField[errId] || { control, lines: [] }).lines.push(detail);
    if (!firstControl && control) firstControl = control;
  };
  const errors = problemErrors(problem, app.store.setup.names);
  errors.forEach((err) => {
    const segs = decodePointer(err.pointer);
    if (segs[0] === 'players' && segs.length > 1 && $(`player-${segs[1]}`)) {
      add(`player-${segs[1]}-error`, $(`player-${segs[1]}`), err.detail);
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
  Object.keys(byField).forEach((id) => {
    setFieldError(id, byField[id].lines, byField[id].control);
  });
  if (firstControl) firstControl.focus();
  announce(_('The game could not start: {why}', { why: errors.map((e) => e.detail).join(' ') }));
}
