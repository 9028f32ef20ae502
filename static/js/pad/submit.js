/* The one path by which the scorepad changes the game (submitPad: one POST /v1/scorepad), and
 * keeping the game in localStorage.
 *
 * `app` is the page's state, made by scorepad.js and handed to every screen:
 *   app.store   the game kept in localStorage (state.js), replaced when another tab changes it
 *   app.ui      the page's flags for this visit (state.js emptyUi)
 *   app.rules   the service's rules document (GET /v1/rules), or null before it answers
 *   app.render  draws the page again from app (view.js render) */
import { askReferee } from '../referee.js';
import { persist, offlineMarks } from './state.js';
import { showNotice, showGeneralError, setBusy } from './notes.js';
import { _ } from '../i18n.js';

export const API_URL = '/v1/scorepad';

/** Keeps the game in localStorage, or says that this browser would not. */
export function saveGame(app) {
  if (!persist(app.store)) {
    showNotice(_('This browser would not save the game (private mode or storage full); it will be lost on reload.'));
  }
}

/*
 * Sends a whole pad to the API; the only place the page changes the game. On a 200 the pad and
 * the answer become the game (saved, drawn again) and then on.saved(answer) runs; on a 422
 * on.refused(problem); on no answer on.failed(message). Nothing is changed unless the API
 * accepted the pad. Resolves to whether it did.
 */
export function submitPad(app, pad, on) {
  if (!on.quiet) setBusy(app.ui, true);
  return askReferee(API_URL, pad).then((answer) => {
    if (!on.quiet) setBusy(app.ui, false);
    const { store } = app;
    if (answer.ok) {
      store.offlineHands = offlineMarks(store, pad, Boolean(answer.offline));
      store.offline = Boolean(answer.offline);
      store.pad = pad;
      store.result = answer.data;
      app.ui.historyErrors = {};
      showGeneralError(null);
      if (on.saved) on.saved(answer.data);
      saveGame(app);
      app.render();
      if (on.after) on.after(answer.data);
    } else if (answer.kind === 'invalid') {
      on.refused(answer.problem);
    } else {
      on.failed(answer.message);
    }
    return answer.ok;
  });
}
