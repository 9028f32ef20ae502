/* The rulebook page (GET /rules): the text is the server's rendering of RULES.md; this only
 * registers the phone page's service worker, so that after a first visit /rules (and the phone
 * page) opens with no connection. */
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch(function () { /* no offline copy: the page still works online */ });
}
