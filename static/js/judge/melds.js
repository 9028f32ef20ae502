/* The meld checker's verdicts with no connection: POST /v1/melds/check's answers, word for word
 * (R1, R6, R10–R12 and the aces house rule), from the same steps as the referee's
 * referee/melds.py (check_meld, explain_meld, check_lay_off). Not a second rulebook by hand: the
 * differential test (tests/test_offline_judge.py) runs every meld of up to five cards under every
 * aces option, and thousands of lay-offs and orders, through both and fails on any difference. */
import { card, deckCard, show, rankName, repeated, mostCommon, SUIT_NAMES } from './cards.js';
import { say, sayN, term, listing, clause } from './speech.js';

/** R11's ace option: the highest position a run climbs (14: the ace above the King). */
function runTop(rules) {
  return rules.aces === 'high_or_low' ? 14 : 13;
}

function inARow(positions) {
  return positions[positions.length - 1] - positions[0] === positions.length - 1 ? positions : null;
}

function aceAboveKing(positions) {
  return positions.length && positions[0] === 1 ? positions.slice(1).concat([14]) : positions;
}

/** R11: the distinct ranks as positions of a run, low to high, or null. */
function runPositions(ranks, rules) {
  const positions = Array.from(new Set(ranks)).sort((a, b) => a - b);
  if (inARow(positions)) return positions;
  if (positions[0] === 1 && runTop(rules) === 14) return inARow(aceAboveKing(positions));
  return null;
}

function distinctCount(values) {
  return new Set(values).size;
}

/** R10: three or four distinct cards of one rank. */
function isSet(cards) {
  return cards.length >= 3 && cards.length <= 4 && distinctCount(cards.map((c) => c.rank)) === 1
    && distinctCount(cards.map((c) => c.code)) === cards.length;
}

/** 'set', 'run' or null. */
function meldKind(cards, rules) {
  if (cards.length < 3) return null;
  if (isSet(cards)) return 'set';
  if (distinctCount(cards.map((c) => c.suit)) !== 1) return null;
  const ranks = cards.map((c) => c.rank);
  if (distinctCount(ranks) !== cards.length) return null;
  return runPositions(ranks, rules) ? 'run' : null;
}

function canonicalOrder(cards, kind, rules) {
  if (kind === 'set') return cards.slice().sort((a, b) => a.suitIndex - b.suitIndex);
  if (kind === 'run') {
    const positions = runPositions(cards.map((c) => c.rank), rules);
    const high = positions[positions.length - 1] === 14;
    const at = (c) => (high && c.rank === 1 ? 14 : c.rank);
    return cards.slice().sort((a, b) => at(a) - at(b));
  }
  return cards.slice();
}

function intent(cards) {
  const byRank = mostCommon(cards, (c) => c.rank)[1];
  const bySuit = mostCommon(cards, (c) => c.suit)[1];
  if (byRank !== bySuit) return byRank > bySuit ? 'set' : 'run';
  return byRank === 1 ? 'run' : 'set';
}

function reason(code, message, cards, rule) {
  return { code, message, cards, rule };
}

/** "5♦ and 5♥", "5♦, 5♥ and 5♣" (a Listing). */
function and(cards) {
  return listing(cards.map((c) => c.symbol));
}

// The words of the cards in sentences, each the catalog entry referee/melds.py says (its context:
// how it is used).
const SUIT_ONE = { C: 'a club', D: 'a diamond', H: 'a heart', S: 'a spade' };
function suitWord(suit) { return term('suit, one card', SUIT_ONE[suit]); }
function suitsWord(suit) { return term('suit, plural', SUIT_NAMES[suit]); }
function ranksWord(rank) { return term('rank, plural', `${rankName(rank)}s`); }
function rankWithArticle(rank) {
  const word = rankName(rank);
  return term('rank, one card', `${word === 'ace' || word === '8' ? 'an' : 'a'} ${word}`);
}
function notASet(shown, why) { return say('{cards} is not a set: {why}', { cards: shown, why }); }
function notARun(shown, why) { return say('{cards} is not a run: {why}', { cards: shown, why }); }

/** The feature most of `cards` share (a set's rank, a run's suit; the first met on a tie) and
 * the cards without it, in their order (referee/melds.py's _odd_ones). */
function oddOnes(cards, feature) {
  const common = mostCommon(cards, feature)[0];
  return [common, cards.filter((c) => feature(c) !== common)];
}

/** "6♠ is not a 5", "6♠ and 7♦ are not 5s" (R10). */
function notOfRank(odd, rank) {
  return odd.length === 1 ? say('{card} is not {rank}', { card: odd[0].symbol, rank: rankWithArticle(rank) })
    : say('{cards} are not {ranks}', { cards: and(odd), ranks: ranksWord(rank) });
}

