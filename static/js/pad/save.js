/* Saving a hand on the scorepad: the checks made before asking, the hand as the API takes it, and each refusal shown beside its control. */
import { $, announce, setFieldError, clearErrorsIn } from '../dom.js';
import { problemErrors, decodePointer } from '../api.js';
import { store, ui, newDraft, showNotice, showGeneralError, possessive, submitPad, showSaved, standingsSpeech, padWith } from './state.js';
import { integerOrRaw } from './setup.js';
import { dealerLine } from './view.js';
import { currentDraft, formIndex, opponentsOf, entryFor, playerIndex } from './entry.js';
import { renderHistory } from './history.js';

export function localCheck(d) {
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

export function handFromDraft(d) {
  var remaining = {};
  opponentsOf(d).forEach(function (p) {
    var e = entryFor(d, p);
    remaining[p] = e.mode === 'cards' ? { cards: e.cards.slice() } : { points: integerOrRaw(e.points) };
  });
  return { winner: d.winner, rummy: !!d.rummy, remaining: remaining };
}

export function submitHand(ev) {
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

export function submitDraw() {
  if (ui.busy) return;
  clearErrorsIn($('hand-form'));
  showGeneralError(null);
  commitHand({ draw: true });
}

export function commitHand(hand) {
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
      showSaved('Not saved: what you typed is kept.');
      announce(message);
    }
  });
}

/* Shows a 422 next to the controls its pointers name. formIdx: the index of the hand in the
 * form (or -1); toOriginal maps a hand index of the request to the index shown in the list. */
export function showHandProblem(problem, formIdx, toOriginal) {
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
  // The sentence itself is shown once, beside its entry; the bar only says that nothing was saved.
  showSaved(errors.length === 1 ? 'Not saved: one entry to fix, marked above.' : 'Not saved: ' + errors.length + ' entries to fix, marked above.');
  announce(errors.map(function (e) { return e.detail; }).join(' '));
}

export function clearHistoryErrors() {
  ui.historyErrors = {};
}
