/* What the pages take from the service itself (GET /v1/rules): the presets with their labels and
 * character, the computer opponents' levels, the limits (players at a table, the target score).
 * Pages keep no copy of them: they ask here, once per page load. */
import { getJson } from './api.js';

let answer = null;

/** GET /v1/rules, once: resolves to its answer (or null when the service did not answer). */
export function loadRules() {
  if (!answer) answer = getJson('/v1/rules').then((a) => (a.ok ? a.data : null));
  return answer;
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

/** {players: {min, max}, target: {min, max}}: the players at a table and the target score. */
export function limits(rules) {
  const l = (rules && rules.limits) || {};
  const range = (r, min, max) => ({ min: r && r.minimum !== undefined ? r.minimum : min, max: r && r.maximum !== undefined ? r.maximum : max });
  return { players: range(l.players, 2, 6), target: range(l.target_score, 1, 100000) };
}
