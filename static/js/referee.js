/* Asking the Rummy Referee a question a table with a real deck asks — is it a meld, what does
 * this hand score, what are the totals — with or without a connection. Online, the service
 * answers; when it cannot be reached, the offline judge (js/judge) answers with the service's
 * own answers and sentences, marked `offline: true`, under the rules document kept from the
 * last visit. Games against the computer (/play) and sealed tables always need the service. */
import { postJson } from './api.js';
import { loadRules } from './service.js';
import { answer } from './judge/index.js';

/** POST `body` to `url` as postJson does; when the service cannot be reached, the offline
 * judge's answer ({ok, data | problem, offline: true}), or the network failure when the judge
 * cannot answer (no rules document kept yet). */
export function askReferee(url, body) {
  return postJson(url, body).then((got) => {
    if (got.ok || got.kind === 'invalid') return got;
    return loadRules().then((doc) => answer(url, body, doc) || got);
  });
}
