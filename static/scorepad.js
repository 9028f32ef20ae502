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
// first: the page's language and its static text (js/i18n.js waits for its catalogs)
import { _, ngettext } from './js/i18n.js';
import { $ } from './js/dom.js';
import { problemErrors } from './js/api.js';
import { initScreens } from './js/checker.js';
import { loadRules } from './js/service.js';
import { STORE_KEY, load, emptyUi, rulesOf } from './js/pad/state.js';
import { showNotice, showGeneralError, showSaved, clearNotSaved } from './js/pad/notes.js';
import { submitPad } from './js/pad/submit.js';
import { bindSetup } from './js/pad/setup.js';
import { render } from './js/pad/view.js';
import { submitHand } from './js/pad/save.js';
import { undoLast, offerPutBack } from './js/pad/history.js';
import { copyText, downloadCsv, shareResults, openNewGame } from './js/pad/share.js';

/* The page's state, handed to every screen (js/pad/submit.js says what each part is): the game
 * kept in localStorage, this visit's flags, the service's rules document (GET /v1/rules: the
 * players at a table, the targets one tap away, the presets with their labels; null until the
 * service answers, or the one the service worker kept for a visit with no connection). */
const app = {
  store: load(),
  ui: emptyUi(),
  rules: null,
  render: () => render(app),
};

// ---------------------------------------------------------------- start

/* Asks for the saved game's totals again (on opening, and when the connection comes back): the
 * service confirms the hands entered with no connection, or the phone works them out again. */
function refresh() {
  const { store } = app;
  if (!store.pad) return;
  const unconfirmed = store.offlineHands.filter(Boolean).length;
  submitPad(app, store.pad, {
    quiet: true,
    saved: () => {
      showNotice(null);
      showSaved(app.ui, null);
      if (!app.store.offline && unconfirmed) {
        showNotice(ngettext('Back online: the Rummy Referee has checked the hand entered with no connection.', 'Back online: the Rummy Referee has checked the {n} hands entered with no connection.', unconfirmed));
      }
      offerPutBack(app);
    },
    refused: (problem) => {
      showGeneralError([_('The saved game was refused by the Rummy Referee:')].concat(problemErrors(problem, app.store.pad.players).map((e) => e.detail)));
    },
    failed: (message) => {
      if (app.store.result) {
        showNotice(_('No connection, and this phone has not been online with the Rummy Referee yet: showing the totals of its last answer. What you type is kept.'), { id: 'retry', label: _('Try again'), run: refresh });
      } else {
        showNotice(message, { id: 'retry', label: _('Try again'), run: refresh });
      }
    },
  });
}

function init() {
  bindSetup(app);
  $('hand-form').addEventListener('submit', (e) => submitHand(app, e));
  $('hand-form').addEventListener('input', () => clearNotSaved(app.ui));
  $('hand-form').addEventListener('change', () => clearNotSaved(app.ui));
  $('undo-last').addEventListener('click', () => undoLast(app));
  $('copy-text').addEventListener('click', () => copyText(app));
  $('download-csv').addEventListener('click', () => downloadCsv(app));
  $('share-results').addEventListener('click', () => shareResults(app));
  $('new-game').addEventListener('click', () => openNewGame(app));
  window.addEventListener('storage', (e) => {
    // The game as another tab left it.
    if (e.key === STORE_KEY && !app.ui.busy) { app.store = load(); render(app); }
  });
  window.addEventListener('online', refresh);
  render(app);
  offerPutBack(app);
  refresh();
  initScreens({ gameRules: () => (app.store.pad ? rulesOf(app.store) : null) });
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js').catch(() => { /* no offline copy: the page still works online */ });
  }
  // The presets, limits and targets come from the service (GET /v1/rules): drawn again once it answers.
  const drawn = () => render(app);
  loadRules().then((answer) => {
    if (answer) app.rules = answer;
  }).then(drawn, drawn).then(() => { document.documentElement.setAttribute('data-ready', 'true'); });
}

init();
