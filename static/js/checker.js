/* The screens beside the scorepad: "Check a meld" (settle a disputed meld or lay-off at the
 * table with POST /v1/melds/check) and "Rules" (the rules of a preset in plain words, from
 * GET /v1/rules). The tabs at the top reach each screen in one tap: #check, #rules, #pad. */
import { $, h, clear, show, announce, setFieldError, clearErrorsIn } from './dom.js';
import { problemErrors, decodePointer } from './api.js';
import { cardPicker, focusAfterPick } from './cards.js';
import { loadRules, keptRules } from './service.js';
import { askReferee } from './referee.js';
import { _ } from './i18n.js';

const CHECK_KEY = 'rummy-referee.checker.v1';
const SCREENS = { pad: 'pad-screen', check: 'check-screen', rules: 'rules-screen' };

/* What holds under every preset, in plain words. */
const ALWAYS = [
  [_('A set is three or four cards of one rank.'), 'R10'],
  [_('A run is three or more cards of one suit in a row.'), 'R11'],
  [_('After drawing, a player may add cards to any meld on the table, theirs or anyone’s, if it stays a set or a run of the same kind.'), 'R6'],
  [_('Each turn: draw one card (stock or top discard), meld or lay off if you like, then discard one card.'), 'R4–R7'],
  [_('When a player goes out, each other player counts the cards left in hand: ace 1, 2 to 10 as marked, jack, queen and king 10. The player who went out scores the sum.'), 'R14'],
  [_('A drawn hand scores nothing for anyone.'), 'R16'],
];

let game = { gameRules: () => null };
let check = loadCheck();
/* Where each picker keeps its cards and its suit and rank filters in `check`: the meld's cards
 * ('meld') and, for a lay-off, the meld on the table's ('onto'). */
const PICKED = {
  meld: { cards: 'cards', suit: 'suit', rank: 'rank' },
  onto: { cards: 'onto', suit: 'ontoSuit', rank: 'ontoRank' },
};
let doc = keptRules(); // GET /v1/rules: the presets, their labels, each option's words (the pages keep no copy)
let pointedRules = []; // rule ids the last verdict pointed to: marked on the Rules screen
let pointedPreset = null; // and the rules it was checked under, shown there
const KIND_RULES = { set: 'R10', run: 'R11' };

/* The service's document, asked once per page load; the screens are drawn again when it comes. */
function askRules() {
  return loadRules().then((answer) => {
    if (!answer) return;
    doc = answer;
    if (screen === 'check') presetOptions($('check-rules'), check.rules);
    if (screen === 'rules') renderRules();
  });
}

/* A preset's label ("Two restocks"), as the service names it. */
function presetLabel(name) {
  const note = doc && doc.preset_notes.find((n) => n.preset === name);
  return note ? note.label : name;
}

/* An option's value in words, as the service words it (referee.rules.Option.say). */
function sayOption(option, value) {
  if (value === null || value === undefined) return option.sentences.null || '';
  if (option.type === 'integer') return ((value === 1 && option.sentences.one) || option.sentences.other || '').replace('{n}', String(value));
  const said = option.values.find((v) => v.value === value);
  return said ? said.sentence : '';
}

function loadCheck() {
  const fresh = loadCheckDefaults();
  try {
    const saved = JSON.parse(window.localStorage.getItem(CHECK_KEY) || 'null');
    if (saved && Array.isArray(saved.cards) && Array.isArray(saved.onto)) return Object.assign(fresh, saved);
  } catch (e) { /* start afresh */ }
  return fresh;
}

function saveCheck() {
  try { window.localStorage.setItem(CHECK_KEY, JSON.stringify(check)); } catch (e) { /* kept for this visit only */ }
}

/* The checker as it starts: no cards, no lay-off, the game's rules (or the default preset). */
function loadCheckDefaults() {
  return { cards: [], suit: null, onto: [], ontoSuit: null, layOff: false, rules: 'game' };
}

