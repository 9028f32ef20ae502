/* Rummy Referee service worker: keeps the pages (the scorepad, the rulebook, /play) and their
 * files so that they open with no connection (the game itself is in localStorage). Network first,
 * so a connected phone always gets the current page; the copy kept here is used only when the
 * network fails.
 * The API is never answered from here, except GET /v1/rules (read-only: the presets and words the
 * pages and the offline judge, js/judge, take from the service). With no connection the scorepad
 * and the meld checker are answered on the phone by the offline judge (the service's own answers);
 * /play opens and says that a game needs the connection. Served as /sw.js so its scope is "/".
 * Languages: the catalogs of every language static/i18n/index.json lists are kept at install (the
 * pages' and the offline judge's), so the switch and the judge's sentences work offline; /rules
 * and GET /v1/rules are kept once per language they were read in (?lang=es), each apart (with no copy in that language, the one kept without ?lang=). */
const CACHE = 'rummy-referee-page-v6';
const PAGE = [
  '/',
  '/rules',
  '/play',
  '/static/play.css',
  '/static/play.js',
  '/static/js/tables.js',
  '/static/js/rummy-referee-client.js',
  '/static/js/play/board.js',
  '/static/js/play/end.js',
  '/static/js/play/fairness.js',
  '/static/js/play/hand.js',
  '/static/js/play/messages.js',
  '/static/js/play/offline.js',
  '/static/js/play/setup.js',
  '/static/js/referee.js',
  '/static/js/judge/cards.js',
  '/static/js/judge/index.js',
  '/static/js/judge/melds.js',
  '/static/js/judge/names.js',
  '/static/js/judge/names.json',
  '/static/js/judge/scorepad.js',
  '/static/js/judge/speech.js',
  '/static/rules.css',
  '/static/rules.js',
  '/static/scorepad.css',
  '/static/scorepad.js',
  '/static/js/api.js',
  '/static/js/cards.js',
  '/static/js/checker.js',
  '/static/js/dom.js',
  '/static/js/i18n.js',
  '/static/i18n/index.json',
  '/static/js/pad/chart.js',
  '/static/js/pad/entry.js',
  '/static/js/pad/history.js',
  '/static/js/pad/notes.js',
  '/static/js/pad/save.js',
  '/static/js/pad/setup.js',
  '/static/js/pad/share.js',
  '/static/js/pad/state.js',
  '/static/js/pad/submit.js',
  '/static/js/pad/view.js',
  '/static/js/service.js',
  '/static/manifest.webmanifest',
  '/static/favicon.svg',
  '/static/icon.svg',
  '/static/icon-192.png',
  '/static/icon-512.png',
];
const KEPT = new Set(PAGE.concat(['/v1/rules']));
const BY_LANGUAGE = new Set(['/rules', '/v1/rules']); // kept per ?lang=
const CATALOG = /^\/static\/i18n\/[\w.-]+\.json$/;

/* Every language's catalogs, as the index lists them (none written here by hand). */
function catalogs() {
  return fetch('/static/i18n/index.json').then((r) => r.json()).then((index) => index.languages
    .filter((l) => l.code !== 'en').flatMap((l) => [`/static/i18n/pages.${l.code}.json`, `/static/i18n/${l.code}.json`]));
}

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(PAGE).then(catalogs).then((urls) => cache.addAll(urls)))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  let path = request.mode === 'navigate' && url.pathname === '/' ? '/' : url.pathname;
  const lang = /^\?lang=[\w-]+$/.test(url.search);
  if (lang && BY_LANGUAGE.has(path)) path += url.search;
  else if (url.search) return; // /rules?for=developers: online only, never kept as /rules
  else if (!KEPT.has(path) && !CATALOG.test(path)) return;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(path, copy));
    }
    return response;
  }).catch(() => caches.match(path).then((kept) => kept || caches.match(url.pathname)).then((kept) => kept || Response.error())));
});
