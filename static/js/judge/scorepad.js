/* The scorepad's answers with no connection: POST /v1/scorepad and POST /v1/hand-score, word for
 * word (R1, R2, R2a, R14–R16, R19, R20), from the same steps as referee/scorepad.py (replay) and
 * referee/scoring.py (score_hand). Held equal to the service by tests/test_offline_judge.py
 * (thousands of random pads, slips included). */
import { RANKS, card, show, repeats } from './cards.js';
import { ALPHABET, SKELETON, CHAR_NAMES, CHAR_KINDS } from './names.js';
import { say, term, reworded } from './speech.js';

export const MAX_PROBLEMS = 20;

/**
 * The numbers the rules set, as GET /v1/rules gives them (`doc`: its `limits` and `scoring`,
 * asked of the core there): the players a table seats and the cards each is dealt (R2), each
 * rank's points left in hand (R14) and going rummy's multiplier (R15). Null when the document
 * kept holds none of them (one from an older service): the judge then leaves the answer to the
 * service. → {players: {minimum, maximum}, dealt: {players: cards}, points: {rank: points},
 * highest, rummyMultiplier}
 */
export function numbersOf(doc) {
  const limits = doc && doc.limits;
  const scoring = doc && doc.scoring;
  if (!limits || !limits.players || !Array.isArray(limits.hand_sizes) || !scoring || !Array.isArray(scoring.card_points)
    || !Number.isInteger(scoring.rummy_multiplier)) return null;
  const points = Object.fromEntries(scoring.card_points.map((c) => [c.rank, c.points]));
  return {
    players: limits.players,
    dealt: Object.fromEntries(limits.hand_sizes.map((h) => [h.players, h.cards])),
    points,
    highest: Math.max(...Object.values(points)),
    rummyMultiplier: scoring.rummy_multiplier,
  };
}

/** Python's repr() of a name, as the referee quotes one ('Dan', "O'Neil"). */
export function pyRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += '\\x' + code.toString(16).padStart(2, '0');
    else out += ch;
  }
  return quote + out + quote;
}

/** Case folding as Python's str.casefold() does it, for the letters of ALPHABET and their
 * skeletons (held equal by the differential test). */
function caseFold(text) {
  return text.toUpperCase().toLowerCase();
}

const WHITESPACE = /[\s\u001c-\u001f\u0085]+/u;

/** Whether the offline judge can compare `name`: every letter in ALPHABET, in Unicode's normal
 * form C (the request's schema refuses an accent typed as a separate mark, in its own words). */
export function comparable(name) {
  return typeof name === 'string' && name === name.normalize('NFC') && Array.from(name).every((ch) => ALPHABET.includes(ch));
}

/** R2a: the form in which names are compared, as referee/seating.py's name_key: NFKC, case
 * folded, NFD, the dot above an i or j dropped, runs of spaces as one, the confusable skeleton
 * (UTS #39), NFKC, case folded again. For names of ALPHABET only. */
export function nameKey(name) {
  const letters = caseFold(name.normalize('NFKC')).normalize('NFD');
  const chars = Array.from(letters);
  const undotted = chars.filter((ch, i) => !(ch === '\u0307' && i && 'ij'.includes(chars[i - 1]))).join('');
  const spaced = undotted.split(WHITESPACE).filter(Boolean).join(' ');
  const skeleton = Array.from(spaced).map((ch) => (SKELETON[ch] === undefined ? ch : SKELETON[ch])).join('').normalize('NFD');
  return caseFold(skeleton.normalize('NFKC'));
}

/* What a character is, in other languages than English (referee/seating.py's character_name). */
const SCRIPTS = {
  LATIN: term('script', 'Latin'),
  CYRILLIC: term('script', 'Cyrillic'),
  GREEK: term('script', 'Greek'),
  ARMENIAN: term('script', 'Armenian'),
  CHEROKEE: term('script', 'Cherokee'),
  GEORGIAN: term('script', 'Georgian'),
};
const KINDS = {
  capital: term('character', 'capital letter'),
  small: term('character', 'small letter'),
  letter: term('character', 'letter'),
  digit: term('character', 'digit'),
  mark: term('character', 'combining accent or mark'),
  space: term('character', 'space'),
  punctuation: term('character', 'punctuation mark'),
  symbol: term('character', 'symbol'),
  control: term('character', 'control character'),
  format: term('character', 'format character, which prints as nothing'),
  separator: term('character', 'line or paragraph separator'),
};

