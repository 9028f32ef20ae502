/* What the offline judge needs of Unicode to compare names as the referee does (R2a): the letters
 * it can compare, their confusable skeletons, their names and kinds. The data is names.json, written
 * from Unicode's data by `.venv/bin/python -m tests.offline_judge_support` (tests/test_offline_judge.py
 * fails when it is stale), read when this module is imported (top-level await, as js/i18n.js reads
 * the catalogs); the service worker keeps it. When it cannot be had, the judge compares no name
 * (ALPHABET is empty): every name is left to the service, as a name of other letters is. */

const NONE = { alphabet: '', skeleton: {}, charNames: {}, charKinds: {} };
const NAMES = await fetch(new URL('./names.json', import.meta.url))
  .then((resp) => (resp.ok ? resp.json() : NONE))
  .catch(() => NONE);

/** The letters a name may hold for the offline judge to compare it. */
export const ALPHABET = NAMES.alphabet;
/** Each character's confusable skeleton (NFD), where it differs from the character. */
export const SKELETON = NAMES.skeleton;
/** Unicode's name of each letter of ALPHABET. */
export const CHAR_NAMES = NAMES.charNames;
/** What each letter of ALPHABET is, for other languages than English (referee.seating.character_kind):
 * its kind and, for a letter of a script names tell apart, that script. */
export const CHAR_KINDS = NAMES.charKinds;
