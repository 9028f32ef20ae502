/* The pages' languages: which one the player reads, and every player-visible string in it.
 *
 * The language is the one chosen with the switch (kept in localStorage), else the first of the
 * browser's languages (navigator.languages) the catalogs hold, else English. Importing this
 * module waits (top-level await) until that language's catalogs are loaded, so every module
 * that imports it may translate at import time. With no connection the service worker answers
 * the catalogs it kept; a catalog that cannot be had at all leaves the page in English.
 *
 * The catalogs are built from the gettext catalogs (locales/<lang>/LC_MESSAGES/*.po) by
 * `make catalogs` into static/i18n/<domain>.<lang>.json:
 *   {"lang": "es", "messages": {msgid: text, "ctx\u0004msgid": text, singular: {one: …, other: …}}}
 * plural forms keyed by CLDR category (Intl.PluralRules picks the category). Placeholders are
 * named, `{name}` (or the Python core's `%(name)s`); a number is written as the language
 * writes it (Intl.NumberFormat).
 *
 * The static text of a page is translated in place (translatePage): every text node and the
 * attributes players meet (aria-label, title, placeholder, alt, meta description) whose English
 * is a msgid; web/i18n_pages.py extracts the same texts from the HTML, so the two agree. */

const CHOICE_KEY = 'rummy-referee.lang.v1';
const INDEX_URL = '/static/i18n/index.json';
const ENGLISH = { code: 'en', name: 'English' };

let index = { languages: [ENGLISH] };
let current = 'en';
const catalogs = {}; // domain -> messages
let plural = null;
let ordinalRules = null;
let numbers = null;

function savedChoice() {
  try { return window.localStorage.getItem(CHOICE_KEY); } catch (e) { return null; }
}

function fetchJson(url) {
  return window.fetch(url).then((resp) => (resp.ok ? resp.json() : null)).catch(() => null);
}

/** The language to read, from `codes` the catalogs hold: the saved choice, else the browser's
 * first language we have (exact, then by its main language: pt-PT reads pt-BR), else English. */
export function pick(codes, saved, preferred) {
  if (saved && codes.includes(saved)) return saved;
  const lower = codes.map((c) => c.toLowerCase());
  for (const want of preferred || []) {
    const w = String(want).toLowerCase();
    const exact = lower.indexOf(w);
    if (exact >= 0) return codes[exact];
    const main = w.split('-')[0];
    const near = lower.findIndex((c) => c.split('-')[0] === main);
    if (near >= 0) return codes[near];
  }
  return 'en';
}

function setLanguage(code) {
  current = code;
  const tag = code === 'en' ? 'en' : code;
  plural = new Intl.PluralRules(tag);
  ordinalRules = new Intl.PluralRules(tag, { type: 'ordinal' });
  // grouped from five digits (12 345, 12.345), as CLDR's minimum grouping digits has it for
  // Spanish; a score of four digits reads as one word in every language (1234)
  numbers = new Intl.NumberFormat(tag, { useGrouping: 'min2' });
  document.documentElement.setAttribute('lang', code);
}

/** Loads the language's catalogs of `domains` (English needs none). */
async function load(domains) {
  const got = await fetchJson(INDEX_URL);
  if (got && Array.isArray(got.languages)) index = got;
  const codes = index.languages.map((l) => l.code);
  // A page the server wrote in a language it was asked for (/rules?lang=ru: a shared link) is
  // read in that language unless the player chose one.
  const asked = document.querySelector('meta[name="rummy-language"]') && new URL(window.location.href).searchParams.get('lang');
  const code = pick(codes, savedChoice(), (asked ? [asked] : []).concat(navigator.languages || [navigator.language]));
  if (code !== 'en') {
    const loaded = await Promise.all(domains.map((d) => fetchJson(`/static/i18n/${d}.${code}.json`)));
    if (loaded.every(Boolean)) domains.forEach((d, i) => { catalogs[d] = loaded[i].messages || {}; });
    else return setLanguage('en');
  }
  setLanguage(code);
}

/** The language the page is in ("en", "es", "pt-BR", …). */
export function language() { return current; }

/** The languages the switch offers: [{code, name}] (each name as its own speakers write it). */
export function languages() { return index.languages.filter((l) => !l.pseudo || l.code === current); }

/** A number as the language writes it (12.345 in German, 12 345 in Russian). */
export function number(n) { return numbers.format(n); }

function fill(text, params) {
  if (!params) return text;
  const value = (name) => {
    const v = params[name];
    return typeof v === 'number' ? number(v) : String(v);
  };
  return text
    .replace(/%\((\w+)\)[sd]/g, (whole, name) => (name in params ? value(name) : whole))
    .replace(/\{(\w+)\}/g, (whole, name) => (name in params ? value(name) : whole));
}

function lookup(key, domain) {
  const found = (catalogs[domain || 'pages'] || {})[key];
  return found === undefined || found === '' ? null : found;
}

/** The msgid in the page's language, its `{name}`s filled from params. */
export function _(msgid, params) {
  const found = lookup(msgid);
  return fill(typeof found === 'string' ? found : msgid, params);
}

/** As _(), in the context `context` (one English word, two meanings). */
export function pgettext(context, msgid, params) {
  const found = lookup(`${context}\u0004${msgid}`);
  return fill(typeof found === 'string' ? found : msgid, params);
}