/** A character named for people: Unicode's name in English, what it is in another language. */
function characterName(ch) {
  const [kind, script] = CHAR_KINDS[ch] || ['character', null];
  const english = CHAR_NAMES[ch] || 'unnamed';
  if (script) {
    const words = { script: SCRIPTS[script] };
    if (kind === 'capital') return reworded(say('capital letter of the {script} script', words), english);
    if (kind === 'small') return reworded(say('small letter of the {script} script', words), english);
    return reworded(say('letter of the {script} script', words), english);
  }
  return reworded(KINDS[kind] || term('character', 'character'), english);
}

function letter(ch) {
  const code = `U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  return say('{char} ({code}, {name})', { char: pyRepr(ch), code, name: characterName(ch) });
}

/** What tells two names with one key apart (referee/seating.py's _differing). */
function differing(a, b) {
  if (caseFold(a.normalize('NFKC')) === caseFold(b.normalize('NFKC'))) return '';
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    if (x[i] !== y[i]) return say(': {first} and {second} look alike', { first: letter(x[i]), second: letter(y[i]) });
  }
  const longer = x.length > y.length ? x : y;
  return say(': {char} is hard to see', { char: letter(longer[Math.min(x.length, y.length)]) });
}

/** R2a: "'ANA' is not one of the players; name them as listed, 'Ana' (R2a)". */
function notListed(name, players, what) {
  const key = nameKey(name);
  const listed = players.find((p) => p !== name && nameKey(p) === key);
  const said = say(what || 'a player at the table');
  if (listed !== undefined) {
    return say('{name} is not {what}; name them as listed, {listed} (R2a)', { name: pyRepr(name), what: said, listed: pyRepr(listed) });
  }
  return say('{name} is not {what}', { name: pyRepr(name), what: said });
}

/** R2a: every name naming the same player as an earlier one, at path + [i]. */
function sameNames(players, path) {
  const problems = [];
  const first = new Map();
  players.forEach((p, i) => {
    const key = nameKey(p);
    if (!first.has(key)) first.set(key, p);
    else if (first.get(key) === p) problems.push(problem([...path, i], say('player {name} is listed twice', { name: pyRepr(p) })));
    else {
      problems.push(problem([...path, i], say('{first} and {second} name the same player (R2a){differing}',
        { first: first.get(key), second: p, differing: differing(first.get(key), p) })));
    }
  });
  return problems;
}

function problem(path, message) {
  return { path, message };
}

function seatingProblems(players, dealer, seats) {
  const problems = [];
  if (players.length < seats.minimum || players.length > seats.maximum) {
    problems.push(problem(['players'], say('Rummy is for {low} to {high} players, not {count} (R2)', { low: seats.minimum, high: seats.maximum, count: players.length })));
  }
  problems.push(...sameNames(players, ['players']));
  if (dealer !== null && dealer !== undefined && !players.includes(dealer)) {
    problems.push(problem(['first_dealer'], say('first dealer {why}', { why: notListed(dealer, players, 'one of the players') })));
  }
  return problems;
}

/** R14: the points of `cards` left in hand. */
function handPoints(cards, numbers) {
  return cards.reduce((sum, c) => sum + numbers.points[RANKS[c.rank - 1]], 0);
}

/** R15: how many times the opponents' totals the winner scores. */
function multiplierOf(rummy, rules, numbers) {
  return rummy && rules.going_rummy_doubles ? numbers.rummyMultiplier : 1;
}

/** An entry's {cards, points} as the referee reads it (cards as card objects, or null). */
function remainingOf(entry) {
  const e = entry || {};
  return {
    cards: e.cards === undefined || e.cards === null ? null : e.cards.map(card),
    points: e.points === undefined ? null : e.points,
  };
}

function checkHand(n, entry, players, dealt, numbers) {
  const where = ['hands', n - 1];
  const problems = [];
  const remaining = Object.entries(entry.remaining || {}).map(([name, rem]) => [name, remainingOf(rem)]);
  const winner = entry.winner === undefined ? null : entry.winner;
  if (entry.draw) {
    if (winner !== null || remaining.length || entry.rummy) {
      problems.push(problem(where, say('hand {n} is marked as a drawn hand, so it has no winner, rummy or remaining cards (R16)', { n })));
    }
    return problems;
  }
  if (winner === null) return [problem([...where, 'winner'], say('hand {n}: say who went out, or mark the hand as a draw', { n }))];
  if (!players.includes(winner)) return [problem([...where, 'winner'], say('hand {n}: {why}', { n, why: notListed(winner, players, 'one of the players') }))];
  const listed = remaining.filter(([name, rem]) => players.includes(name) && name !== winner && rem.cards !== null && rem.points === null);
  const again = new Map();
  repeats(listed.map(([name, rem]) => [name, rem.cards])).forEach((r) => again.set(`${r.index}\u0000${r.place}`, r.first));
  remaining.forEach(([name, rem]) => {
    const at = [...where, 'remaining', name];
    if (!players.includes(name)) {
      problems.push(problem(at, say('hand {n}: {why}', { n, why: notListed(name, players, 'one of the players') })));
      return;
    }
    if (name === winner) {
      problems.push(problem(at, say('hand {n}: {name} went out, so has no entry of cards or points left', { n, name })));
      return;
    }
    if ((rem.cards === null) === (rem.points === null)) {
      problems.push(problem(at, say(rem.cards !== null ? "hand {n}: give {name}'s cards or points left, not both" : "hand {n}: give {name}'s cards or points left, not neither", { n, name })));
      return;
    }
    if (rem.cards !== null) {
      if (!rem.cards.length) problems.push(problem([...at, 'cards'], say('hand {n}: {name} must have at least one card left (only the winner has none)', { n, name })));
      if (rem.cards.length > dealt) {
        problems.push(problem([...at, 'cards'], say('hand {n}: {name} has {count} cards listed, but only {dealt} were dealt to each of {players} players (R2)',
          { n, name, count: rem.cards.length, dealt, players: players.length })));
      }
      rem.cards.forEach((c, j) => {
        const other = again.get(`${j}\u0000${name}`);
        if (other === undefined) return;
        const also = other === name ? say('hand {n}: {card} is listed twice; there is only one in the deck (R1)', { n, card: c.symbol })
          : say('hand {n}: {card} is listed for both {other} and {name}; there is only one in the deck (R1)', { n, card: c.symbol, other, name });
        problems.push(problem([...at, 'cards', j], also));
      });
    } else {
      const most = numbers.highest * dealt;
      if (!(rem.points >= 1 && rem.points <= most)) {
        const why = rem.points < 1 ? say('an opponent always holds at least one card, so at least 1 point') : say('{dealt} cards could be worth at most {most}', { dealt, most });
        problems.push(problem([...at, 'points'], say("hand {n}: {name}'s {points} points cannot be right: {why} (R14)", { n, name, points: rem.points, why })));
      }
    }
  });
  const named = new Set(remaining.map(([name]) => name));
  players.forEach((name) => {
    if (name !== winner && !named.has(name)) problems.push(problem([...where, 'remaining', name], say("hand {n}: {name}'s cards or points left are missing", { n, name })));
  });
  return problems;
}

function nextDealer(players, dealer, winner, rules) {
  if (winner !== null && players.length === 2 && rules.dealer_rotation === 'winner_two_player') return winner;
  return players[(players.indexOf(dealer) + 1) % players.length];
}

function gameWinner(totals, handsPlayed, rules) {
  const values = Object.values(totals);
  const due = rules.deals !== null ? handsPlayed >= rules.deals : values.some((t) => t >= rules.target_score);
  if (!due) return [false, null];
  const best = Math.max(...values);
  const leaders = Object.keys(totals).filter((p) => totals[p] === best);
  return leaders.length === 1 ? [true, leaders[0]] : [false, null];
}

function standings(totals) {
  const ordered = Object.entries(totals).map((kv, i) => [kv, i]).sort((a, b) => b[0][1] - a[0][1] || a[1] - b[1]).map((x) => x[0]);
  const out = [];
  ordered.forEach(([player, total], i) => {
    const rank = out.length && out[out.length - 1].total === total ? out[out.length - 1].rank : i + 1;
    out.push({ player, total, rank });
  });
  return out;
}

/**
 * POST /v1/scorepad without the service: `pad` {players, first_dealer?, hands}, `rules` the
 * resolved rules (every option) and `numbers` the rules' numbers (numbersOf). → {status: 200,
 * data} (ScorepadResponse) or {status: 422, problems: [{path, message}], stopped}.
 */
export function replay(pad, rules, numbers) {
  const players = pad.players;
  const firstDealer = pad.first_dealer === undefined ? null : pad.first_dealer;
  const problems = seatingProblems(players, firstDealer, numbers.players);
  if (problems.length) return { status: 422, problems, stopped: false };
  const dealt = numbers.dealt[players.length];
  const totals = {};
  players.forEach((p) => { totals[p] = 0; });
  let dealer = firstDealer !== null ? firstDealer : players[0];
  const lines = [];
  let over = false;
  let winner = null;
  const hands = pad.hands || [];
  for (let i = 0; i < hands.length; i += 1) {
    const n = i + 1;
    const entry = hands[i];
    if (over) {
      problems.push(problem(['hands', i], say('hand {n} comes after the game was already won by {winner} in hand {last} (R20)', { n, winner, last: lines.length })));
      break;
    }
    problems.push(...checkHand(n, entry, players, dealt, numbers));
    if (problems.length > MAX_PROBLEMS) return { status: 422, problems, stopped: true };
    if (problems.length) continue;
    let remaining = {};
    let points = 0;
    let multiplier = 1;
    let rummy = false;
    if (!entry.draw) {
      players.filter((p) => p !== entry.winner).forEach((p) => {
        const rem = remainingOf(entry.remaining[p]);
        remaining[p] = rem.cards !== null ? handPoints(rem.cards, numbers) : rem.points;
      });
      rummy = Boolean(entry.rummy);
      multiplier = multiplierOf(rummy, rules, numbers);
      points = multiplier * Object.values(remaining).reduce((a, b) => a + b, 0);
      totals[entry.winner] += points;
    }
    const handWinner = entry.draw ? null : entry.winner;
    lines.push({ number: n, dealer, winner: handWinner, rummy, multiplier, draw: Boolean(entry.draw), points, remaining, totals: { ...totals } });
    dealer = nextDealer(players, dealer, handWinner, rules);
    [over, winner] = gameWinner(totals, n, rules);
  }
  if (problems.length) return { status: 422, problems, stopped: false };
  let toTarget = null;
  if (rules.deals === null) {
    toTarget = {};
    players.forEach((p) => { toTarget[p] = Math.max(0, rules.target_score - totals[p]); });
  }
  return {
    status: 200,
    data: { hands: lines, totals: { ...totals }, standings: standings(totals), next_dealer: over ? null : dealer, game_over: over, winner, to_target: toTarget, rules },
  };
}

/**
 * POST /v1/hand-score without the service: `body` {remaining: {player: [codes]}, rummy}, `rules`
 * and `numbers` as replay's. → {status: 200, data: {points, by_player, multiplier, rummy}} or
 * {status: 422, problems}.
 */
export function handScore(body, rules, numbers) {
  const remaining = Object.entries(body.remaining).map(([player, codes]) => [player, codes.map(card)]);
  const names = remaining.map(([player]) => player);
  const problems = sameNames(names, []).map((p) => problem([names[p.path[0]]], p.message));
  const again = new Map();
  repeats(remaining).forEach((r) => again.set(`${r.index}\u0000${r.place}`, r.first));
  const seats = remaining.length + 1;
  const dealt = numbers.dealt[seats] === undefined ? null : numbers.dealt[seats];
  remaining.forEach(([player, cards]) => {
    if (dealt !== null && cards.length > dealt) {
      problems.push(problem(['remaining', player], say('{player} holds {count} cards, but with {players} players only {dealt} are dealt (R2)',
        { player, count: cards.length, players: seats, dealt })));
    }
    cards.forEach((c, j) => {
      const first = again.get(`${j}\u0000${player}`);
      if (first === undefined) return;
      const also = first === player ? say('{card} is listed twice for {player}; there is only one in the deck (R1)', { card: c.symbol, player })
        : say('{card} is listed for both {first} and {player}; there is only one in the deck (R1)', { card: c.symbol, first, player });
      problems.push(problem(['remaining', player, j], also));
    });
  });
  if (problems.length) return { status: 422, problems, stopped: false };
  const byPlayer = {};
  remaining.forEach(([player, cards]) => { byPlayer[player] = handPoints(cards, numbers); });
  const rummy = Boolean(body.rummy);
  const multiplier = multiplierOf(rummy, rules, numbers);
  return { status: 200, data: { points: multiplier * Object.values(byPlayer).reduce((a, b) => a + b, 0), by_player: byPlayer, multiplier, rummy } };
}

export { show };
