/* Play Rummy against computer opponents (GET /play): a frontend on sealed tables. The page holds
 * only what the API gave it (the latest table token, its seat, the seat's view) and asks the
 * referee everything else: which moves are legal, why a move is refused (its `summary`, said to
 * the player), the advice and the scores. Its own work is showing: the cards, their order in the
 * hand, and the opponents' moves one by one on the board at the player's pace.
 *
 * Kept in localStorage: the game {table, seat, me, levels, rules, order, sort, drawn, log,
 * summary, session, unpledged} (a reload or a restart of the service keeps it; `session`: the
 * table session's, js/tables.js, which retries and catches up from a 409 and keeps what this
 * seat knows of each deal for "Check this deal"), the setup's choices (the sort among them), and,
 * until its table is dealt, a new game's pledge and entropy (a retry sends the same). */
import { $, h, clear, show, announce } from './js/dom.js';
import { cardText } from './js/cards.js';
import { forPlayers } from './js/api.js';
import * as api from './js/tables.js';
import { boardOf, applyEvent, unapplyEvent, changedBy, eventLine, renderBoard, flash } from './js/play/board.js';
import { renderHand } from './js/play/hand.js';
import { initSetup, chosenGame, paceMs, levelName, savePrefs, prefs } from './js/play/setup.js';
import { renderEnd, renderScores } from './js/play/end.js';
import { checkDeal } from './js/play/fairness.js';
import { showProblem, showRefusal, clearMessages } from './js/play/messages.js';
import { initOffline } from './js/play/offline.js';
import { _ } from './js/i18n.js';

const STORE = 'rummy-referee-play-v1';

let game = null; // what survives a reload (see the module comment)
let view = null; // the seat's latest view
let board = null; // what the table shows (the view's, or a step of the opponents' replay)
let raised = new Set();
let busy = false;
let skip = null; // ends the replay at once
let acting = null; // the opponent whose move the replay shows (the "to play" badge stays on them)

const save = () => { if (api.saved()) Object.assign(game, { table: api.saved().table, session: api.saved() }); window.localStorage.setItem(STORE, JSON.stringify(game)); };
const isMe = (id) => game && id === game.me;
const who = (id) => (isMe(id) ? _('You') : id);
const myHand = () => ((view.players.find((p) => isMe(p.id)) || {}).hand || []);
const myTurn = () => view.status === 'playing' && view.turn.player === game.me && !skip;

/* ---------------------------------------------------------------- drawing */

function render() {
  const over = view.status !== 'playing' && !skip;
  show($('setup'), false);
  show($('table'), !over);
  show($('end'), over);
  if (over) {
    renderEnd(view, game, { who, isMe, busy });
    show($('fair-none'), !view.result.fairness && Boolean(game.unpledged)); // a service without a table store (409 to the pledge)
  }
  else renderTable();
}

function renderTable() {
  const mine = myTurn();
  const b = board || boardOf(view);
  if (!skip) {
    $('turn').textContent = mine
      ? (view.turn.phase === 'draw' ? _('Your turn: draw a card') : _('Your turn: meld, lay off, discard'))
      : _('{name} is playing', { name: b.turn.player });
  }
  renderBoard(b, { me: game.me, levels: game.levels, levelName, who, acting, mine: mine && !busy, onMeld: layOffOnto });
  renderHand({
    game, cards: myHand(), raised, enabled: mine && !busy,
    onToggle: toggle, onReorder: reorder, onDrop: dropped,
  });
  ['stock', 'discard', 'meld', 'lay-off', 'discard-card', 'hint'].forEach((id) => { $(id).disabled = busy || !mine; });
  $('summary').textContent = game.summary || '';
  renderLog();
  renderScores($('scores'), view, game);
}

function renderLog() {
  const log = $('log');
  clear(log);
  (game.log || []).forEach((e) => log.appendChild(h('li', null, eventLine(e, who))));
  if (!(game.log || []).length) log.appendChild(h('li', { class: 'muted', text: _('Nothing yet.') }));
}

