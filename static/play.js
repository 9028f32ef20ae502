/* Play a hand of Rummy against computer opponents (GET /play): the example of a frontend on
 * sealed tables. The page holds only what the API gave it (the latest table token, its seat,
 * the seat's view) and asks the referee everything else: which moves are legal, why a move is
 * refused, the advice and the scores. Its own work is showing: the cards, their order in the
 * hand (sorting and dragging are the player's business), and the opponents' moves one by one.
 *
 * State kept in localStorage (so a reload keeps the game): {table, seat, me, levels, order}. */
import { $, h, clear, show, announce } from './js/dom.js';
import { cardText, cardSpeech, parseCard, RANKS, SUITS } from './js/cards.js';
import { forPlayers } from './js/api.js';
import * as api from './js/tables.js';

const STORE = 'rummy-referee-play-v1';
const NAMES = ['Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus'];
const LEVELS = [['easy', 'Easy'], ['medium', 'Medium'], ['hard', 'Hard']];
// How long each opponent's move stays on screen (ms); ?pace=0 plays them at once (the tests).
const PACE = (() => {
  const p = new URLSearchParams(window.location.search).get('pace');
  return p !== null && /^\d+$/.test(p) ? Number(p) : 1100;
})();

let game = null;   // {table, seat, me, levels: {name: level}, order: [codes]}: what survives a reload
let view = null;   // the seat's latest view
let raised = new Set();  // codes of the raised cards
let busy = false;  // a request or the opponents' replay is under way
let replaying = false;  // the opponents' moves are being shown: keep the table on screen

const save = () => window.localStorage.setItem(STORE, JSON.stringify(game));
const isMe = (id) => game && id === game.me;
const who = (id) => (isMe(id) ? 'You' : id);

/* ---------------------------------------------------------------- cards */

/** A card as the page draws it: rank and suit, red suits in red, spoken in words. */
function cardFace(code, extra) {
  const red = parseCard(code).suit.red;
  return h('span', { class: `pcard${red ? ' red' : ''}${extra ? ' ' + extra : ''}`, 'aria-label': cardSpeech(code), role: 'img' }, cardText(code));
}

function cardsText(codes) { return codes.map(cardText).join(' '); }

/** The player's order for the cards of the view's hand: kept order first, new cards at the end. */
function handOrder() {
  const hand = (view.players.find((p) => isMe(p.id)) || {}).hand || [];
  const kept = (game.order || []).filter((c) => hand.includes(c));
  game.order = kept.concat(hand.filter((c) => !kept.includes(c)));
  return game.order;
}

function sortHand(bySuit) {
  const rank = (c) => RANKS.indexOf(parseCard(c).rank);
  const suit = (c) => SUITS.indexOf(parseCard(c).suit);
  game.order = handOrder().slice().sort((a, b) => (bySuit ? suit(a) - suit(b) || rank(a) - rank(b) : rank(a) - rank(b) || suit(a) - suit(b)));
  save();
  renderHand();
}

/* ---------------------------------------------------------------- drawing the table */

function render() {
  const over = view.status !== 'playing' && !replaying;
  show($('setup'), false);
  show($('table'), !over);
  show($('end'), over);
  if (over) renderEnd(); else renderTable();
}

function renderTable() {
  const mine = view.turn.player === game.me;
  $('turn').textContent = mine
    ? (view.turn.phase === 'draw' ? 'Your turn: draw from the stock or take the top discard' : 'Your turn: meld, lay off, then discard')
    : `${view.turn.player} is playing`;
  renderPlayers();
  $('stock-count').textContent = `${view.stock} ${view.stock === 1 ? 'card' : 'cards'}`;
  const top = view.discard[view.discard.length - 1];
  clear($('discard-top'));
  $('discard-top').appendChild(top ? cardFace(top) : h('span', { text: 'empty' }));
  $('discard').setAttribute('aria-label', top ? `Take ${cardSpeech(top)} from the discard pile` : 'The discard pile is empty');
  $('stock').setAttribute('aria-label', `Draw from the stock (${view.stock} cards)`);
  const melds = $('melds');
  clear(melds);
  view.melds.forEach((m) => melds.appendChild(h('li', { class: 'meld', id: `meld-${m.id}` }, [
    h('span', { class: 'owner', text: m.owner ? (isMe(m.owner) ? 'Yours' : `${m.owner}'s`) : '' }),
    h('span', { class: 'meld-cards' }, m.cards.map((c) => cardFace(c, 'small'))),
  ])));
  if (!view.melds.length) melds.appendChild(h('li', { class: 'muted', text: 'None yet.' }));
  renderHand();
  renderScores($('scores'));
  ['stock', 'discard', 'meld', 'lay-off', 'discard-card', 'hint', 'sort-suit', 'sort-rank'].forEach((id) => {
    $(id).disabled = busy || (!mine && !id.startsWith('sort'));
  });
}

