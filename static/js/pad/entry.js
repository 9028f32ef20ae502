/* Entering a hand on the scorepad: who went out, each other player's cards left (points or picked
 * cards), and correcting an earlier hand. Each function takes the page's state, `app` (submit.js). */
import { $, h, clear } from '../dom.js';
import { askReferee } from '../referee.js';
import { cardPicker, focusAfterPick } from '../cards.js';
import { rulesOf, rummyValue, currentDraft, formIndex, opponentsOf, entryFor, playerIndex, usedCards } from './state.js';
import { saveGame } from './submit.js';
import { submitDraw } from './save.js';
import { clearHistoryErrors } from './history.js';
import { _, ngettext } from '../i18n.js';

/* Running points totals of picked cards, asked of POST /v1/hand-score (the card values are the
 * referee's, R14): "QS KH" → points. A cache of the service's answers, for this visit. */
const pickedTotals = new Map();

/** Draws the form of the hand being entered, or the game-over choice; `newGame` opens the setup
 * for another game with the same players. */
export function renderEntry(app, r, newGame) {
  const { store, ui } = app;
  const d = currentDraft(store);
  const form = $('hand-form');
  clear(form);
  const title = $('entry-title');
  const dealer = $('entry-dealer');
  const bar = $('action-buttons');
  clear(bar);
  if (d.index === null && r.game_over) {
    ui.confirmDraw = false;
    title.textContent = _('Game over');
    dealer.textContent = r.winner ? _('{name} won. Correct a hand below, or start a new game.', { name: r.winner }) : '';
    // In the sticky bar, where Save was: never covered by it (#33 point 9)
    bar.appendChild(h('button', { type: 'button', class: 'btn btn-primary', id: 'rematch', text: _('New game, same players'), onclick: newGame }));
    return;
  }
  if (d.index === null) {
    const { deals } = rulesOf(store);
    title.textContent = deals ? _('Hand {n} of {deals}', { n: r.hands.length + 1, deals }) : _('Hand {n}', { n: r.hands.length + 1 });
    dealer.textContent = r.next_dealer ? _('Dealer: {name}', { name: r.next_dealer }) : '';
  } else {
    title.textContent = _('Correct hand {n}', { n: d.index + 1 });
    const old = r.hands[d.index];
    dealer.textContent = old ? _('Dealer: {name}', { name: old.dealer }) : '';
  }

  const winnerChoices = store.pad.players.map((p, i) => h('label', { class: 'choice' }, [
    h('input', {
      type: 'radio', name: 'winner', id: `winner-${i}`, value: p, checked: d.winner === p,
      onchange: () => {
        d.winner = p;
        saveGame(app);
        renderOpponents(app);
      },
    }),
    h('span', { text: p }),
  ]));
  form.appendChild(h('fieldset', { class: 'group', id: 'winner-group' }, [
    h('legend', { text: _('Who went out?') }),
    h('div', { class: 'choices' }, winnerChoices),
    h('div', { id: 'winner-error', class: 'field-error', hidden: true }),
  ]));

  // The option's own sentence from /v1/rules (R15), never a restated multiplier.
  const rummy = rummyValue(app.rules, rulesOf(store));
  form.appendChild(h('div', { class: 'check-field' }, [
    h('label', { class: 'check', for: 'rummy' }, [
      h('input', {
        type: 'checkbox', id: 'rummy', checked: d.rummy,
        onchange: (e) => { d.rummy = e.target.checked; saveGame(app); },
      }),
      h('span', null, [
        h('strong', { text: _('Going rummy') }),
        h('small', { text: ' ' + (rummy ? _('went out in one turn, nothing laid down before ({bonus} under these rules)', { bonus: rummy.label.toLowerCase() }) : _('went out in one turn, nothing laid down before')) }),
      ]),
    ]),
    h('div', { id: 'rummy-error', class: 'field-error', hidden: true }),
  ]));

  form.appendChild(h('div', { id: 'opponents', class: 'opponents' }));
  form.appendChild(h('div', { id: 'hand-error', class: 'field-error', hidden: true }));
  const editing = d.index !== null;
  form.appendChild(h('div', { id: 'draw-box', class: 'draw-box' }));
  renderDrawBox(app);
  // Save (and Cancel) live in the sticky action bar, so they stay in view however long the form.
  bar.appendChild(h('button', { type: 'submit', form: 'hand-form', class: 'btn btn-primary', id: 'save-hand', 'data-submits': true, disabled: ui.busy, text: editing ? _('Save correction') : _('Save hand {n}', { n: r.hands.length + 1 }) }));
  if (editing) bar.appendChild(h('button', { type: 'button', class: 'btn btn-secondary', id: 'cancel-edit', text: _('Cancel'), 'aria-label': _('Cancel correction'), onclick: () => cancelEdit(app) }));
  renderOpponents(app);
}

