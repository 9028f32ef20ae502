/* Sentences for players as values, said in a language when answered: the offline judge's side of
 * referee/speech.py. A sentence is made where the judge decides what to say, from the same msgid
 * and named params as the referee's say / say_n / term (say('{cards} is not a run: {why}',
 * {cards, why})), and rendered by render(): English from the msgid itself, another language
 * through its browser catalog static/i18n/<tag>.json (tools/catalogs.py's docstring gives its
 * format and the rendering rules this module follows). Pure functions, no page. */

/** A sentence: msgid, params (name -> string, number, Sentence, Listing or Ordinal), and for a
 * count-dependent sentence its plural msgid and the count n; context is gettext's msgctxt. */
export class Sentence {
  constructor(msgid, params, plural, n, context, english) {
    this.msgid = msgid;
    this.params = params || {};
    this.plural = plural === undefined ? null : plural;
    this.n = n === undefined ? null : n;
    this.context = context === undefined ? null : context;
    this.english = english === undefined ? null : english; // English words other than the msgid's (reworded)
  }

  /** Its English words (what the referee's Sentence is as a str). */
  toString() { return render(this, null); }
}

/** Items said as a list: English "5♦, 5♥ and 5♣", other languages by the catalog's CLDR list patterns. */
export class Listing {
  constructor(items) { this.items = items; }
}

/** A position said as an ordinal (the translation's spec gives the gender). */
export class Ordinal {
  constructor(n) { this.n = n; }
}

export function say(msgid, params) { return new Sentence(msgid, params); }

/** As referee.speech.say_n: `count` is given to the patterns as {count} too. */
export function sayN(singular, plural, count, params) {
  return new Sentence(singular, Object.assign({ count }, params || {}), plural, count);
}

export function term(context, msgid) { return new Sentence(msgid, {}, null, null, context); }

/** As referee.speech.Sentence.reworded: the same sentence in every other language, with `english` as its English words. */
export function reworded(s, english) { return new Sentence(s.msgid, s.params, s.plural, s.n, s.context, english); }

export function listing(items) { return new Listing(Array.from(items)); }

/** The `why` clause a sentence was made with (referee.melds.clause), else the sentence itself. */
export function clause(sentence) {
  const why = sentence instanceof Sentence ? sentence.params.why : undefined;
  return why instanceof Sentence ? why : sentence;
}

function englishOrdinal(n) {
  const suffix = n % 100 >= 10 && n % 100 <= 20 ? 'th' : { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th';
  return `${n}${suffix}`;
}

const ORDINALS = {
  en: (n) => englishOrdinal(n),
  es: (n, g) => (g === 'f' ? `${n}.ª` : `${n}.º`),
  pt: (n, g) => (g === 'f' ? `${n}ª` : `${n}º`),
  fr: (n, g) => (n === 1 ? (g === 'f' ? '1re' : '1er') : `${n}e`),
  de: (n) => `${n}.`,
  ru: (n, g) => `${n}-${{ f: 'я', n: 'е' }[g] || 'й'}`,
};

const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/* What a catalog needs besides its messages, made once per catalog. */
const prepared = new WeakMap();

function tools(catalog) {
  let made = prepared.get(catalog);
  if (!made) {
    const forms = CATEGORIES.filter((c) => c === 'other' || (catalog.plural && catalog.plural.cldr && c in catalog.plural.cldr));
    made = {
      plural: new Intl.PluralRules(catalog.lang),
      forms,
      numbers: new Intl.NumberFormat(catalog.lang),
    };
    prepared.set(catalog, made);
  }
  return made;
}

function fill(pattern, value) {
  return pattern.replace(/\{(\w+)(?::(\w*))?\}/g, (whole, name, spec) => value(name, spec || ''));
}

function englishParam(v) {
  if (v instanceof Listing) {
    const words = v.items.map(englishParam);
    return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
  }
  if (v instanceof Ordinal) return englishOrdinal(v.n);
  if (v instanceof Sentence) return render(v, null);
  return String(v);
}

function join(words, patterns) {
  if (words.length === 1) return words[0];
  const put = (pattern, a, b) => pattern.replace('{0}', a).replace('{1}', b);
  if (words.length === 2 && patterns['2']) return put(patterns['2'], words[0], words[1]);
  let said = put(patterns.start, words[0], words[1]);
  words.slice(2, -1).forEach((w) => { said = put(patterns.middle, said, w); });
  return put(patterns.end, said, words[words.length - 1]);
}

function localParam(v, spec, catalog) {
  if (v instanceof Sentence) return render(v, catalog);
  if (v instanceof Listing) return join(v.items.map((i) => localParam(i, '', catalog)), catalog.list);
  if (v instanceof Ordinal) return (ORDINALS[catalog.ordinal] || ORDINALS.en)(v.n, spec || 'm');
  if (typeof v === 'number') return tools(catalog).numbers.format(v);
  return String(v);
}

/** `value` said in the language of `catalog` (a browser catalog; null: English). A string is said
 * as it is. A msgid the catalog lacks is said in English, as gettext does. */
export function render(value, catalog) {
  if (!(value instanceof Sentence)) return String(value);
  const s = value;
  if (!catalog) {
    if (s.english !== null) return s.english;
    const pattern = s.plural !== null && s.n !== 1 ? s.plural : s.msgid;
    return fill(pattern, (name, spec) => (name in s.params ? englishParam(s.params[name]) : `{${name}${spec ? `:${spec}` : ''}}`));
  }
  const messages = catalog.messages || {};
  const key = (s.context !== null ? `${s.context}\u0004` : '') + s.msgid;
  let pattern;
  if (s.plural !== null) {
    const forms = messages[`${key}\u0000${s.plural}`];
    const made = tools(catalog);
    const at = made.forms.indexOf(made.plural.select(s.n));
    pattern = Array.isArray(forms) && forms[at] ? forms[at] : s.n === 1 ? s.msgid : s.plural;
  } else {
    pattern = messages[key] || s.msgid;
  }
  return fill(pattern, (name, spec) => (name in s.params ? localParam(s.params[name], spec, catalog) : `{${name}}`));
}
