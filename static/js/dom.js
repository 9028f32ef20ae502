/* Small DOM helpers shared by the scorepad, the meld checker and the rules screen.
 * No markup is ever parsed: every element is built with createElement and textContent. */

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The element with this id (or null). */
export function $(id) { return document.getElementById(id); }

/** An HTML element: h('p', {class: 'muted', text: 'Hi'}, [children]); on* keys add listeners. */
export function h(tag, attrs, kids) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  appendKids(el, kids);
  return el;
}

/** An SVG element, as h() for HTML. */
export function svg(tag, attrs, kids) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  appendKids(el, kids);
  return el;
}

function setAttrs(el, attrs) {
  if (!attrs) return;
  Object.keys(attrs).forEach((k) => {
    const v = attrs[k];
    if (v === null || v === undefined || v === false) return;
    if (k === 'class') el.setAttribute('class', v);
    else if (k === 'text') el.textContent = v;
    else if (k.slice(0, 2) === 'on') el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  });
}

function appendKids(el, kids) {
  if (kids === null || kids === undefined || kids === false) return;
  if (!Array.isArray(kids)) kids = [kids];
  kids.forEach((k) => {
    if (k === null || k === undefined || k === false) return;
    el.appendChild(typeof k === 'string' || typeof k === 'number' ? document.createTextNode(String(k)) : k);
  });
}

/** Removes every child of el. */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
}

/** Shows or hides el (the hidden attribute). */
export function show(el, visible) {
  el.hidden = !visible;
}

/** Says text to screen readers through the page's polite live region. */
export function announce(text) {
  const el = $('announce');
  el.textContent = '';
  window.setTimeout(() => { el.textContent = text; }, 50);
}

/** Marks a control invalid and points it at its error box (or clears both). */
export function markInvalid(control, errorId) {
  if (errorId) {
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', errorId);
  } else {
    control.removeAttribute('aria-invalid');
    control.removeAttribute('aria-describedby');
  }
}

/** Fills the error box `id` with lines (or hides it) and marks `control`. */
export function setFieldError(id, lines, control) {
  const el = $(id);
  if (!el) return false;
  clear(el);
  if (lines && lines.length) {
    lines.forEach((line) => { el.appendChild(h('p', { text: line })); });
    show(el, true);
  } else {
    show(el, false);
  }
  if (control) markInvalid(control, lines && lines.length ? id : null);
  return true;
}

/** Hides every error box under root and clears the invalid marks. */
export function clearErrorsIn(root) {
  root.querySelectorAll('.field-error').forEach((el) => {
    clear(el);
    el.hidden = true;
  });
  root.querySelectorAll('[aria-invalid]').forEach((el) => { markInvalid(el, null); });
}