/** "6♥ is not a spade", "6♥ and 7♦ are not spades" (R11). */
function notOfSuit(odd, suit) {
  return odd.length === 1 ? say('{card} is not {suit}', { card: odd[0].symbol, suit: suitWord(suit) })
    : say('{cards} are not {suits}', { cards: and(odd), suits: suitsWord(suit) });
}

function notASetBecause(code, shown, why, cards) { return reason(code, notASet(shown, why), cards.slice(), 'R10'); }
function notARunBecause(code, shown, why, cards) { return reason(code, notARun(shown, why), cards.slice(), 'R11'); }

function setReasons(cards) {
  const shown = show(cards);
  const [rank, odd] = oddOnes(cards, (c) => c.rank);
  const reasons = odd.length ? [notASetBecause('set_rank_mismatch', shown, notOfRank(odd, rank), odd)] : [];
  if (cards.length > 4) reasons.push(notASetBecause('set_too_large', shown, say('a set has three or four cards, never a fifth'), cards));
  return reasons;
}

function runReasons(cards, rules) {
  const shown = show(cards);
  const [suit, odd] = oddOnes(cards, (c) => c.suit);
  const reasons = odd.length ? [notARunBecause('run_suit_mismatch', shown, notOfSuit(odd, suit), odd)] : [];
  const allRanks = cards.map((c) => c.rank);
  if (odd.length && distinctCount(allRanks) === cards.length && runPositions(allRanks, rules)) return reasons;
  const same = cards.filter((c) => c.suit === suit);
  let ranks = Array.from(new Set(same.map((c) => c.rank))).sort((a, b) => a - b);
  if (ranks.length < same.length) return reasons;
  if (runPositions(ranks, rules)) return reasons;
  if (ranks.includes(1) && ranks.includes(13) && ranks.includes(2)) {
    reasons.push(notARunBecause('run_wraps', shown, say('a run never wraps around from the King to the ace'), same));
    return reasons;
  }
  if (runTop(rules) === 13 && ranks.includes(13) && inARow(aceAboveKing(ranks))) {
    const aces = same.filter((c) => c.rank === 1);
    reasons.push(notARunBecause('ace_high', shown, say('aces are low, so a run stops at the King'), same.length <= 4 ? same : aces));
    return reasons;
  }
  if (runTop(rules) === 14 && ranks.includes(13)) ranks = aceAboveKing(ranks);
  const missing = [];
  for (let r = ranks[0]; r <= ranks[ranks.length - 1]; r += 1) if (!ranks.includes(r)) missing.push(r);
  const missingCards = missing.map((r) => deckCard(['C', 'D', 'H', 'S'].indexOf(suit), r === 14 ? 1 : r));
  const n = missingCards.length;
  const missed = n <= 4 ? show(missingCards) : sayN('{count} card', '{count} cards', n);
  const gap = sayN('the ranks are not consecutive, {missing} is missing', 'the ranks are not consecutive, {missing} are missing', n, { missing: missed });
  reasons.push(notARunBecause('run_gap', shown, gap, same));
  return reasons;
}

function tooFewCards(cards, layOff) {
  if (layOff) return reason('too_few_cards', say('a lay-off needs at least one card'), [], 'R6');
  const why = say('a meld needs at least three cards');
  const message = cards.length ? sayN('{cards} is not a meld: {why}', '{cards} are not a meld: {why}', cards.length, { cards: show(cards), why })
    : say('No cards were given: {why}', { why });
  return reason('too_few_cards', message, cards.slice(), 'R10');
}

function duplicateCard(cards) {
  const doubled = repeated(cards);
  if (!doubled.length) return null;
  const message = sayN('{cards} is listed twice: {why}', '{cards} are listed twice: {why}', doubled.length,
    { cards: show(doubled), why: say('there is only one of each card in the deck') });
  return reason('duplicate_card', message, doubled, 'R1');
}

function check(valid, kind, cards, reasons, laidOff) {
  return { valid, kind, cards, reasons: reasons || [], laidOff: laidOff || [] };
}

function explain(cards, rules, meant) {
  const reasons = cards.length < 3 ? [tooFewCards(cards)] : [];
  const doubled = duplicateCard(cards);
  if (doubled) reasons.push(doubled);
  if ((reasons.length && cards.length < 3) || !cards.length) return check(false, null, cards, reasons);
  const seen = new Set();
  const distinct = cards.filter((c) => !seen.has(c.code) && seen.add(c.code));
  if (distinct.length >= 3 || !reasons.length) {
    const kind = meant || intent(distinct);
    reasons.push(...(kind === 'set' ? setReasons(distinct) : runReasons(distinct, rules)));
  }
  if (reasons.length) return check(false, null, cards, reasons);
  const kind = meldKind(cards, rules);
  return check(true, kind, canonicalOrder(cards, kind, rules), []);
}

