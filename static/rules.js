/* The rulebook page (GET /rules): the text is the server's rendering of RULES.md, in the
 * language asked (js/i18n.js gives the switch and asks again in the player's language); this
 * registers the phone page's service worker, so that after a first visit /rules (and the phone
 * page) opens with no connection. */
import './js/i18n.js';

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch(function () { /* no offline copy: the page still works online */ });
}