/* The drawn-hand choice: one tap asks, a second one records (a drawn hand scores nothing). */
function renderDrawBox(app) {
  const { ui } = app;
  const box = $('draw-box');
  if (!box) return;
  clear(box);
  const d = currentDraft(app.store);
  const n = formIndex(app.store) + 1;
  if (!ui.confirmDraw) {
    box.appendChild(h('p', { class: 'muted', text: _('Nobody went out and the stock ran out?') }));
    box.appendChild(h('button', {
      type: 'button', class: 'btn btn-secondary', id: 'drawn-hand',
      text: d.index !== null ? _('Make it a drawn hand…') : _('Drawn hand (nobody scores)…'),
      onclick: () => { ui.confirmDraw = true; renderDrawBox(app); $('confirm-draw').focus(); },
    }));
    return;
  }
  box.appendChild(h('div', { class: 'confirm', role: 'group', 'aria-labelledby': 'confirm-draw-text' }, [
    h('p', { id: 'confirm-draw-text', text: _('Record hand {n} as a drawn hand? Nobody scores, and the deal passes left.', { n }) }),
    h('div', { class: 'row-actions' }, [
      h('button', { type: 'button', class: 'btn btn-primary', id: 'confirm-draw', 'data-submits': true, disabled: ui.busy, text: _('Yes, a drawn hand'), onclick: () => submitDraw(app) }),
      h('button', { type: 'button', class: 'btn btn-secondary', id: 'cancel-draw', text: _('No, go back'), onclick: () => { ui.confirmDraw = false; renderDrawBox(app); $('drawn-hand').focus(); } }),
    ]),
  ]));
}

function renderOpponents(app) {
  const d = currentDraft(app.store);
  const box = $('opponents');
  if (!box) return;
  clear(box);
  if (!d.winner) {
    box.appendChild(h('p', { class: 'muted hint', text: _('Choose who went out, then enter what the others still held.') }));
    return;
  }
  opponentsOf(app.store, d).forEach((p) => {
    box.appendChild(renderOpponent(app, p));
  });
}

function renderOpponent(app, p) {
  const d = currentDraft(app.store);
  const e = entryFor(d, p);
  const i = playerIndex(app.store, p);
  const fs = h('fieldset', { class: 'group opponent', id: `opp-${i}` }, [
    h('legend', { text: _('{name}’s cards left', { name: p }) }),
  ]);
  const modes = h('div', { class: 'choices choices-2' }, ['points', 'cards'].map((m) => h('label', { class: 'choice' }, [
    h('input', {
      type: 'radio', name: `mode-${i}`, id: `mode-${i}-${m}`, value: m, checked: e.mode === m,
      onchange: () => {
        e.mode = m;
        saveGame(app);
        replaceOpponent(app, p, `mode-${i}-${m}`);
      },
    }),
    h('span', { text: m === 'points' ? _('Points') : _('Pick cards') }),
  ])));
  fs.appendChild(modes);
  if (e.mode === 'points') {
    fs.appendChild(h('div', { class: 'field' }, [
      h('label', { for: `points-${i}`, text: _('{name}’s points', { name: p }) }),
      h('input', {
        type: 'text', id: `points-${i}`, inputmode: 'numeric', pattern: '[0-9]*', autocomplete: 'off', enterkeyhint: 'done',
        class: 'points', value: e.points,
        oninput: (ev) => { e.points = ev.target.value; saveGame(app); },
      }),
    ]));
  } else {
    fs.appendChild(renderPicker(app, p, e, i));
  }
  fs.appendChild(h('div', { id: `opp-${i}-error`, class: 'field-error', hidden: true }));
  return fs;
}