function checkCards(cards, rules) {
  const kind = meldKind(cards, rules);
  if (kind) return check(true, kind, canonicalOrder(cards, kind, rules), []);
  return explain(cards, rules);
}

const FAULTS = {
  too_few_cards: say('too few cards'),
  duplicate_card: say('a card twice'),
  set_rank_mismatch: say('a card of another rank'),
  set_too_large: say('a fifth card in a set'),
  run_suit_mismatch: say('a card of another suit'),
  run_gap: say('a gap in the ranks'),
  ace_high: say('an ace above the King'),
  run_wraps: say('a run round the corner'),
};

/** Clauses said one after another, "<first>; <second>" (referee.melds.clauses). */
function clauses(parts) {
  return parts.slice(1).reduce((first, then) => say('{first}; {then}', { first, then }), parts[0]);
}

function extend(meld, kind, added, rules) {
  if (!added.length) return check(false, null, meld, [tooFewCards(added, true)]);
  const combined = meld.concat(added);
  if (meldKind(combined, rules) === kind) {
    const result = checkCards(combined, rules);
    const codes = new Set(added.map((c) => c.code));
    return check(true, kind, result.cards, [], result.cards.filter((c) => codes.has(c.code)));
  }
  const specific = explain(combined, rules, kind).reasons;
  const why = clauses(specific.map((r) => clause(r.message)));
  const fit = reason('does_not_fit', sayN('{added} does not fit {meld}: {why}', '{added} do not fit {meld}: {why}', added.length,
    { added: show(added), meld: show(meld), why }), added, 'R6');
  const would = kind === 'set' ? '{cards} would not be a set ({fault})' : '{cards} would not be a run ({fault})';
  const named = specific.map((r) => reason(r.code, say(would, { cards: show(combined), fault: FAULTS[r.code] }), r.cards, r.rule));
  return check(false, null, combined, [fit].concat(named));
}

/** "5♠ 6♠ 7♠ is a run of spades", "J♦ J♥ J♠ is a set of jacks" (referee.melds.meld_is). */
function meldIs(named, kind, cards) {
  if (kind === 'set') return say('{meld} is a set of {ranks}', { meld: named, ranks: ranksWord(cards[0].rank) });
  return say('{meld} is a run of {suits}', { meld: named, suits: suitsWord(cards[0].suit) });
}

function summary(c) {
  if (!c.valid) return c.reasons.length ? c.reasons[0].message : say('{cards} is not a meld', { cards: show(c.cards) });
  const what = meldIs(show(c.cards), c.kind, c.cards);
  if (!c.laidOff.length) return what;
  const added = new Set(c.laidOff.map((x) => x.code));
  const onto = c.cards.filter((x) => !added.has(x.code));
  return sayN('{added} fits {onto}: {what}', '{added} fit {onto}: {what}', c.laidOff.length, { added: show(c.laidOff), onto: show(onto), what });
}

/** The answer as the service sends it (MeldCheckResponse), its sentences still Sentences (the
 * caller says them in the page's language: judge/index.js). */
function wire(c) {
  const codes = (cards) => cards.map((x) => x.code);
  return {
    valid: c.valid,
    kind: c.kind,
    cards: codes(c.cards),
    reasons: c.reasons.map((r) => ({ code: r.code, message: r.message, cards: codes(r.cards), rule: r.rule })),
    summary: summary(c),
  };
}

/**
 * POST /v1/melds/check without the service: `body` {cards, onto?} (canonical codes) and `rules`
 * the resolved rules (at least {aces}). Resolves as the service answers: {status: 200, data} or
 * {status: 422, problems: [{path, message}]} (the meld to lay off onto is not a meld).
 */
export function checkMeld(body, rules) {
  const cards = body.cards.map(card);
  if (body.onto === undefined) return { status: 200, data: wire(checkCards(cards, rules)) };
  const onto = body.onto.map(card);
  const base = checkCards(onto, rules);
  if (!base.valid) {
    return { status: 422, problems: [{ path: ['onto'], message: say('the meld to lay off onto is not a valid meld: {why}', { why: base.reasons[0].message }) }] };
  }
  return { status: 200, data: wire(extend(onto, base.kind, cards, rules)) };
}

/** Whether every code is one of the 52 (the judge takes canonical codes only). */
export function allCards(codes) {
  return Array.isArray(codes) && codes.every((c) => card(c) !== null);
}