function toggle(code) {
  if (raised.has(code)) raised.delete(code); else raised.add(code);
  $(`card-${code}`).setAttribute('aria-pressed', raised.has(code) ? 'true' : 'false');
  show($('choose-meld'), false);
}

/** A card dragged onto another takes that card's place: the player's own order (no sort). */
function reorder(code, onto) {
  const order = game.order.filter((c) => c !== code);
  order.splice(order.indexOf(onto), 0, code);
  game.order = order;
  game.sort = null;
  savePrefs({ sort: null });
  save();
  renderTable();
}

/** A card dropped on the table: the discard pile, a meld (lay off) or the melds (meld it with
 * the raised cards). */
function dropped(code, target) {
  if (target.discard) send({ action: 'discard', card: code });
  else if (target.meld) send({ action: 'lay_off', cards: [code], meld: target.meld });
  else send({ action: 'meld', cards: game.order.filter((c) => c === code || raised.has(c)) });
}

const showError = (answer) => showProblem(answer, game && game.me);

/* ---------------------------------------------------------------- the opponents, one by one */

function wait(ms) {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    skip = () => { window.clearTimeout(timer); skip = true; resolve(); };
  });
}

/** Plays `events` out on the board from `start`: the player's own at once, each opponent's move
 * shown on the board with its line for the pace's time. Then the final view. */
async function replay(events, start) {
  const pace = paceMs();
  board = start;
  skip = () => { skip = true; };
  const theirs = events.filter((e) => !isMe(e.player));
  show($('replay'), pace > 0 && theirs.length > 0);
  for (const e of events) {
    applyEvent(board, e, view);
    if (isMe(e.player) || pace === 0 || skip === true) continue;
    acting = e.action === 'restock' ? acting : e.player;
    $('turn').textContent = _('{name} is playing', { name: acting || e.player });
    renderTable();
    clear($('replay-line'));
    $('replay-line').append(...eventLine(e, who));
    flash(changedBy(e));
    flash(`player-${e.player}`);
    await wait(pace);
  }
  skip = null;
  board = null;
  acting = null;
  show($('replay'), false);
}

/** The board before `events`, worked back from the view after them (a new hand's opening moves). */
function boardBefore(events) {
  const b = boardOf(view);
  events.slice().reverse().forEach((e) => unapplyEvent(b, e));
  return b;
}

/* ---------------------------------------------------------------- talking to the referee */

function setBusy(on) {
  busy = on;
  document.body.classList.toggle('busy', on);
  if (view && !skip) render();
}

/** Takes a new seat view with the events that led to it; the cards just drawn are marked. */
async function arrive(data, events, start) {
  const before = view ? myHand() : [];
  view = data.view;
  game.table = data.table;
  const added = myHand().filter((c) => !before.includes(c));
  if (events.some((e) => isMe(e.player) && e.action === 'draw')) game.drawn = added[0] || null;
  if (events.some((e) => isMe(e.player) && e.action === 'discard')) game.drawn = null;
  const theirs = events.filter((e) => !isMe(e.player) || e.action === 'restock');
  if (theirs.length || events.some((e) => isMe(e.player) && e.action === 'discard')) game.log = theirs;
  game.summary = data.summary || '';
  save();
  raised.clear();
  await replay(events, start);
}

async function send(move) {
  if (busy) return;
  clearMessages();
  const back = document.activeElement;
  const start = boardOf(view);
  setBusy(true);
  const a = await api.playMove(move);
  if (!a.ok) { setBusy(false); showError(a); refocus(back); return; }
  if (!a.data.legal) {
    game.table = a.data.table;
    save();
    setBusy(false);
    showRefusal(a.data.summary || forPlayers(a.data.reasons[0].message, [game.me]));
    refocus(back);
    return;
  }
  await arrive(a.data, a.data.events, start);
  setBusy(false);
  afterUpdate(back);
}

function refocus(el) {
  if (view.status !== 'playing') return;
  const target = el && el.id && $(el.id);
  if (target && !target.disabled && !target.closest('[hidden]')) target.focus({ preventScroll: true }); else $('turn').focus({ preventScroll: true });
}

