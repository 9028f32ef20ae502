/* Saving a hand on the scorepad: the checks made before asking, the hand as the API takes it, and
 * each refusal shown beside its control (history.js showHandProblem). Each function takes the
 * page's state, `app` (submit.js). */
import { $, announce, setFieldError, clearErrorsIn } from '../dom.js';
import { newDraft, standingsSpeech, padWith, dealerLine, currentDraft, formIndex, opponentsOf, entryFor, playerIndex, handFromDraft } from './state.js';
import { showNotice, showGeneralError, showSaved } from './notes.js';
import { submitPad } from './submit.js';
import { showHandProblem } from './history.js';
import { _ } from '../i18n.js';

/** [{id, control, text}]: what the form lacks before the hand can be sent. */
function localCheck(store, d) {
  const problems = [];
  if (!d.winner) {
    problems.push({ id: 'winner-error', control: $('winner-0'), text: _('Choose who went out.') });
    return problems;
  }
  opponentsOf(store, d).forEach((p) => {
    const e = entryFor(d, p);
    const i = playerIndex(store, p);
    if (e.mode === 'points' && !String(e.points).trim()) {
      problems.push({ id: `opp-${i}-error`, control: $(`points-${i}`), text: _('Enter {name}’s points, or pick the cards left.', { name: p }) });
    } else if (e.mode === 'cards' && !e.cards.length) {
      problems.push({ id: `opp-${i}-error`, control: $(`suit-${i}-C`), text: _('Pick {name}’s cards left, or enter points.', { name: p }) });
    }
  });
  return problems;
}

export function submitHand(app, ev) {
  if (ev) ev.preventDefault();
  if (app.ui.busy) return;
  const d = currentDraft(app.store);
  clearErrorsIn($('hand-form'));
  showGeneralError(null);
  const problems = localCheck(app.store, d);
  if (problems.length) {
    problems.forEach((pr) => { setFieldError(pr.id, [pr.text], pr.control); });
    if (problems[0].control) problems[0].control.focus();
    return;
  }
  commitHand(app, handFromDraft(app.store, d));
}

export function submitDraw(app) {
  if (app.ui.busy) return;
  clearErrorsIn($('hand-form'));
  showGeneralError(null);
  commitHand(app, { draw: true });
}

function commitHand(app, hand) {
  const { store, ui } = app;
  const d = currentDraft(store);
  const editing = d.index !== null;
  const k = formIndex(store);
  const hands = store.pad.hands.slice();
  if (editing) hands[k] = hand;
  else hands.push(hand);
  let what = '';
  submitPad(app, padWith(store, hands), {
    saved: (r) => {
      if (editing) store.edit = null;
      else store.draft = newDraft();
      store.undone = null;
      ui.confirmDraw = false;
      showNotice(null);
      const saved = r.hands[k];
      what = saved && saved.draw ? _('Hand {n} entered as a drawn hand: nobody scores.', { n: k + 1 })
        : (editing ? _('Hand {n} corrected.', { n: k + 1 }) : _('Hand {n} saved: {name} scores {points}.', { n: k + 1, name: saved.winner, points: saved.points }));
    },
    after: (r) => {
      showSaved(ui, what);
      announce(`${what} ${standingsSpeech(r)} ${r.game_over && r.winner ? _('{name} wins the game!', { name: r.winner }) : dealerLine(r)}`);
      $('entry-title').focus({ preventScroll: true });
      $('summary').scrollIntoView({ block: 'start', behavior: 'auto' });
    },
    refused: (problem) => { showHandProblem(app, problem, k, (j) => j); },
    failed: (message) => {
      setFieldError('hand-error', [message]);
      showSaved(ui, _('Not saved: what you typed is kept.'), true);
      announce(message);
    },
  });
}
