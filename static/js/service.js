/* What the pages take from the service itself (GET /v1/rules): the presets with their labels and
 * character, the computer opponents' levels, the limits (players at a table, the target score).
 * Pages keep no copy of them: they ask here, once per page load, and keep the last answer in
 * localStorage for a visit with no connection (the offline judge needs it too). */
import { getJson } from './api.js';
import { language, withLanguage } from './i18n.js';

// One kept answer per language (its labels and sentences are in it); any language's serves the
// offline judge when the page's own has not been kept yet.
const RULES_KEY = 'rummy-referee.rules.v2';
const OWN_KEY = () => `${RULES_KEY}.${language()}`;
let answer = null;

function stored() {
  try {
    return JSON.parse(window.localStorage.getItem(OWN_KEY()) || window.localStorage.getItem(RULES_KEY) || 'null');
  } catch (e) {
    return null;
  }
}

/** GET /v1/rules, once: resolves to its answer, or the one kept from the last visit, or null. */
export function loadRules() {
  if (!answer) {
    answer = getJson(withLanguage('/v1/rules')).then((a) => {
      if (!a.ok) return stored();
      try {
        window.localStorage.setItem(OWN_KEY(), JSON.stringify(a.data));
        window.localStorage.setItem(RULES_KEY, JSON.stringify(a.data));
      } catch (e) { /* asked again next visit */ }
      return a.data;
    });
  }
  return answer;
}

/** The document kept from the last visit (or null), without asking. */
export function keptRules() {
  return stored();
}

/** [{value, label, about}] of the presets, in the service's order. */
export function presets(rules) {
  const notes = (rules && rules.preset_notes) || [];
  return ((rules && rules.presets) || []).map((p) => {
    const note = notes.find((n) => n.preset === p.preset) || {};
    return { value: p.preset, label: note.label || p.preset, about: note.character || '' };
  });
}

/** [{value, label}] of the computer opponents' levels, weakest first. */
export function levels(rules) {
  return ((rules && rules.bot_levels) || []).map((l) => ({ value: l.level, label: l.label }));
}

/** The target score a game under `preset` plays to when none is chosen (R20), as the service
 * says it, or undefined until it has answered. */
export function targetDefault(rules, preset) {
  const option = ((rules && rules.options) || []).find((o) => o.name === 'target_score');
  const value = option && option.defaults ? option.defaults[preset] : undefined;
  return value === null ? undefined : value;
}

/** {players: {min, max}, target: {min, max}}: the players at a table and the target score, as
 * the service says them (each undefined until it has answered: the pages keep no copy). */
export function limits(rules) {
  const l = (rules && rules.limits) || {};
  const range = (r) => ({ min: r ? r.minimum : undefined, max: r ? r.maximum : undefined });
  return { players: range(l.players), target: range(l.target_score) };
}