// ---------------------------------------------------------------- screens

let screen = 'pad';

/* The screen the address names (#check, #rules, #pad); any other fragment (the skip link's
 * #main) keeps the screen shown. */
function currentScreen() {
  const name = window.location.hash.replace('#', '');
  if (SCREENS[name]) screen = name;
  return screen;
}

function showScreen(moveFocus) {
  const before = screen;
  const name = currentScreen();
  Object.keys(SCREENS).forEach((k) => {
    show($(SCREENS[k]), k === name);
    const tab = $('nav-' + k);
    if (k === name) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
  });
  if (name === 'check') renderChecker();
  if (name === 'rules') renderRules();
  else pointedRules = [];
  if (moveFocus && name !== before) {
    const pointed = name === 'rules' && document.querySelector('#rules-body .pointed');
    if (pointed) {
      // "Read the rule" lands on the rule for the meld, not at the top of the screen
      pointed.setAttribute('tabindex', '-1');
      pointed.scrollIntoView({ block: 'center' });
      pointed.focus({ preventScroll: true });
      return;
    }
    const title = name === 'pad' ? $('main') : $(name + '-title');
    window.scrollTo(0, 0);
    title.focus({ preventScroll: true });
  }
}

/** Wires the tabs and both screens; opts.gameRules() gives the current game's resolved rules or null. */
export function initScreens(opts) {
  game = opts;
  window.addEventListener('hashchange', () => showScreen(true));
  $('check-form').addEventListener('submit', (e) => { e.preventDefault(); runCheck(); });
  $('lay-off').addEventListener('change', (e) => {
    check.layOff = e.target.checked;
    saveCheck();
    renderChecker();
  });
  $('check-rules').addEventListener('change', (e) => { check.rules = e.target.value; saveCheck(); renderAces(); });
  $('check-aces').addEventListener('change', (e) => { check.aces = e.target.checked; saveCheck(); });
  $('rules-preset').addEventListener('change', () => renderRulesBody());
  $('clear-check').addEventListener('click', () => {
    check = Object.assign(loadCheckDefaults(), { rules: check.rules, aces: check.aces }); // the house rules stay as chosen
    saveCheck();
    show($('verdict'), false);
    renderChecker();
    $('suit-meld-C').focus();
  });
  showScreen(false);
  askRules();
}


// ---------------------------------------------------------------- the meld checker

function presetOptions(select, value) {
  clear(select);
  const rules = game.gameRules();
  if (rules) {
    select.appendChild(h('option', { value: 'game', text: _('This game’s rules ({preset})', { preset: presetLabel(rules.preset) }) }));
  }
  const names = doc ? doc.presets.map((p) => p.preset) : [value === 'game' ? 'standard' : value];
  names.forEach((p) => select.appendChild(h('option', { value: p, text: presetLabel(p) })));
  select.value = value === 'game' && !rules ? 'standard' : value;
}

/* The aces house rule: the game's own when checking under this game's rules, else the player's choice. */
function renderAces() {
  const own = check.rules === 'game' ? game.gameRules() : null;
  $('check-aces').checked = own ? own.aces === 'high_or_low' : Boolean(check.aces);
  $('check-aces').disabled = Boolean(own);
}

function renderChecker() {
  presetOptions($('check-rules'), check.rules);
  renderAces();
  $('lay-off').checked = check.layOff;
  show($('onto-group'), check.layOff);
  $('cards-legend').textContent = check.layOff ? _('Cards to lay off') : _('Cards laid down');
  renderPickers();
}

