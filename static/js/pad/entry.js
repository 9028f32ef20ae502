/* Entering a hand on the scorepad: who went out, each other player's cards left (points or picked cards), and correcting an earlier hand. */
import { $, h, clear } from '../dom.js';
import { askReferee } from '../referee.js';
import { cardPicker, focusAfterPick } from '../cards.js';
import { store, ui, newDraft, save, showGeneralError, possessive, rulesOf, service } from './state.js';
import { renderGame } from './view.js';
import { submitDraw, clearHistoryErrors } from './save.js';
import { openNewGame } from './share.js';

// ---------------------------------------------------------------- entering a hand

export function currentDraft() {
  return store.edit || store.draft;
}

export function formIndex() {
  var d = currentDraft();
  return d.index === null ? store.pad.hands.length : d.index;
}

export function opponentsOf(d) {
  return store.pad.players.filter(function (p) { return p !== d.winner; });
}

export function entryFor(d, player) {
  var e = d.entries[player];
  if (!e) e = d.entries[player] = { mode: 'points', points: '', cards: [], suit: null };
  return e;
}

export function renderEntry(r) {
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
    // In the sticky bar, where Save was: never covered by it (#33 point 9)
    bar.appendChild(h('button', { type: 'button', class: 'btn btn-primary', id: 'rematch', text: 'New game, same players', onclick: openNewGame }));
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

  // The option's own sentence from /v1/rules (R15), never a restated multiplier.
  var rummyOption = ((service.rules && service.rules.options) || []).filter(function (o) { return o.rule === 'R15'; })[0];
  var rummyValue = rummyOption && (rummyOption.values || []).filter(function (v) { return v.value === rulesOf()[rummyOption.name]; })[0];
  form.appendChild(h('div', { class: 'check-field' }, [
    h('label', { class: 'check', for: 'rummy' }, [
      h('input', {
        type: 'checkbox', id: 'rummy', checked: d.rummy,
        onchange: function (e) { d.rummy = e.target.checked; save(); }
      }),
      h('span', null, [
        h('strong', { text: 'Going rummy' }),
        h('small', { text: ' went out in one turn, nothing laid down before' + (rummyValue ? ' (' + rummyValue.label.toLowerCase() + ' under these rules)' : '') })
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
export function renderDrawBox() {
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

export function renderOpponents() {
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

export function playerIndex(p) {
  return store.pad.players.indexOf(p);
}

export function renderOpponent(p) {
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

export function replaceOpponent(p, focusId) {
  var i = playerIndex(p);
  var old = $('opp-' + i);
  if (!old) return;
  old.parentNode.replaceChild(renderOpponent(p), old);
  if (focusId && $(focusId)) $(focusId).focus();
}

export function usedCards(d) {
  var used = {};
  opponentsOf(d).forEach(function (p) {
    var e = d.entries[p];
    if (e && e.mode === 'cards') e.cards.forEach(function (c) { used[c] = p; });
  });
  return used;
}

/* Running points totals of picked cards, asked of POST /v1/hand-score (the card values are
 * the referee's, R14): cache key "QS KH" → points. */
export let pickedTotals = {};

export function pickedTotal(i, cards) {
  var key = cards.join(' ');
  var span = h('span', { id: 'total-' + i, class: 'running-total' });
  if (key in pickedTotals) {
    span.textContent = ', ' + pickedTotals[key] + (pickedTotals[key] === 1 ? ' point' : ' points');
  } else if (cards.length && cards.length <= 10) {
    askReferee('/v1/hand-score', { remaining: { hand: cards }, rules: rulesOf() }).then(function (answer) {
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

export function renderPicker(p, e, i) {
  var d = currentDraft();
  var used = usedCards(d);
  var taken = {};
  Object.keys(used).forEach(function (c) { if (used[c] !== p) taken[c] = 'for ' + used[c]; });
  return cardPicker({
    key: String(i), cards: e.cards, suit: e.suit, rank: e.rank, taken: taken, label: 'Picked',
    extra: e.cards.length ? pickedTotal(i, e.cards) : null,
    onPick: function (code) {
      e.cards.push(code);
      save();
      refreshPickers();
      focusAfterPick(e.suit ? 'rank-' + i + '-' + code.slice(0, -1) : 'pick-' + i + '-' + code, String(i), e.suit);
    },
    onRank: function (rank) {
      e.rank = rank;
      save();
      refreshPickers(rank ? 'pick-' + i + '-' + rank + 'C' : 'rank-' + i + '-A');
    },
    onRemove: function (ci) {
      e.cards.splice(ci, 1);
      save();
      refreshPickers(e.cards.length ? 'chip-' + i + '-' + Math.min(ci, e.cards.length - 1) : 'suit-' + i + '-' + (e.suit || 'C'));
    },
    onSuit: function (code) {
      e.suit = code;
      e.rank = null;
      save();
      refreshPickers('suit-' + i + '-' + (code || 'any'));
    }
  });
}

// Re-draws every card picker (a card picked for one player shows as picked for the others).
export function refreshPickers(focusId) {
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

export function cancelEdit() {
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

export function startEdit(k) {
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
