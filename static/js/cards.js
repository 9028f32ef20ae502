/* Cards as the page shows and speaks them, and the rank/suit card picker used by the scorepad
 * (cards left in a hand) and the meld checker (a meld, and the meld it is laid off onto). */
import { h } from './dom.js';
import { _, pgettext, ngettext } from './i18n.js';

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
export const RANK_NAMES = { A: _('ace'), J: _('jack'), Q: _('queen'), K: _('king') };
export const SUITS = [
  { code: 'C', symbol: '\u2663', name: pgettext('suit', 'clubs'), red: false },
  { code: 'D', symbol: '\u2666', name: pgettext('suit', 'diamonds'), red: true },
  { code: 'H', symbol: '\u2665', name: pgettext('suit', 'hearts'), red: true },
  { code: 'S', symbol: '\u2660', name: pgettext('suit', 'spades'), red: false },
];

/** {rank: 'Q', suit: {code, symbol, name, red}} of a canonical code ('QS'). */
export function parseCard(code) {
  const suit = SUITS.find((s) => s.code === code.slice(-1));
  return { rank: code.slice(0, -1), suit };
}

/** 'Q♠' for 'QS'. */
export function cardText(code) {
  const c = parseCard(code);
  return c.rank + (c.suit ? c.suit.symbol : '?');
}

/** 'queen of spades' for 'QS'. */
export function cardSpeech(code) {
  const c = parseCard(code);
  return pgettext('card', '{rank} of {suit}', { rank: RANK_NAMES[c.rank] || c.rank, suit: c.suit ? c.suit.name : '?' });
}

/**
 * A card picker: the cards picked so far (tap one to take it back), a suit row, then ranks.
 * Two ways to pick: a suit, then its ranks (four hearts: 5 taps); or, with "Any suit", a rank,
 * then its suits (four 7s: 5 taps).
 *
 * opts.key       the id part of its controls: chip-KEY-n, suit-KEY-C, rank-KEY-A, pick-KEY-7H
 * opts.cards     the codes picked here, in the order picked
 * opts.suit      the suit chosen ('S'), '' ("Any suit": rank first) or null (none yet: rank first)
 * opts.rank      with no suit, the rank whose four suits are shown ('7') or null
 * opts.taken     {code: where} cards picked elsewhere, not pickable here: {said: "for Ben", whose: "Ben"}
 * opts.label     what the picked cards are ("Picked", "In the meld")
 * opts.extra     an element shown after the count of cards (the running points total)
 * opts.repeat    a card picked here may be picked again (the meld checker: a card named twice
 *                is the referee's to refuse, R1)
 * opts.onPick(code), opts.onRemove(index), opts.onSuit(suitCode | ''), opts.onRank(rank | null)
 *
 * Three looks for three facts: open; picked here (filled, ticked); picked elsewhere (struck
 * through, dashed, with whose it is: "Ben").
 */
export function cardPicker(opts) {
  const { key, cards } = opts;
  const taken = opts.taken || {};
  const wrap = h('div', { class: 'picker' });
  const labelId = `chosen-${key}-label`;
  const count = cards.length;
  wrap.appendChild(h('p', { class: 'chosen-label', id: labelId }, count ? [
    ngettext('{label} ({n} card', '{label} ({n} cards', count, { label: opts.label || _('Picked') }),
    opts.extra || null,
    _('), tap a card to take it back:'),
  ] : _('No cards picked yet.')));
  const chosen = h('ul', { class: 'chosen', 'aria-labelledby': labelId });
  cards.forEach((code, ci) => {
    const c = parseCard(code);
    chosen.appendChild(h('li', null, h('button', {
      type: 'button', id: `chip-${key}-${ci}`,
      class: `card-chip${c.suit && c.suit.red ? ' red' : ''}`,
      'aria-label': _('Remove {card}', { card: cardSpeech(code) }),
      onclick: () => opts.onRemove(ci),
    }, [cardText(code), h('span', { class: 'x', 'aria-hidden': 'true', text: ' \u2715' })])));
  });
  wrap.appendChild(chosen);

  const suits = h('fieldset', { class: 'suits' }, [h('legend', { text: _('Suit') })]);
  const suitRow = h('div', { class: 'choices choices-5' });
  SUITS.concat([{ code: '', symbol: _('Any'), name: _('any suit: a rank first, then its suits'), red: false }]).forEach((s) => {
    suitRow.appendChild(h('label', { class: `choice suit${s.red ? ' red' : ''}${s.code ? '' : ' any'}` }, [
      h('input', {
        type: 'radio', name: `suit-${key}`, id: `suit-${key}-${s.code || 'any'}`, value: s.code, checked: opts.suit === s.code,
        'aria-label': s.name,
        onchange: () => opts.onSuit(s.code),
      }),
      h('span', { 'aria-hidden': 'true', text: s.symbol }),
    ]));
  });
  suits.appendChild(suitRow);
  wrap.appendChild(suits);

  const suit = SUITS.find((s) => s.code === opts.suit);
  const ranks = h('fieldset', { class: 'ranks' }, [
    h('legend', { text: suit ? _('Tap a rank to add it') : _('Tap a rank, then its suits') }),
  ]);
  const grid = h('div', { class: 'rank-grid' });
  RANKS.forEach((rank) => {
    if (!suit) {
      const open = opts.rank === rank;
      grid.appendChild(h('button', {
        type: 'button', id: `rank-${key}-${rank}`, class: `rank${open ? ' open-rank' : ''}`, 'aria-pressed': open ? 'true' : 'false',
        'aria-label': _('{rank}: show its suits', { rank: RANK_NAMES[rank] || rank }),
        onclick: () => (opts.onRank ? opts.onRank(open ? null : rank) : null),
      }, rank));
      return;
    }
    grid.appendChild(pickButton(`rank-${key}-${rank}`, rank + suit.code, rank, cards, taken, opts.onPick, opts.repeat));
  });
  ranks.appendChild(grid);
  if (!suit && opts.rank) {
    const row = h('div', { class: 'rank-suits', role: 'group', 'aria-label': _('The four {rank}s', { rank: RANK_NAMES[opts.rank] || opts.rank }) });
    SUITS.forEach((s) => row.appendChild(pickButton(`pick-${key}-${opts.rank}${s.code}`, opts.rank + s.code, cardText(opts.rank + s.code), cards, taken, opts.onPick, opts.repeat)));
    ranks.appendChild(row);
  }
  wrap.appendChild(ranks);
  return wrap;
}

