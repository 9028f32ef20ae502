/* The play page's setup: 1–5 computer opponents, each at its own level, the preset, the target
 * score and the opponents' pace, all kept across visits (localStorage), with the labels the
 * service gives (GET /v1/rules). */
import { $, h, clear } from '../dom.js';
import { loadRules, presets, levels, limits, targetDefault } from '../service.js';
import { _ } from '../i18n.js';

const PREFS = 'rummy-referee-play-prefs-v1';
export const NAMES = ['Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus'];
/** The opponents' pace: how long each of their moves stays on the board (ms). */
export const PACES = [['slow', _('Slow (1.5 s a move)'), 1500], ['normal', _('Normal (0.7 s a move)'), 700], ['fast', _('Fast (0.3 s a move)'), 300], ['instant', _('At once'), 0]];

let rules = null;

export function prefs() {
  let p = null;
  try { p = JSON.parse(window.localStorage.getItem(PREFS) || 'null'); } catch (e) { p = null; }
  return { me: 'Ana', opponents: 2, levels: ['easy', 'medium', 'hard', 'easy', 'easy'], preset: 'standard', target: null, pace: 'normal', ...(p || {}) };
}

export function savePrefs(changes) {
  window.localStorage.setItem(PREFS, JSON.stringify({ ...prefs(), ...changes }));
}

/** The pace in ms: ?pace=N (tests), else the player's choice. */
export function paceMs() {
  const q = new URLSearchParams(window.location.search).get('pace');
  if (q !== null && /^\d+$/.test(q)) return Number(q);
  return (PACES.find((p) => p[0] === prefs().pace) || PACES[1])[2];
}

export function levelName(level) {
  return (levels(rules).find((l) => l.value === level) || { label: level || '' }).label;
}

function fillPace(select) {
  clear(select);
  PACES.forEach(([v, t]) => select.appendChild(h('option', { value: v, text: t, selected: prefs().pace === v })));
}

/** The opponents' names: the first `n` of NAMES that are not the player's. */
export function opponentNames(me, n) {
  return NAMES.filter((x) => x.toLowerCase() !== String(me).trim().toLowerCase()).slice(0, n);
}

function renderLevels() {
  const list = $('levels');
  const n = Number($('opponents').value);
  const p = prefs();
  const names = opponentNames($('me').value, n);
  clear(list);
  for (let i = 0; i < n; i += 1) {
    const id = `level-${i}`;
    list.appendChild(h('li', { class: 'field level-field' }, [
      h('label', { for: id, text: _("{name}'s level", { name: names[i] }) }),
      h('select', { id, onchange: keep }, levels(rules).map((l) => h('option', { value: l.value, selected: (p.levels[i] || 'easy') === l.value, text: l.label }))),
    ]));
  }
}

/** Keeps the form's choices as the player makes them. */
function keep() {
  const n = Number($('opponents').value);
  const lv = prefs().levels.slice();
  for (let i = 0; i < n; i += 1) if ($(`level-${i}`)) lv[i] = $(`level-${i}`).value;
  savePrefs({ me: $('me').value.trim() || 'Ana', opponents: n, levels: lv, preset: $('preset').value, target: Number($('target').value) || null, pace: $('pace').value });
  $('pace-table').value = $('pace').value;
  describePreset();
}

function describePreset() {
  const chosen = presets(rules).find((x) => x.value === $('preset').value);
  $('preset-about').textContent = chosen ? chosen.about : '';
}

/** Fills the form from the service's rules and the kept choices. Resolves when ready. */
export function initSetup() {
  return loadRules().then((r) => {
    rules = r;
    const p = prefs();
    const lim = limits(rules);
    clear($('opponents'));
    for (let n = 1; n <= lim.players.max - 1; n += 1) {
      $('opponents').appendChild(h('option', { value: String(n), selected: p.opponents === n, text: `${n} ${n === 1 ? 'opponent' : 'opponents'}` }));
    }
    clear($('preset'));
    presets(rules).forEach((x) => $('preset').appendChild(h('option', { value: x.value, selected: p.preset === x.value, text: x.label })));
    if (lim.target.min !== undefined) $('target').min = String(lim.target.min);
    if (lim.target.max !== undefined) $('target').max = String(lim.target.max);
    $('target').value = String(p.target ?? targetDefault(rules, p.preset) ?? ''); // null: the preset's own (R20)
    $('me').value = p.me;
    fillPace($('pace'));
    fillPace($('pace-table'));
    renderLevels();
    describePreset();
    $('opponents').addEventListener('change', () => { keep(); renderLevels(); });
    ['preset', 'target', 'pace'].forEach((id) => $(id).addEventListener('change', keep));
    $('me').addEventListener('change', () => { keep(); renderLevels(); });
    $('pace-table').addEventListener('change', () => { savePrefs({ pace: $('pace-table').value }); $('pace').value = $('pace-table').value; });
  });
}

/** The game the form asks for: {me, names, levels: {name: level}, rules}. */
export function chosenGame() {
  keep();
  const p = prefs();
  const names = opponentNames(p.me, p.opponents);
  const lv = {};
  names.forEach((n, i) => { lv[n] = p.levels[i] || 'easy'; });
  return { me: p.me, names, levels: lv, rules: { preset: p.preset, target_score: Number($('target').value) } };
}
