/* Asking the Rummy Referee a question a table with a real deck asks — is it a meld, what does
 * this hand score, what are the totals — with or without a connection. Online, the service
 * answers; when it cannot be reached, the offline judge (js/judge) answers with the service's
 * own answers and sentences, marked `offline: true`, under the rules document kept from the
 * last visit. Games against the computer (/play) and sealed tables always need the service. */
import { postJson } from './api.js';
import { loadRules } from './service.js';
import { answer } from './judge/index.js';
import { language } from './i18n.js';

let catalog = null; // the judge's catalog of the page's language (static/i18n/<tag>.json), once read

/** The browser catalog the offline judge says its sentences with: null for English (and when it
 * cannot be had: the page then reads the service's English words). The service worker keeps it. */
function judgeCatalog() {
  const code = language();
  if (code === 'en') return Promise.resolve(null);
  if (catalog && catalog.lang === code) return Promise.resolve(catalog);
  return window.fetch(`/static/i18n/${code}.json`).then((resp) => (resp.ok ? resp.json() : null)).catch(() => null)
    .then((got) => { catalog = got; return got; });
}

/** POST `body` to `url` as postJson does; when the service cannot be reached, the offline
 * judge's answer ({ok, data | problem, offline: true}), or the network failure when the judge
 * cannot answer (no rules document kept yet). */
export function askReferee(url, body) {
  return postJson(url, body).then((got) => {
    if (got.ok || got.kind === 'invalid') return got;
    return Promise.all([loadRules(), judgeCatalog()]).then(([doc, said]) => answer(url, body, doc, said) || got);
  });
}
