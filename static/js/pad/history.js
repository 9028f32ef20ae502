/* The scorepad's hands so far: the list, correcting a hand, undoing the last hand (and putting it
 * back), deleting one, and a refusal shown beside the entry or the hand it is about. Each
 * function takes the page's state, `app` (submit.js). */
import { $, h, clear, show, announce, setFieldError } from '../dom.js';
import { problemErrors, decodePointer } from '../api.js';
import { newDraft, standingsSpeech, padWith, currentDraft, opponentsOf, playerIndex } from './state.js';
import { showNotice, showGeneralError, showSaved } from './notes.js';
import { saveGame, submitPad } from './submit.js';
import { _, ngettext } from '../i18n.js';

// ---------------------------------------------------------------- the list

export function renderHistory(app, r) {
  const list = $('history');
  clear(list);
  show($('history-empty'), !r.hands.length);
  const editing = app.store.edit ? app.store.edit.index : null;
  for (let k = r.hands.length - 1; k >= 0; k -= 1) list.appendChild(historyItem(app, r, k, editing === k));
}

function historyItem(app, r, k, beingEdited) {
  const { store, ui } = app;
  const hand = r.hands[k];
  const n = hand.number || k + 1;
  let headline;
  if (hand.draw) {
    headline = _('Drawn hand: nobody scores');
  } else {
    const said = { name: hand.winner, points: hand.points, times: hand.multiplier };
    if (!hand.rummy) headline = _('{name} went out: +{points}', said);
    else headline = hand.multiplier > 1 ? _('{name} went rummy: +{points} (×{times})', said) : _('{name} went rummy: +{points} (no bonus)', said);
  }
  const left = Object.keys(hand.remaining || {}).map((p) => `${p} ${hand.remaining[p]}`).join(', ');
  const totals = store.pad.players.map((p) => `${p} ${hand.totals[p]}`).join(' \u00b7 ');
  const item = h('li', { class: `hand-item${beingEdited ? ' editing' : ''}`, id: `hand-item-${k}` }, [
    h('div', { class: 'hand-head' }, [
      h('strong', { text: _('Hand {n}', { n }) }),
      h('span', { class: 'muted', text: ' ' + _('dealt by {name}', { name: hand.dealer }) }),
      beingEdited ? h('span', { class: 'tag', text: _('being corrected') }) : null,
      store.offlineHands[k] ? h('span', { class: 'tag tag-offline', text: _('entered offline') }) : null,
    ]),
    h('p', { class: 'headline', text: headline }),
    left ? h('p', { class: 'muted', text: _('Left in hand: {list}', { list: left }) }) : null,
    h('p', { class: 'muted', text: _('Totals: {list}', { list: totals }) }),
  ]);
  const errs = ui.historyErrors[k];
  item.appendChild(h('div', { id: `hand-${k}-error`, class: 'field-error', hidden: !(errs && errs.length) },
    (errs || []).map((t) => h('p', { text: t }))));
  if (ui.confirmDelete === k) {
    item.appendChild(h('div', { class: 'confirm' }, [
      h('p', { text: _('Delete hand {n}? Later hands keep their order.', { n }) }),
      h('div', { class: 'row-actions' }, [
        h('button', { type: 'button', class: 'btn btn-danger', id: `confirm-delete-${k}`, 'data-submits': true, text: _('Delete hand {n}', { n }), onclick: () => { deleteHand(app, k); } }),
        h('button', { type: 'button', class: 'btn btn-secondary', id: `keep-${k}`, text: _('Keep it'), onclick: () => { ui.confirmDelete = null; renderHistory(app, app.store.result); $(`delete-${k}`).focus(); } }),
      ]),
    ]));
  } else {
    item.appendChild(h('div', { class: 'row-actions' }, [
      h('button', { type: 'button', class: 'btn btn-secondary', id: `edit-${k}`, 'aria-label': _('Correct hand {n}', { n }), text: _('Correct'), onclick: () => { startEdit(app, k); } }),
      h('button', { type: 'button', class: 'btn btn-secondary', id: `delete-${k}`, 'aria-label': _('Delete hand {n}', { n }), text: _('Delete'), onclick: () => { ui.confirmDelete = k; renderHistory(app, app.store.result); $(`confirm-delete-${k}`).focus(); } }),
    ]));
  }
  return item;
}

/** Puts hand k on the form to be corrected. */
export function startEdit(app, k) {
  const { store, ui } = app;
  ui.confirmDraw = false;
  const hand = store.pad.hands[k];
  const d = newDraft(k);
  if (!hand.draw) {
    d.winner = hand.winner;
    d.rummy = !!hand.rummy;
    Object.keys(hand.remaining || {}).forEach((p) => {
      const rem = hand.remaining[p];
      if (rem && Array.isArray(rem.cards)) {
        const last = rem.cards.length ? rem.cards[rem.cards.length - 1] : 'C';
        d.entries[p] = { mode: 'cards', points: '', cards: rem.cards.slice(), suit: last.slice(-1) };
      } else {
        d.entries[p] = { mode: 'points', points: rem ? String(rem.points) : '', cards: [], suit: null };
      }
    });
  }
  store.edit = d;
  ui.confirmDelete = null;
  saveGame(app);
  showGeneralError(null);
  app.render();
  $('entry-title').focus({ preventScroll: true });
  $('entry').scrollIntoView({ block: 'start', behavior: 'auto' });
}