function renderPickers(focusId) {
  const meldBox = $('meld-picker');
  const ontoBox = $('onto-picker');
  clear(meldBox);
  clear(ontoBox);
  const inOnto = {};
  const inMeld = {};
  if (check.layOff) check.onto.forEach((c) => { inOnto[c] = { said: _('in the meld on the table'), whose: _('meld on the table') }; });
  check.cards.forEach((c) => { inMeld[c] = { said: _('to lay off'), whose: _('to lay off') }; });
  meldBox.appendChild(picker('meld', inOnto, _('Picked')));
  if (check.layOff) ontoBox.appendChild(picker('onto', inMeld, _('On the table')));
  if (focusId && $(focusId)) $(focusId).focus();
}

/* One picker of the checker; `taken` are the cards the other picker holds. */
function picker(key, taken, label) {
  const at = PICKED[key];
  const cards = () => check[at.cards];
  return cardPicker({
    key, cards: cards(), suit: check[at.suit], rank: check[at.rank], taken, label, repeat: true,
    onPick: (code) => { cards().push(code); changed(); focusAfterPick(check[at.suit] ? `rank-${key}-${code.slice(0, -1)}` : `pick-${key}-${code}`, key, check[at.suit]); },
    onRemove: (i) => { cards().splice(i, 1); changed(cards().length ? `chip-${key}-${Math.min(i, cards().length - 1)}` : `suit-${key}-${check[at.suit] || 'C'}`); },
    onSuit: (s) => { check[at.suit] = s; check[at.rank] = null; changed(`suit-${key}-${s || 'any'}`); },
    onRank: (r) => { check[at.rank] = r; changed(r ? `pick-${key}-${r}C` : `rank-${key}-A`); },
  });
}

function changed(focusId) {
  saveCheck();
  show($('verdict'), false); // a verdict of other cards would mislead
  renderPickers(focusId);
}

function rulesForCheck() {
  const rules = check.rules === 'game' ? game.gameRules() : null;
  if (rules) return Object.assign({}, rules);
  const chosen = { preset: check.rules === 'game' ? 'standard' : check.rules };
  if (check.aces) chosen.aces = 'high_or_low';
  return chosen;
}

function runCheck() {
  const form = $('check-form');
  clearErrorsIn(form);
  if (!check.cards.length) {
    setFieldError('meld-error', [check.layOff ? _('Pick the cards to lay off.') : _('Pick the cards of the meld to check.')], $('suit-meld-C'));
    $('suit-meld-' + (check.suit || 'C')).focus();
    return;
  }
  if (check.layOff && !check.onto.length) {
    setFieldError('onto-error', [_('Pick the cards of the meld on the table.')], $('suit-onto-C'));
    $('suit-onto-' + (check.ontoSuit || 'C')).focus();
    return;
  }
  const body = { cards: check.cards, rules: rulesForCheck() };
  if (check.layOff) body.onto = check.onto;
  const button = $('check-meld');
  button.disabled = true;
  askReferee('/v1/melds/check', body).then((answer) => {
    button.disabled = false;
    if (answer.ok) {
      showVerdict(answer.data, check.layOff, answer.offline);
    } else if (answer.kind === 'invalid') {
      problemErrors(answer.problem).forEach((err) => {
        const where = decodePointer(err.pointer)[0];
        const box = where === 'onto' ? 'onto-error' : where === 'cards' ? 'meld-error' : 'check-error';
        setFieldError(box, [err.detail]);
      });
      announce(problemErrors(answer.problem).map((e) => e.detail).join(' '));
    } else {
      setFieldError('check-error', [_('This phone has not been online with the Rummy Referee yet, so it cannot check a meld without a connection. The cards picked are kept: try again once connected.')]);
    }
  });
}

