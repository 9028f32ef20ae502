/* The scorepad's hands so far: the list, undoing the last hand (and putting it back), deleting one. */
import { $, h, clear, show, announce } from '../dom.js';
import { store, ui, showNotice, showGeneralError, submitPad, showSaved, standingsSpeech, padWith } from './state.js';
import { startEdit } from './entry.js';
import { showHandProblem, clearHistoryErrors } from './save.js';

// ---------------------------------------------------------------- history, undo, delete

export function renderHistory(r) {
  var list = $('history');
  clear(list);
  show($('history-empty'), !r.hands.length);
  var editing = store.edit ? store.edit.index : null;
  for (var k = r.hands.length - 1; k >= 0; k--) list.appendChild(historyItem(r, k, editing === k));
}

export function historyItem(r, k, beingEdited) {
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
      beingEdited ? h('span', { class: 'tag', text: 'being corrected' }) : null,
      store.offlineHands[k] ? h('span', { class: 'tag tag-offline', text: 'entered offline' }) : null
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

export function replaceHands(hands, onDone, toOriginal) {
  return submitPad(padWith(hands), {
    saved: onDone,
    refused: function (problem) {
      clearHistoryErrors();
      showHandProblem(problem, -1, toOriginal);
    },
    failed: function (message) { showGeneralError([message]); }
  });
}

export function deleteHand(k) {
  if (ui.busy) return;
  var hands = store.pad.hands.slice();
  hands.splice(k, 1);
  replaceHands(hands, function (r) {
    ui.confirmDelete = null;
    store.undone = null;
    if (store.edit) store.edit = null;
    showNotice('Hand ' + (k + 1) + ' deleted.');
    showSaved('Hand ' + (k + 1) + ' deleted.');
    announce('Hand ' + (k + 1) + ' deleted. ' + standingsSpeech(r));
  }, function (j) { return j >= k ? j + 1 : j; }).then(function (ok) {
    if (ok) $('history-title').focus();
  });
}

export function undoLast() {
  if (ui.busy || !store.pad.hands.length) return;
  var hands = store.pad.hands.slice();
  var last = hands.pop();
  var n = hands.length + 1;
  replaceHands(hands, function (r) {
    store.undone = { hand: last, number: n };
    if (store.edit && store.edit.index >= hands.length) store.edit = null;
    offerPutBack();
    // the offer to put it back in view, below the sticky tabs (#33 point 7)
    $('notice').scrollIntoView({ block: 'start' });
    announce('Hand ' + n + ' removed. ' + standingsSpeech(r));
  }, function (j) { return j; });
}

/* The "put back" offer of the hand last undone; it is kept with the game, so a reload keeps it. */
export function offerPutBack() {
  if (!store.undone || !store.pad) return;
  var n = store.undone.number || store.pad.hands.length + 1;
  showNotice('Hand ' + n + ' removed.', { id: 'redo', label: 'Put hand ' + n + ' back', run: redo });
  showSaved('Hand ' + n + ' removed.'); // the sticky bar says the same as the notice, never an older save
}

export function redo() {
  if (ui.busy || !store.undone) return;
  var hands = store.pad.hands.concat([store.undone.hand]);
  replaceHands(hands, function (r) {
    store.undone = null;
    showNotice('Hand ' + hands.length + ' put back.');
    showSaved('Hand ' + hands.length + ' put back.');
    announce('Hand ' + hands.length + ' put back. ' + standingsSpeech(r));
  }, function (j) { return j; }).then(function (ok) {
    if (ok) $('undo-last').focus();
  });
}