function replaceOpponent(app, p, focusId) {
  const old = $(`opp-${playerIndex(app.store, p)}`);
  if (!old) return;
  old.parentNode.replaceChild(renderOpponent(app, p), old);
  if (focusId && $(focusId)) $(focusId).focus();
}

function pointsText(points) {
  return ', ' + ngettext('{n} point', '{n} points', points);
}

function pickedTotal(app, i, cards) {
  const key = cards.join(' ');
  const span = h('span', { id: `total-${i}`, class: 'running-total' });
  if (pickedTotals.has(key)) {
    span.textContent = pointsText(pickedTotals.get(key));
  } else if (cards.length && cards.length <= 10) {
    askReferee('/v1/hand-score', { remaining: { hand: cards }, rules: rulesOf(app.store) }).then((answer) => {
      if (!answer.ok) return; // offline or refused: the count of cards still shows
      pickedTotals.set(key, answer.data.by_player.hand);
      const el = $(`total-${i}`);
      const e = currentDraft(app.store).entries[app.store.pad.players[i]];
      if (el && e && e.cards.join(' ') === key) el.textContent = pointsText(pickedTotals.get(key));
    });
  }
  return span;
}

function renderPicker(app, p, e, i) {
  const used = usedCards(app.store, currentDraft(app.store));
  const taken = {};
  Object.keys(used).forEach((c) => { if (used[c] !== p) taken[c] = { said: _('for {name}', { name: used[c] }), whose: used[c] }; });
  return cardPicker({
    key: String(i), cards: e.cards, suit: e.suit, rank: e.rank, taken, label: _('Picked'),
    extra: e.cards.length ? pickedTotal(app, i, e.cards) : null,
    onPick: (code) => {
      e.cards.push(code);
      saveGame(app);
      refreshPickers(app);
      focusAfterPick(e.suit ? `rank-${i}-${code.slice(0, -1)}` : `pick-${i}-${code}`, String(i), e.suit);
    },
    onRank: (rank) => {
      e.rank = rank;
      saveGame(app);
      refreshPickers(app, rank ? `pick-${i}-${rank}C` : `rank-${i}-A`);
    },
    onRemove: (ci) => {
      e.cards.splice(ci, 1);
      saveGame(app);
      refreshPickers(app, e.cards.length ? `chip-${i}-${Math.min(ci, e.cards.length - 1)}` : `suit-${i}-${e.suit || 'C'}`);
    },
    onSuit: (code) => {
      e.suit = code;
      e.rank = null;
      saveGame(app);
      refreshPickers(app, `suit-${i}-${code || 'any'}`);
    },
  });
}

// Re-draws every card picker (a card picked for one player shows as picked for the others).
function refreshPickers(app, focusId) {
  const d = currentDraft(app.store);
  opponentsOf(app.store, d).forEach((p) => {
    const e = d.entries[p];
    if (!e || e.mode !== 'cards') return;
    const i = playerIndex(app.store, p);
    const box = $(`opp-${i}`);
    const old = box && box.querySelector('.picker');
    if (old) old.parentNode.replaceChild(renderPicker(app, p, e, i), old);
  });
  const target = focusId && $(focusId);
  if (target) target.focus();
}

function cancelEdit(app) {
  const { store, ui } = app;
  ui.confirmDraw = false;
  const idx = store.edit && store.edit.index;
  store.edit = null;
  clearHistoryErrors(app);
  saveGame(app);
  app.render();
  const btn = idx !== null && $(`edit-${idx}`);
  if (btn) btn.focus();
  else $('entry-title').focus();
}