/** One card's button in a picker: open, picked here, or picked elsewhere (with whose). */
function pickButton(id, code, face, cards, taken, onPick, repeat) {
  const here = cards.indexOf(code) >= 0;
  const where = !here && taken[code];
  const red = parseCard(code).suit.red;
  if (here && repeat) {
    return h('button', { type: 'button', id, class: `rank picked${red ? ' red' : ''}`, 'aria-label': _('Add {card} again', { card: cardSpeech(code) }), onclick: () => onPick(code) },
      [face, h('span', { class: 'tick', 'aria-hidden': 'true', text: '\u2713' })]);
  }
  if (here) {
    return h('button', { type: 'button', id, class: `rank picked${red ? ' red' : ''}`, disabled: true, 'aria-label': _('{card}, picked', { card: cardSpeech(code) }) },
      [face, h('span', { class: 'tick', 'aria-hidden': 'true', text: '\u2713' })]);
  }
  if (where) {
    return h('button', { type: 'button', id, class: `rank taken${red ? ' red' : ''}`, disabled: true, 'aria-label': _('{card}, already picked {where}', { card: cardSpeech(code), where: where.said || where }) },
      [h('span', { class: 'face', text: face }), h('span', { class: 'whose', 'aria-hidden': 'true', text: whose(where) })]);
  }
  return h('button', { type: 'button', id, class: `rank${red ? ' red' : ''}`, 'aria-label': _('Add {card}', { card: cardSpeech(code) }), onclick: () => onPick(code) }, face);
}

/* Whose a card picked elsewhere is, shown on it: {said, whose} gives it; an English "for Ben" is Ben. */
function whose(where) {
  return typeof where === 'object' ? where.whose : where.replace(/^(for|in) (the )?/, '');
}

/** After a pick: focus `id`, or when it went disabled (just picked), the next rank still open
 * in the same grid (so ranks can be picked one after another from the keyboard), else the suit. */
export function focusAfterPick(id, key, suit) {
  let target = document.getElementById(id);
  const done = (el) => el.disabled || el.classList.contains('picked'); // picked (again, in the checker)
  if (target && done(target)) {
    let next = target.nextElementSibling;
    while (next && done(next)) next = next.nextElementSibling;
    target = next || document.getElementById(`suit-${key}-${suit || 'C'}`);
  }
  if (target) target.focus();
}

/**
 * The one card face of every page: rank and suit on a white card, red suits in red, spoken in
 * words ("queen of spades"). opts.size 'small' (melds, the end of a hand) or 'hand' (tappable);
 * opts.tag 'button' for a card the player taps; opts.attrs more attributes; opts.extra classes.
 */
export function cardFace(code, opts) {
  const o = opts || {};
  const c = parseCard(code);
  const cls = ['pcard', c.suit && c.suit.red ? 'red' : '', o.size ? `pcard-${o.size}` : '', o.extra || ''].filter(Boolean).join(' ');
  // The face is drawn for the eyes (aria-hidden) and said in words by a visually hidden text,
  // so the accessible name is the content itself (no aria-label that differs from what shows).
  const kids = [
    h('span', { class: 'pcard-rank', 'aria-hidden': 'true', text: c.rank }),
    h('span', { class: 'pcard-suit', 'aria-hidden': 'true', text: c.suit ? c.suit.symbol : '?' }),
    h('span', { class: 'sr-only', text: o.label || cardSpeech(code) }),
  ];
  return h(o.tag || 'span', { class: cls, ...(o.attrs || {}) }, kids);
}