function renderPlayers() {
  const list = $('players');
  clear(list);
  view.players.forEach((p) => {
    const total = view.scores.totals[p.id];
    const now = view.turn.player === p.id && view.status === 'playing';
    list.appendChild(h('li', { class: `player${now ? ' now' : ''}`, id: `player-${p.id}`, 'aria-current': now ? 'true' : null }, [
      h('span', { class: 'name', text: isMe(p.id) ? `${p.id} (you)` : `${p.id} · ${levelName(game.levels[p.id])}` }),
      h('span', { class: 'count', text: `${p.cards} ${p.cards === 1 ? 'card' : 'cards'}` }),
      h('span', { class: 'score', text: `${total} pts` }),
      now ? h('span', { class: 'badge', text: 'to play' }) : null,
      view.dealer === p.id ? h('span', { class: 'badge dealer', text: 'dealer' }) : null,
    ]));
  });
}

function levelName(level) { return (LEVELS.find((l) => l[0] === level) || [null, ''])[1]; }

function renderHand() {
  const list = $('hand');
  const order = handOrder();
  const focused = document.activeElement && document.activeElement.id;
  clear(list);
  raised = new Set([...raised].filter((c) => order.includes(c)));
  order.forEach((code) => {
    const btn = h('button', {
      type: 'button', id: `card-${code}`, class: `pcard hand-card${parseCard(code).suit.red ? ' red' : ''}`,
      'aria-pressed': raised.has(code) ? 'true' : 'false', 'aria-label': cardSpeech(code), draggable: 'true', 'data-card': code,
      onclick: () => { toggle(code); },
      ondragstart: (e) => { e.dataTransfer.setData('text/plain', code); },
      ondragover: (e) => { e.preventDefault(); },
      ondrop: (e) => { e.preventDefault(); moveCard(e.dataTransfer.getData('text/plain'), code); },
    }, cardText(code));
    list.appendChild(h('li', null, btn));
  });
  $('hand-title').textContent = `Your hand (${order.length} ${order.length === 1 ? 'card' : 'cards'})`;
  if (focused && $(focused)) $(focused).focus();
}

function toggle(code) {
  if (raised.has(code)) raised.delete(code); else raised.add(code);
  $(`card-${code}`).setAttribute('aria-pressed', raised.has(code) ? 'true' : 'false');
  show($('choose-meld'), false);
}

/** Dragging a card onto another puts it in that card's place (the player's own order). */
function moveCard(code, onto) {
  const order = handOrder().filter((c) => c !== code);
  if (!code || code === onto || !order.includes(onto)) return;
  order.splice(order.indexOf(onto), 0, code);
  game.order = order;
  save();
  renderHand();
}

/** The game's scores as the referee keeps them (view.scores, as /v1/scorepad answers). */
function renderScores(table) {
  clear(table);
  const s = view.scores;
  const target = view.rules.deals ? `after ${view.rules.deals} deals` : `to ${view.rules.target_score}`;
  table.appendChild(h('caption', { class: 'muted', text: `Hand ${view.hand}, playing ${target}` }));
  table.appendChild(h('thead', null, h('tr', null, [h('th', { scope: 'col', text: 'Player' }), h('th', { scope: 'col', class: 'num', text: 'Total' })])));
  table.appendChild(h('tbody', null, s.standings.map((st) => h('tr', { class: s.winner === st.player ? 'is-winner' : null }, [
    h('th', { scope: 'row', text: isMe(st.player) ? `${st.player} (you)` : st.player }),
    h('td', { class: 'num total', text: String(st.total) }),
  ]))));
}