function showVerdict(data, layOff, offline) {
  const box = $('verdict');
  box.classList.toggle('valid', data.valid);
  box.classList.toggle('refused', !data.valid);
  $('verdict-word').textContent = data.valid ? (layOff ? _('Yes, it fits') : _('Yes, a meld')) : (layOff ? _('No, it does not fit') : _('No, not a meld'));
  $('verdict-summary').textContent = data.summary;
  const reasons = $('verdict-reasons');
  clear(reasons);
  const more = data.reasons.filter((r) => r.message !== data.summary);
  more.forEach((r) => reasons.appendChild(h('li', { text: r.message })));
  show(reasons, more.length > 0);
  // The rules that decided it: a refusal's reasons name theirs; a meld that holds is a set or a run.
  const rules = data.valid ? [KIND_RULES[data.kind]].concat(layOff ? ['R6'] : [])
    : Array.from(new Set(data.reasons.map((r) => r.rule).filter(Boolean)));
  const note = $('verdict-rules');
  clear(note);
  note.appendChild(h('a', {
    href: '#rules', id: 'read-rule', text: rules.length ? _('Read the rule') : _('Read the rules'),
    onclick: () => { pointedRules = rules; pointedPreset = check.rules; },
  }));
  if (rules.length) {
    // Each rule id opens its rule in the rulebook page (/rules#R11).
    note.appendChild(document.createTextNode(' ' + _('(rule') + ' '));
    rules.forEach((rule, i) => {
      if (i) note.appendChild(document.createTextNode(', '));
      note.appendChild(h('a', { href: `/rules#${rule}`, class: 'rule-link', text: rule }));
    });
    note.appendChild(document.createTextNode(' ' + _('in the rulebook)')));
  }
  const where = $('verdict-offline');
  where.textContent = offline ? _('Checked on this phone (no connection), by the Rummy Referee’s own rules: the same answer it gives online.') : '';
  show(where, Boolean(offline));
  show(box, true);
  box.scrollIntoView({ block: 'start' });
  announce(`${$('verdict-word').textContent}. ${data.summary}`);
}

// ---------------------------------------------------------------- the rules screen

function renderRules() {
  const select = $('rules-preset');
  const keep = pointedPreset || select.value || 'game';
  pointedPreset = null;
  presetOptions(select, keep);
  renderRulesBody();
}

function renderRulesBody() {
  const body = $('rules-body');
  clear(body);
  const choice = $('rules-preset').value;
  const rules = choice === 'game' ? game.gameRules() : doc && doc.presets.find((p) => p.preset === choice);
  if (!rules || !doc) {
    body.appendChild(h('p', { class: 'muted', text: _('Loading the rules from the Rummy Referee… (the first time needs a connection)') }));
    return;
  }
  body.appendChild(h('h3', { id: 'rules-these', text: _('{preset} rules', { preset: presetLabel(rules.preset) }) }));
  const list = h('ul', { class: 'rule-list', 'aria-labelledby': 'rules-these' });
  doc.options.forEach((option) => {
    if (!(option.name in rules)) return;
    if (option.unused_when && rules[option.unused_when] !== null && rules[option.unused_when] !== undefined) return;
    const sentence = sayOption(option, rules[option.name]);
    if (sentence) list.appendChild(ruleItem(sentence, option.rule, 'rule-' + option.name));
  });
  body.appendChild(list);
  body.appendChild(h('h3', { id: 'rules-always', text: _('Under every preset') }));
  const always = h('ul', { class: 'rule-list', 'aria-labelledby': 'rules-always' });
  ALWAYS.forEach(([sentence, rule]) => always.appendChild(ruleItem(sentence, rule)));
  body.appendChild(always);
  const first = body.querySelector('.pointed');
  if (first) first.scrollIntoView({ block: 'center' });
}

function ruleItem(sentence, rule, id) {
  const pointed = pointedRules.indexOf(rule) >= 0;
  return h('li', { id, class: pointed ? 'pointed' : null }, [
    pointed ? h('strong', { class: 'pointed-tag', text: _('The rule for your meld:') + ' ' }) : null,
    h('span', { text: sentence }), ' ', h('small', { class: 'rule-id' }, [h('a', { href: `/rules#${rule.split('–')[0]}`, class: 'rule-link', text: _('Rule {rule}', { rule }) })]),
  ]);
}