function afterUpdate(back) {
  render();
  if (view.status !== 'playing') { $('end-title').focus(); announce($('end-title').textContent); return; }
  announce(`${game.summary} ${$('turn').textContent}`);
  if (back !== undefined) refocus(back);
}

const raisedInOrder = () => game.order.filter((c) => raised.has(c));

function needOne(action) {
  const cards = raisedInOrder();
  if (cards.length !== 1) { showRefusal(_('Raise one card, then tap {button}.', { button: action })); return null; }
  return cards[0];
}

function layOff() {
  const card = needOne(_('Lay off'));
  if (!card) return;
  const fits = (view.legal_moves || []).filter((m) => m.action === 'lay_off' && m.cards[0] === card).map((m) => m.meld);
  if (fits.length <= 1) { send({ action: 'lay_off', cards: [card], meld: fits[0] }); return; }
  $('choose-meld-title').textContent = _('{card} fits more than one meld: which one?', { card: cardText(card) });
  const list = $('choose-meld-list');
  clear(list);
  fits.forEach((id) => {
    const m = view.melds.find((x) => x.id === id);
    list.appendChild(h('button', { type: 'button', class: 'btn btn-secondary', 'data-meld': id, onclick: () => send({ action: 'lay_off', cards: [card], meld: id }) },
      `${isMe(m.owner) ? _('Yours') : _("{name}'s", { name: m.owner })}: ${m.cards.map(cardText).join(' ')}`));
  });
  show($('choose-meld'), true);
  list.firstChild.focus();
}

/** A meld tapped on the table: the raised card is laid off onto it. */
function layOffOnto(id) {
  const card = needOne('a meld');
  if (card) send({ action: 'lay_off', cards: [card], meld: id });
}

async function hint() {
  clearMessages();
  setBusy(true);
  const a = await api.suggest('hard');
  setBusy(false);
  if (!a.ok) { showError(a); return; }
  const m = a.data.move;
  $('hint-text').textContent = a.data.summary;
  $('hint-box').dataset.move = JSON.stringify(m);
  raised = new Set(m.cards || (m.card && m.action === 'discard' ? [m.card] : []));
  renderTable();
  if (m.action === 'draw') $(m.source === 'stock' ? 'stock' : 'discard').classList.add('hinted');
  if (m.meld && $(`meld-${m.meld}`)) $(`meld-${m.meld}`).classList.add('hinted');
  show($('hint-box'), true);
}

/** The saved game, after a reload or a restart of the service. */
async function resume() {
  show($('retry'), false);
  show($('discard-game'), false);
  api.bind({ ...(game.session || {}), table: game.table, seat: game.seat, player: game.me });
  const a = await api.viewTable();
  if (!a.ok) {
    // Offline, the offline note already says the game is kept and goes on once back online.
    if (!(a.kind === 'network' && !navigator.onLine)) showError(a);
    // Kept, even when refused: a service restarted with another key may get the old one back
    // (#33 point 8). The player may try again later, or start a new game (which discards it).
    show($('retry'), true);
    show($('discard-game'), a.kind === 'invalid');
    return;
  }
  show($('error'), false);
  view = a.data.view;
  render();
}

/** A new hand (next) or a new game (create): the seat's view comes with the answer. */
async function opened(a) {
  if (!a.ok) { setBusy(false); showError(a); return; }
  let data = a.data;
  if (!myHandIn(data.view)) {
    const v = await api.viewTable();
    if (!v.ok) { setBusy(false); showError(v); return; }
    data = { ...data, view: v.data.view };
  }
  view = data.view;
  game.log = [];
  game.drawn = null;
  game.order = [];
  await arrive(data, data.events, boardBefore(data.events));
  setBusy(false);
  afterUpdate();
  window.scrollTo(0, 0); // the Deal button was at the form's foot: the table starts at the top
  if (view.status === 'playing') $('turn').focus({ preventScroll: true });
}