/** The end of a hand: who went out, every hand left and its points, rummy, the new totals. */
function renderEnd() {
  const r = view.result;
  const out = r.outcome === 'out';
  $('end-title').textContent = out ? `${who(r.winner)} went out` : 'The hand is a draw';
  $('end-rummy').textContent = !out ? 'Nobody scores for a drawn hand.'
    : r.rummy ? (r.multiplier === 2 ? 'Going rummy: every card left counts double.' : 'Going rummy, but these rules do not double it.')
      : 'Not rummy: the cards left count once.';
  const hands = $('end-hands');
  clear(hands);
  hands.appendChild(h('thead', null, h('tr', null, ['Player', 'Cards left', 'Points'].map((t, i) => h('th', { scope: 'col', class: i === 2 ? 'num' : null, text: t })))));
  hands.appendChild(h('tbody', null, view.players.filter((p) => !out || p.id !== r.winner).map((p) => {
    const left = (r.remaining_cards || {})[p.id] || [];
    return h('tr', { id: `left-${p.id}` }, [
      h('th', { scope: 'row', text: who(p.id) }),
      h('td', null, h('span', { class: 'meld-cards' }, left.map((c) => cardFace(c, 'small')))),
      h('td', { class: 'num', text: out ? String(r.remaining[p.id]) : '0' }),
    ]);
  })));
  $('end-points').textContent = out
    ? `${who(r.winner)} ${isMe(r.winner) ? 'score' : 'scores'} ${r.points} points${r.multiplier === 2 ? ' (doubled)' : ''}` : 'No points this hand';
  renderScores($('end-totals'));
  const s = view.scores;
  $('end-next').textContent = s.game_over ? `${who(s.winner)} won the game with ${s.totals[s.winner]} points.` : `${who(s.next_dealer)} ${isMe(s.next_dealer) ? 'deal' : 'deals'} the next hand.`;
  show($('next-hand'), !s.game_over);
  $('next-hand').disabled = busy;
}

/* ---------------------------------------------------------------- messages */

function showError(answer) {
  const text = answer.kind === 'invalid'
    ? forPlayers(((answer.problem.errors || [])[0] || answer.problem).detail, [game && game.me])
    : answer.message;
  $('error').textContent = text;
  show($('error'), true);
}

function showRefusal(text) {
  const box = $('refusal');
  box.textContent = text;
  show(box, Boolean(text));
  if (text) box.scrollIntoView({ block: 'nearest' });
}

function clearMessages() {
  show($('error'), false);
  showRefusal('');
  show($('hint-box'), false);
  show($('choose-meld'), false);
}

/** One event (a move as everyone saw it) in words, with the card shown where there is one. */
function eventLine(e) {
  const p = who(e.player);
  if (e.action === 'draw') return e.source === 'stock' ? [`${p} drew from the stock.`] : [`${p} took `, cardFace(e.card, 'small'), ' from the discard pile.'];
  if (e.action === 'discard') return [`${p} discarded `, cardFace(e.card, 'small'), '.'];
  const verb = e.action === 'meld' ? 'melded' : 'laid off';
  return [`${p} ${verb} `, h('span', { class: 'meld-cards' }, e.cards.map((c) => cardFace(c, 'small'))), '.'];
}

/** The opponents' moves one at a time, PACE ms each, until the player skips. */
let skip = null;
function replay(events) {
  const theirs = events.filter((e) => !isMe(e.player));
  const log = $('log');
  if (!theirs.length) return Promise.resolve();
  clear(log);
  let skipped = PACE === 0;
  replaying = true;
  render();
  show($('replay'), !skipped);
  const wait = () => new Promise((resolve) => {
    const timer = window.setTimeout(resolve, PACE);
    skip = () => { skipped = true; window.clearTimeout(timer); resolve(); };
  });
  const step = (i) => {
    if (i >= theirs.length) return Promise.resolve();
    log.appendChild(h('li', null, eventLine(theirs[i])));
    if (skipped) return step(i + 1);
    $('turn').textContent = `${theirs[i].player} is playing`;
    clear($('replay-line'));
    eventLine(theirs[i]).forEach((k) => $('replay-line').append(k));
    document.querySelectorAll('.player.now').forEach((el) => el.classList.remove('now'));
    const seat = $(`player-${theirs[i].player}`);
    if (seat) seat.classList.add('now');
    return wait().then(() => step(i + 1));
  };
  return step(0).then(() => { show($('replay'), false); skip = null; replaying = false; });
}

