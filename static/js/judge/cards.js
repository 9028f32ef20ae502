/* Cards as the referee names them in its sentences (referee/cards.py): the 52 canonical codes,
 * a card's rank 1 (ace) … 13 (king), its suit and its symbol ("Q♠"); its points left in hand
 * (R14) are the rules document's (judge/scorepad.js, numbersOf). Pure functions, no page: the offline judge (judge/melds.js, judge/scorepad.js) and the
 * differential test that holds it equal to the service (tests/test_offline_judge.py) run it. */

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
export const SUITS = ['C', 'D', 'H', 'S'];
const SYMBOLS = { C: '\u2663', D: '\u2666', H: '\u2665', S: '\u2660' };
export const SUIT_NAMES = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const RANK_NAMES = { 1: 'ace', 11: 'jack', 12: 'queen', 13: 'king' };

/** A card of its canonical code ("10H"): {code, rank, suit, suitIndex, symbol}, or
 * null when the code is not one of the 52. */
export function card(code) {
  if (typeof code !== 'string') return null;
  const rank = RANKS.indexOf(code.slice(0, -1)) + 1;
  const suit = code.slice(-1);
  const suitIndex = SUITS.indexOf(suit);
  if (rank < 1 || suitIndex < 0) return null;
  return { code, rank, suit, suitIndex, symbol: RANKS[rank - 1] + SYMBOLS[suit] };
}

/** The card at deck position `index` (A♣ … K♣, A♦ …, suit-major as the referee's DECK). */
export function deckCard(suitIndex, rank) {
  return card(RANKS[rank - 1] + SUITS[suitIndex]);
}

/** "Q♠ K♠ A♠". */
export function show(cards) {
  return cards.map((c) => c.symbol).join(' ');
}

/** "ace", "7", "queen". */
export function rankName(rank) {
  return RANK_NAMES[rank] || String(rank);
}

/** R1: the cards named more than once, each once, in the order of their second sighting. */
export function repeated(cards) {
  const seen = new Set();
  const again = [];
  cards.forEach((c) => {
    if (seen.has(c.code)) {
      if (!again.some((a) => a.code === c.code)) again.push(c);
    } else seen.add(c.code);
  });
  return again;
}

/** R1 across places ([[place, cards]]): [{place, index, card, first}] for every later sighting of
 * a card, `first` the place where it was first seen. */
export function repeats(places) {
  const first = new Map();
  const found = [];
  places.forEach(([place, cards]) => {
    cards.forEach((c, i) => {
      if (first.has(c.code)) found.push({ place, index: i, card: c, first: first.get(c.code) });
      else first.set(c.code, place);
    });
  });
  return found;
}

/** The element counted most often by `key`, the first seen among equals (Python's
 * Counter.most_common(1)): [value, count]. */
export function mostCommon(items, key) {
  const counts = new Map();
  items.forEach((x) => counts.set(key(x), (counts.get(key(x)) || 0) + 1));
  let best = null;
  counts.forEach((n, value) => { if (!best || n > best[1]) best = [value, n]; });
  return best;
}