function myHandIn(v) { return v && v.players.some((p) => p.id === game.me && p.hand); }

async function next() {
  clearMessages();
  setBusy(true);
  // the session keeps the commitment promised for a hand it deals itself (api.promisedFor)
  await opened(await api.nextHand());
}

async function start(event) {
  if (event) event.preventDefault();
  clearMessages();
  const g = chosenGame();
  $('start').disabled = true;
  const a = await api.createTable([g.me].concat(g.names), g.levels, g.rules, g.me); // hand 1 pledged
  $('start').disabled = false;
  if (!a.ok) { showError(a); return; }
  game = {
    table: a.data.table, seat: a.data.seats[g.me], me: g.me, levels: g.levels, rules: g.rules, order: [], sort: prefs().sort || null,
    log: [], summary: '', session: api.saved(), unpledged: a.data.unpledged,
  };
  view = null;
  save();
  setBusy(true);
  await opened(a);
}

/** The same opponents and rules again, once a game is over. */
function rematch() {
  savePrefs({ preset: game.rules.preset, target: game.rules.target_score });
  start();
}

function showSetup() {
  show($('table'), false);
  show($('end'), false);
  show($('setup'), true);
}

function leave() {
  window.localStorage.removeItem(STORE);
  game = null;
  view = null;
  clearMessages();
  showSetup();
  $('setup-title').focus({ preventScroll: true });
}

/** New game: asks first while a game is under way (its scores would be lost). */
function quit() {
  const s = view && view.scores;
  if (!s || s.game_over) { leave(); return; }
  const totals = s.standings.map((st) => `${who(st.player)} ${st.total}`).join(', ');
  const between = view.status !== 'playing'; // between hands there is no hand in play to lose
  $('confirm-text').textContent = between ? _('This game is not over: its scores ({list}) will be lost.', { list: totals }) : _('This game is not over: its scores ({list}) and the hand in play will be lost.', { list: totals });
  $('confirm').showModal();
  $('confirm-keep').focus();
}

/* ---------------------------------------------------------------- wiring */

$('setup-form').addEventListener('submit', start);
$('stock').addEventListener('click', () => send({ action: 'draw', source: 'stock' }));
$('discard').addEventListener('click', () => send({ action: 'draw', source: 'discard' }));
$('meld').addEventListener('click', () => {
  const cards = raisedInOrder();
  if (!cards.length) { showRefusal(_('Raise the cards of the meld, then tap Meld.')); return; }
  send({ action: 'meld', cards });
});
$('lay-off').addEventListener('click', layOff);
$('discard-card').addEventListener('click', () => { const card = needOne(_('Discard')); if (card) send({ action: 'discard', card }); });
$('hint').addEventListener('click', hint);
$('hint-play').addEventListener('click', () => send(JSON.parse($('hint-box').dataset.move)));
$('sort').addEventListener('click', () => {
  game.sort = game.sort === 'suit' ? 'rank' : 'suit';
  savePrefs({ sort: game.sort }); // kept for the next game and a rematch
  save();
  renderTable();
  announce($('sort-now').textContent);
});
$('skip').addEventListener('click', () => { if (typeof skip === 'function') skip(); });
$('next-hand').addEventListener('click', next);
$('rematch').addEventListener('click', rematch);
$('new-game').addEventListener('click', quit);
$('quit').addEventListener('click', quit);
$('retry').addEventListener('click', resume);
$('discard-game').addEventListener('click', () => { show($('retry'), false); show($('discard-game'), false); leave(); });
$('check-deal').addEventListener('click', () => checkDeal(() => view));
$('confirm-keep').addEventListener('click', () => $('confirm').close());
$('confirm-leave').addEventListener('click', () => { $('confirm').close(); leave(); });

initOffline();
window.addEventListener('online', () => { if (game && game.table && !view) resume(); }); // back online: the kept game goes on
initSetup().then(() => {
  try { game = JSON.parse(window.localStorage.getItem(STORE) || 'null'); } catch (e) { game = null; }
  if (game && game.table && game.seat) resume();
  else showSetup();
});