/* ---------------------------------------------------------------- talking to the referee */

function setBusy(on) {
  busy = on;
  document.body.classList.toggle('busy', on);
  if (view) render();
}

/** Sends a move; the referee's refusal is shown as it says it, and nothing changes. */
function send(move) {
  if (busy) return Promise.resolve();
  clearMessages();
  const back = document.activeElement;  // the buttons are disabled meanwhile, which drops focus
  setBusy(true);
  return api.playMove(game.table, game.seat, move).then((a) => {
    if (!a.ok) { showError(a); setBusy(false); refocus(back); return null; }
    game.table = a.data.table;
    save();
    if (!a.data.legal) {
      setBusy(false);
      showRefusal(forPlayers(a.data.reasons[0].message, [game.me]));
      refocus(back);
      return null;
    }
    raised.clear();
    view = a.data.view;
    return replay(a.data.events).then(() => { setBusy(false); afterUpdate(); refocus(back); });
  });
}

/** Keyboard users keep their place: focus goes back where it was, else to the turn's heading. */
function refocus(el) {
  if (view.status !== 'playing') return;  // afterUpdate focused the end of the hand
  const target = el && el.id && $(el.id);
  if (target && !target.disabled && !target.closest('[hidden]')) target.focus(); else $('turn').focus();
}

function afterUpdate() {
  render();
  if (view.status !== 'playing') { $('end-title').focus(); announce($('end-title').textContent); } else announce($('turn').textContent);
}

function raisedInOrder() { return handOrder().filter((c) => raised.has(c)); }

function needOne(action) {
  const cards = raisedInOrder();
  if (cards.length !== 1) { showRefusal(`Raise one card, then tap ${action}.`); return null; }
  return cards[0];
}