/** The form of singular/pluralText for the count n (given to the text as {n} unless params has it). */
export function ngettext(singular, pluralText, n, params) {
  const all = Object.assign({ n }, params || {});
  const found = lookup(singular);
  if (found && typeof found === 'object') {
    const form = found[plural.select(n)] || found.other;
    if (form) return fill(form, all);
  }
  return fill(n === 1 ? singular : pluralText, all);
}

/* English's ordinal forms by CLDR category: the msgids of the ordinals (context "ordinal";
 * noop marks them for extraction). */
function noop(context, msgid) { return msgid; }
const ENGLISH_ORDINAL = {
  one: noop('ordinal', '{n}st'), two: noop('ordinal', '{n}nd'), few: noop('ordinal', '{n}rd'), other: noop('ordinal', '{n}th'),
};

/** n as an ordinal: "3rd", "3.º", "3e", "3.", "3-й". A language's form for each of its own
 * ordinal categories is the translation of English's form of that category (context
 * "ordinal"; "ordinal, feminine" and the like when the noun's gender changes it). */
export function ordinal(n, context) {
  const english = new Intl.PluralRules('en', { type: 'ordinal' }).select(n);
  if (current === 'en') return fill(ENGLISH_ORDINAL[english], { n });
  const category = ordinalRules.select(n);
  const msgid = ENGLISH_ORDINAL[category] || ENGLISH_ORDINAL.other;
  const found = lookup(`${context || 'ordinal'}\u0004${msgid}`) || lookup(`ordinal\u0004${msgid}`);
  return fill(typeof found === 'string' ? found : ENGLISH_ORDINAL[english], { n });
}

/** The words of a msgid, looked up as is (static HTML's text; in the context of the nearest
 * data-context, when the element has one), or null when it is not one. */
function staticText(english, element) {
  const key = english.replace(/\s+/g, ' ').trim();
  if (!key) return null;
  const holder = element && element.closest && element.closest('[data-context]');
  const found = lookup(holder ? `${holder.dataset.context}\u0004${key}` : key);
  return typeof found === 'string' ? found : null;
}

const ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt'];

/** The page's static text in the page's language (see the module comment). */
export function translatePage(root) {
  const top = root || document;
  if (current === 'en') return;
  const walker = document.createTreeWalker(top.body || top, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
  nodes.forEach((node) => {
    const parent = node.parentNode;
    if (parent && (parent.nodeName === 'SCRIPT' || parent.nodeName === 'STYLE')) return;
    const said = staticText(node.nodeValue, node.parentElement);
    if (said === null) return;
    const lead = node.nodeValue.match(/^\s*/)[0];
    const trail = node.nodeValue.match(/\s*$/)[0];
    node.nodeValue = lead + said + trail;
  });
  (top.body || top).querySelectorAll(ATTRIBUTES.map((a) => `[${a}]`).join(',')).forEach((el) => {
    ATTRIBUTES.forEach((a) => {
      if (!el.hasAttribute(a)) return;
      const said = staticText(el.getAttribute(a));
      if (said !== null) el.setAttribute(a, said);
    });
  });
  if (top === document) {
    const title = staticText(document.title);
    if (title !== null) document.title = title;
    const description = document.querySelector('meta[name="description"]');
    const about = description && staticText(description.getAttribute('content'));
    if (about) description.setAttribute('content', about);
  }
}

/** Headers and query that ask the service to answer in the page's language (its sentences:
 * message, summary, detail): Accept-Language for every request, `lang` for a GET the service
 * worker keeps (so each language's answer is kept apart). */
export function languageHeaders() {
  return { 'Accept-Language': current };
}

export function withLanguage(url) {
  if (current === 'en') return url;
  return url + (url.includes('?') ? '&' : '?') + 'lang=' + encodeURIComponent(current);
}

/** Keeps `code` as the player's choice and opens the page again in it. */
export function choose(code) {
  try { window.localStorage.setItem(CHOICE_KEY, code); } catch (e) { /* this visit only */ }
  window.location.reload();
}

/** The language switch: a labelled select in `holder` (or the page's header), the page's
 * language chosen, each language named in its own words. */
export function languageSwitch(holder) {
  let place = holder || document.getElementById('lang-switch');
  if (!place) {
    const header = document.querySelector('header');
    if (!header) return;
    place = document.createElement('div');
    place.id = 'lang-switch';
    header.appendChild(place);
  }
  if (place.querySelector('select')) return;
  place.classList.add('lang-switch');
  const label = document.createElement('label');
  label.setAttribute('for', 'lang-select');
  label.textContent = _('Language');
  const select = document.createElement('select');
  select.id = 'lang-select';
  languages().forEach((l) => {
    const option = document.createElement('option');
    option.value = l.code;
    option.textContent = l.name;
    option.lang = l.code;
    if (l.code === current) option.selected = true;
    select.appendChild(option);
  });
  select.addEventListener('change', () => choose(select.value));
  place.appendChild(label);
  place.appendChild(select);
}

/* A page the server wrote in one language (/rules: <meta name="rummy-language">) is asked for
 * again in the player's (?lang=), unless that was asked already (it has no such translation). */
function serverLanguage() {
  const said = document.querySelector('meta[name="rummy-language"]');
  if (!said || said.content === current) return false;
  const url = new URL(window.location.href);
  if (url.searchParams.get('lang') === current) return false;
  url.searchParams.set('lang', current);
  window.location.replace(url.toString());
  return true;
}

await load(['pages']);
serverLanguage();
// Module scripts run once the page is parsed: its static text and the switch are ready before
// any page module (each imports this one first) draws the rest.
translatePage();
languageSwitch();