// ---------------------------------------------------------------- undo, put back, delete

function replaceHands(app, hands, onDone, toOriginal) {
  return submitPad(app, padWith(app.store, hands), {
    saved: onDone,
    refused: (problem) => {
      clearHistoryErrors(app);
      showHandProblem(app, problem, -1, toOriginal);
    },
    failed: (message) => { showGeneralError([message]); },
  });
}

function deleteHand(app, k) {
  const { store, ui } = app;
  if (ui.busy) return;
  const hands = store.pad.hands.slice();
  hands.splice(k, 1);
  replaceHands(app, hands, (r) => {
    ui.confirmDelete = null;
    store.undone = null;
    if (store.edit) store.edit = null;
    const said = _('Hand {n} deleted.', { n: k + 1 });
    showNotice(said);
    showSaved(ui, said);
    announce(`${said} ${standingsSpeech(r)}`);
  }, (j) => (j >= k ? j + 1 : j)).then((ok) => {
    if (ok) $('history-title').focus();
  });
}

export function undoLast(app) {
  const { store, ui } = app;
  if (ui.busy || !store.pad.hands.length) return;
  const hands = store.pad.hands.slice();
  const last = hands.pop();
  const n = hands.length + 1;
  replaceHands(app, hands, (r) => {
    store.undone = { hand: last, number: n };
    if (store.edit && store.edit.index >= hands.length) store.edit = null;
    offerPutBack(app);
    // the offer to put it back in view, below the sticky tabs (#33 point 7)
    $('notice').scrollIntoView({ block: 'start' });
    announce(`${_('Hand {n} removed.', { n })} ${standingsSpeech(r)}`);
  }, (j) => j);
}

/* The "put back" offer of the hand last undone; it is kept with the game, so a reload keeps it. */
export function offerPutBack(app) {
  const { store } = app;
  if (!store.undone || !store.pad) return;
  const n = store.undone.number || store.pad.hands.length + 1;
  showNotice(_('Hand {n} removed.', { n }), { id: 'redo', label: _('Put hand {n} back', { n }), run: () => redo(app) });
  showSaved(app.ui, _('Hand {n} removed.', { n }), true); // the sticky bar says the same as the notice, never an older save
}

function redo(app) {
  const { store, ui } = app;
  if (ui.busy || !store.undone) return;
  const hands = store.pad.hands.concat([store.undone.hand]);
  replaceHands(app, hands, (r) => {
    store.undone = null;
    const said = _('Hand {n} put back.', { n: hands.length });
    showNotice(said);
    showSaved(ui, said);
    announce(`${said} ${standingsSpeech(r)}`);
  }, (j) => j).then((ok) => {
    if (ok) $('undo-last').focus();
  });
}

// ---------------------------------------------------------------- refusals

/* Shows a 422 next to the controls its pointers name. formIdx: the index of the hand in the
 * form (or -1); toOriginal maps a hand index of the request to the index shown in the list. */
export function showHandProblem(app, problem, formIdx, toOriginal) {
  const { store, ui } = app;
  const d = currentDraft(store);
  const byId = {};
  const order = [];
  const general = [];
  const add = (id, control, text) => {
    if (!byId[id]) { byId[id] = { control, lines: [] }; order.push(id); }
    byId[id].lines.push(text);
  };
  const errors = problemErrors(problem, store.pad.players);
  errors.forEach((err) => {
    const segs = decodePointer(err.pointer);
    if (segs[0] !== 'hands' || segs.length < 2 || !/^\d+$/.test(segs[1])) {
      general.push(err.detail);
      return;
    }
    const j = Number(segs[1]);
    if (j === formIdx && $('hand-form').elements.length) {
      const rest = segs.slice(2);
      if (rest[0] === 'winner') {
        add('winner-error', $('winner-0'), err.detail);
      } else if (rest[0] === 'rummy') {
        add('rummy-error', $('rummy'), err.detail);
      } else if (rest[0] === 'remaining' && rest.length > 1 && opponentsOf(store, d).indexOf(rest[1]) >= 0) {
        const i = playerIndex(store, rest[1]);
        let control = $(`points-${i}`) || $(`suit-${i}-C`);
        if (rest[2] === 'cards' && rest.length > 3 && $(`chip-${i}-${rest[3]}`)) control = $(`chip-${i}-${rest[3]}`);
        add(`opp-${i}-error`, control, err.detail);
      } else {
        add('hand-error', $('save-hand'), err.detail);
      }
    } else {
      const orig = toOriginal(j);
      ui.historyErrors[orig] = (ui.historyErrors[orig] || []).concat([err.detail]);
      general.push(err.detail);
    }
  });
  order.forEach((id) => {
    const c = byId[id].control;
    setFieldError(id, byId[id].lines, c && c.id !== 'save-hand' && c.id !== 'winner-0' ? c : null);
  });
  if (byId['winner-error']) $('winner-group').setAttribute('aria-describedby', 'winner-error');
  showGeneralError(general);
  renderHistory(app, store.result);
  const first = order.length && byId[order[0]].control;
  if (first) first.focus();
  // The sentence itself is shown once, beside its entry; the bar only says that nothing was saved.
  showSaved(ui, ngettext('Not saved: one entry to fix, marked above.', 'Not saved: {n} entries to fix, marked above.', errors.length), true);
  announce(errors.map((e) => e.detail).join(' '));
}

export function clearHistoryErrors(app) {
  app.ui.historyErrors = {};
}
