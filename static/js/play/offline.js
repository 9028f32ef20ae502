/* /play with no connection: the page opens (the service worker keeps it) and says, in a player's
 * words, that a game against the computer needs the connection, and what still works without. */
import { $, show } from '../dom.js';

function say() {
  show($('offline-play'), !navigator.onLine);
}

/** Shows the note while the phone is offline, and keeps the page for a visit with no connection. */
export function initOffline() {
  window.addEventListener('online', say);
  window.addEventListener('offline', say);
  say();
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js').catch(() => { /* no offline copy: the page still works online */ });
  }
}