function layOff() {
  const card = needOne('Lay off');
  if (!card) return;
  // The melds this card fits, as the referee listed them among the legal moves.
  const fits = (view.legal_moves || []).filter((m) => m.action === 'lay_off' && m.cards[0] === card).map((m) => m.meld);
  if (fits.length <= 1) { send({ action: 'lay_off', cards: [card], meld: fits[0] }); return; }
  $('choose-meld-title').textContent = `${cardText(card)} fits more than one meld: which one?`;
  const list = $('choose-meld-list');
  clear(list);
  fits.forEach((id) => {
    const m = view.melds.find((x) => x.id === id);
    list.appendChild(h('button', { type: 'button', class: 'btn btn-secondary', 'data-meld': id, onclick: () => send({ action: 'lay_off', cards: [card], meld: id }) },
      `${isMe(m.owner) ? 'Yours' : `${m.owner}'s`}: ${cardsText(m.cards)}`));
  });
  show($('choose-meld'), true);
  list.firstChild.focus();
}

function hint() {
  clearMessages();
  setBusy(true);
  api.suggest(game.table, game.seat, 'hard').then((a) => {
    setBusy(false);
    if (!a.ok) { showError(a); return; }
    const m = a.data.move;
    $('hint-text').textContent = a.data.summary;
    $('hint-box').dataset.move = JSON.stringify(m);
    // Raise the cards the advice plays, so the player sees them in the hand.
    raised = new Set(m.cards || (m.card ? [m.card] : []));
    renderHand();
    show($('hint-box'), true);
  });
}

/** The saved game's table, after a reload. A table the service cannot open any more (422) is
 * forgotten; a failed connection keeps it, to try again. */
function resume() {
  show($('retry'), false);
  api.viewTable(game.table, game.seat).then((answer) => {
    if (!answer.ok) {
      showError(answer);
      if (answer.kind === 'invalid') { window.localStorage.removeItem(STORE); game = null; showSetup(); } else show($('retry'), true);
      return;
    }
    show($('error'), false);
    view = answer.data.view;
    render();
  });
}

/** Deal the next hand; the answer's view is a spectator's, so ask for the seat's own. */
function next() {
  clearMessages();
  setBusy(true);
  api.nextHand(game.table).then((a) => {
    if (!a.ok) { setBusy(false); showError(a); return null; }
    game.table = a.data.table;
    game.order = [];
    save();
    return api.viewTable(game.table, game.seat).then((v) => {
      if (!v.ok) { setBusy(false); showError(v); return null; }
      view = v.data.view;
      render();
      return replay(a.data.events).then(() => { setBusy(false); afterUpdate(); $('turn').focus(); });
    });
  });
}

/* ---------------------------------------------------------------- setting up */

function renderLevels() {
  const list = $('levels');
  const n = Number($('opponents').value);
  const before = [...list.querySelectorAll('select')].map((s) => s.value);
  clear(list);
  for (let i = 0; i < n; i += 1) {
    const id = `level-${i}`;
    list.appendChild(h('li', { class: 'field' }, [
      h('label', { for: id, text: `Opponent ${i + 1}'s level` }),
      h('select', { id }, LEVELS.map(([v, t]) => h('option', { value: v, selected: (before[i] || 'easy') === v, text: t }))),
    ]));
  }
}

function showSetup() {
  show($('table'), false);
  show($('end'), false);
  show($('setup'), true);
  renderLevels();
}

function start(event) {
  event.preventDefault();
  clearMessages();
  const me = $('me').value.trim();
  const names = NAMES.filter((n) => n.toLowerCase() !== me.toLowerCase()).slice(0, Number($('opponents').value));
  const levels = {};
  names.forEach((n, i) => { levels[n] = $(`level-${i}`).value; });
  const rules = { preset: $('preset').value, target_score: Number($('target').value) };
  $('start').disabled = true;
  api.createTable([me].concat(names), levels, rules).then((a) => {
    $('start').disabled = false;
    if (!a.ok) { showError(a); return null; }
    game = { table: a.data.table, seat: a.data.seats[me], me, levels, order: [] };
    save();
    return api.viewTable(game.table, game.seat).then((v) => {
      if (!v.ok) { showError(v); return null; }
      view = v.data.view;
      setBusy(true);
      return replay(a.data.events).then(() => { setBusy(false); afterUpdate(); $('turn').focus(); });
    });
  });
}

function quit() {
  window.localStorage.removeItem(STORE);
  game = null;
  view = null;
  clearMessages();
  showSetup();
  $('setup-title').focus();
}

/* ---------------------------------------------------------------- wiring */

$('setup-form').addEventListener('submit', start);
$('opponents').addEventListener('change', renderLevels);
$('stock').addEventListener('click', () => send({ action: 'draw', source: 'stock' }));
$('discard').addEventListener('click', () => send({ action: 'draw', source: 'discard' }));
$('meld').addEventListener('click', () => {
  const cards = raisedInOrder();
  if (!cards.length) { showRefusal('Raise the cards of the meld, then tap Meld.'); return; }
  send({ action: 'meld', cards });
});
$('lay-off').addEventListener('click', layOff);
$('discard-card').addEventListener('click', () => { const card = needOne('Discard'); if (card) send({ action: 'discard', card }); });
$('hint').addEventListener('click', hint);
$('hint-play').addEventListener('click', () => send(JSON.parse($('hint-box').dataset.move)));
$('sort-suit').addEventListener('click', () => sortHand(true));
$('sort-rank').addEventListener('click', () => sortHand(false));
$('skip').addEventListener('click', () => { if (skip) skip(); });
$('next-hand').addEventListener('click', next);
$('new-game').addEventListener('click', quit);
$('quit').addEventListener('click', quit);
$('retry').addEventListener('click', resume);

try { game = JSON.parse(window.localStorage.getItem(STORE) || 'null'); } catch (e) { game = null; }
if (game && game.table && game.seat) resume();
else showSetup();
