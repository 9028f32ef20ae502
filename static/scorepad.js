/* Rummy Referee scorepad: a phone scorepad for games played with a real deck.
 *
 * The page keeps the game (players, rules, the hands as entered) in localStorage and sends the
 * whole pad to POST /v1/scorepad after every change, through one path (submitPad). Every total,
 * dealer, standing and winner shown comes from the API's answer; the page does no score
 * arithmetic (the running total in the card picker is asked of POST /v1/hand-score). A 422
 * answer is shown next to the control its JSON Pointer names, in words for players.
 *
 * An ES module (no build step, no dependencies, no inline code: the page runs under CSP
 * default-src 'self'). The meld checker and the rules screen are in js/checker.js; a service
 * worker (/sw.js) keeps the page and its files for opening offline.
 */
import { $ } from './js/dom.js';
import { problemErrors } from './js/api.js';
import { initScreens } from './js/checker.js';
import { reloadStore, clearNotSaved, STORE_KEY, store, ui, showNotice, showGeneralError, rulesOf, submitPad, showSaved, askService } from './js/pad/state.js';
import { bindSetup } from './js/pad/setup.js';
import { render } from './js/pad/view.js';
import { submitHand } from './js/pad/save.js';
import { undoLast, offerPutBack } from './js/pad/history.js';
import { copyText, downloadCsv, shareResults, openNewGame } from './js/pad/share.js';

// ---------------------------------------------------------------- start

/* Asks for the saved game's totals again (on opening, and when the connection comes back): the
 * service confirms the hands entered with no connection, or the phone works them out again. */
function refresh() {
  if (!store.pad) return;
  const unconfirmed = store.offlineHands.filter(Boolean).length;
  submitPad(store.pad, {
    quiet: true,
    saved: () => {
      showNotice(null);
      showSaved(null);
      if (!store.offline && unconfirmed) {
        showNotice(`Back online: the Rummy Referee has checked the ${unconfirmed === 1 ? 'hand' : `${unconfirmed} hands`} entered with no connection.`);
      }
      offerPutBack();
    },
    refused: (problem) => {
      showGeneralError(['The saved game was refused by the Rummy Referee:'].concat(problemErrors(problem, store.pad.players).map((e) => e.detail)));
    },
    failed: (message) => {
      if (store.result) {
        showNotice('No connection, and this phone has not been online with the Rummy Referee yet: showing the totals of its last answer. What you type is kept.', { id: 'retry', label: 'Try again', run: refresh });
      } else {
        showNotice(message, { id: 'retry', label: 'Try again', run: refresh });
      }
    },
  });
}

function init() {
  reloadStore();
  bindSetup();
  $('hand-form').addEventListener('submit', submitHand);
  $('hand-form').addEventListener('input', clearNotSaved);
  $('hand-form').addEventListener('change', clearNotSaved);
  $('undo-last').addEventListener('click', undoLast);
  $('copy-text').addEventListener('click', copyText);
  $('download-csv').addEventListener('click', downloadCsv);
  $('share-results').addEventListener('click', shareResults);
  $('new-game').addEventListener('click', openNewGame);
  window.addEventListener('storage', function (e) {
    if (e.key === STORE_KEY && !ui.busy) { reloadStore(); render(); }
  });
  window.addEventListener('online', refresh);
  render();
  offerPutBack();
  refresh();
  initScreens({ gameRules: function () { return store.pad ? rulesOf() : null; } });
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js').catch(function () { /* no offline copy: the page still works online */ });
  }
  // The presets, limits and targets come from the service (GET /v1/rules): drawn again once it answers.
  askService().then(render, render).then(function () { document.documentElement.setAttribute('data-ready', 'true'); });
}

init();
