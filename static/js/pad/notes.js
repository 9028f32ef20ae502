/* What the scorepad says outside the form: the notice at the top, the general error, the
 * confirmation in the sticky action bar, and the busy state of the buttons that send a request. */
import { $, h, clear, show } from '../dom.js';

export function showNotice(text, action) {
  const el = $('notice');
  clear(el);
  if (!text) { show(el, false); return; }
  el.appendChild(h('p', { text }));
  if (action) {
    el.appendChild(h('button', { type: 'button', class: 'btn btn-secondary', id: action.id, onclick: action.run, text: action.label }));
  }
  show(el, true);
}

export function showGeneralError(lines) {
  const el = $('general-error');
  clear(el);
  if (!lines || !lines.length) { show(el, false); return; }
  lines.forEach((line) => { el.appendChild(h('p', { text: line })); });
  show(el, true);
}

/* The confirmation of the last change, in the sticky action bar (always in view). */
export function showSaved(ui, text, aboutTheEntry) {
  // "Not saved: …" and "Hand 4 removed." say what the entry on screen is about (aboutTheEntry):
  // they go as soon as the player changes it (#23 point 7, #33 point 7).
  ui.notSaved = Boolean(text && aboutTheEntry);
  const el = $('saved-note');
  el.textContent = text || '';
  show(el, !!text);
}

/** A "Not saved: …" note goes once the player changes the entry it was about. */
export function clearNotSaved(ui) {
  if (ui.notSaved) showSaved(ui, null);
}

export function setBusy(ui, busy) {
  ui.busy = busy;
  document.body.classList.toggle('busy', busy);
  document.querySelectorAll('[data-submits]').forEach((b) => { b.disabled = busy; });
}
