/* What the pages take from the service itself (GET /v1/rules): the presets with their labels and
 * sentences, the computer opponents' levels, the limits (players at a table, the target score).
 * Pages never keep their own copy: they ask here, once per page load. */
import { getJson } from './api.js';

let answer = null;

/** GET /v1/rules, once: resolves to its answer (or null when the service did not answer). */
export function loadRules() {
  if (!answer) answer = getJson('/v1/rules').then((a) => (a.ok ? a.data : null));
  return answer;
}

/** [{value, label, about}] of the presets, in the service's order. */
export function presets(rules) {
  return ((rules && rules.presets) || []).map((p) => ({
    value: p.preset,
    label: p.label || p.preset.charAt(0).toUpperCase() + p.preset.slice(1).replace('-', ' '),
    about: p.summary || (p.options ? Object.values(p.options).join(' ') : ''),
  }));
}

/** [{value, label}] of the computer opponents' levels. */
export function levels(rules) {
  const list = (rules && (rules.bot_levels || rules.levels)) || ['easy', 'medium', 'hard'];
  return list.map((l) => (typeof l === 'string' ? { value: l, label: l.charAt(0).toUpperCase() + l.slice(1) } : { value: l.level || l.value, label: l.label || l.level }));
}

/** {min, max} players at a table and {min, max} target score. */
export function limits(rules) {
  const l = (rules && rules.limits) || {};
  return {
    players: l.players || { min: 2, max: 6 },
    target: l.target_score || { min: 1, max: 100000 },
  };
}
