/* The play page's messages: a refusal or an error said where the player is looking (during a
 * turn above the hand, which keeps the turn on one screen; at a hand's end above its buttons;
 * else at the top), one at a time. */
import { $, show } from '../dom.js';
import { forPlayers } from '../api.js';
import { _ } from '../i18n.js';

/** The referee's refusal (or any sentence) above the hand; '' hides it. */
export function showRefusal(text) {
  $('refusal').textContent = text;
  show($('refusal'), Boolean(text));
}

/** A failed request (js/tables.js's {ok: false, kind, message | problem}) in a player's words;
 * `me`: the player, so a sentence naming them speaks to them. */
export function showProblem(answer, me) {
  let text = answer.message;
  if (answer.kind === 'invalid') {
    const first = (answer.problem.errors || [])[0] || answer.problem;
    text = first.pointer === '/table'
      ? _('The Rummy Referee does not know this game just now (it may have been restarted, or the game was left too long). The game is kept on this phone: try again later, or start a new game.')
      : forPlayers(first.detail, [me]);
  }
  if (!$('table').hidden) { showRefusal(text); return; }
  if (!$('end').hidden) $('next-hand').before($('error')); else $('offline-play').after($('error'));
  $('error').textContent = text;
  show($('error'), true);
}

export function clearMessages() {
  show($('error'), false);
  showRefusal('');
  show($('hint-box'), false);
  show($('choose-meld'), false);
  document.querySelectorAll('.hinted').forEach((el) => el.classList.remove('hinted'));
}
