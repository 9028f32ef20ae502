/* The table of the play page: the players, the stock, the discard pile and the melds, drawn from
 * a "board" (the public part of a seat's view), and the opponents' moves replayed on it one at
 * a time so the board changes with each line.
 *
 * A board: {players: [{id, cards, tabled}], stock, discard: [codes], melds: [{id, owner, cards}],
 * turn: {player, phase}, dealer, totals: {id: points}}. */
import { $, h, clear } from '../dom.js';
import { cardFace, cardSpeech, cardText } from '../cards.js';
import { _, ngettext } from '../i18n.js';

/** The board of a view (a copy: replaying changes it). */
export function boardOf(view) {
  return {
    players: view.players.map((p) => ({ id: p.id, cards: p.cards, tabled: p.tabled })),
    stock: view.stock,
    discard: view.discard.slice(),
    melds: view.melds.map((m) => ({ id: m.id, owner: m.owner, cards: m.cards.slice() })),
    turn: { player: view.turn.player, phase: view.turn.phase },
    dealer: view.dealer,
    totals: { ...view.scores.totals },
    playing: view.status === 'playing',
  };
}

/** The board after one event (a move as every player saw it, or a restock). `final` is the view
 * the replay ends on: a meld's cards are shown in its order (a run sorted as the referee keeps
 * it), its rules say how the pile is turned over (R17). */
export function applyEvent(board, e, final) {
  const b = board;
  if (e.action === 'restock') {
    const kept = final.rules.restock === 'keep_top' ? b.discard.slice(-1) : [];
    b.stock += b.discard.length - kept.length;
    b.discard = kept;
    return b;
  }
  const p = b.players.find((x) => x.id === e.player) || { cards: 0 };
  b.turn = { player: e.player, phase: e.action === 'draw' ? 'play' : b.turn.phase };
  if (e.action === 'draw') {
    p.cards += 1;
    if (e.source === 'discard') b.discard.pop();
    else if (b.stock > 0) b.stock -= 1;
    else if (b.discard.length > 1) { b.stock = b.discard.length - 2; b.discard = b.discard.slice(-1); }
  } else if (e.action === 'discard') {
    p.cards -= 1;
    b.discard.push(e.card);
    const i = b.players.indexOf(p);
    b.turn = { player: b.players[(i + 1) % b.players.length].id, phase: 'draw' };
  } else {
    p.cards -= e.cards.length;
    p.tabled = true;
    let meld = b.melds.find((m) => m.id === e.meld);
    if (!meld) { meld = { id: e.meld, owner: e.player, cards: [] }; b.melds.push(meld); }
    const have = new Set(meld.cards.concat(e.cards));
    const order = ((final.melds.find((m) => m.id === e.meld) || {}).cards || []).filter((c) => have.has(c));
    meld.cards = order.length === have.size ? order : [...have];
  }
  return b;
}

/** The board before one event (the inverse of applyEvent, for a hand's opening moves: no restock). */
export function unapplyEvent(board, e) {
  const b = board;
  if (e.action === 'restock') return b;
  const p = b.players.find((x) => x.id === e.player) || { cards: 0 };
  if (e.action === 'draw') {
    p.cards -= 1;
    if (e.source === 'discard') b.discard.push(e.card); else b.stock += 1;
    b.turn = { player: e.player, phase: 'draw' };
  } else if (e.action === 'discard') {
    p.cards += 1;
    b.discard.pop();
    b.turn = { player: e.player, phase: 'play' };
  } else {
    p.cards += e.cards.length;
    const meld = b.melds.find((m) => m.id === e.meld);
    if (meld) meld.cards = meld.cards.filter((c) => !e.cards.includes(c));
    b.melds = b.melds.filter((m) => m.cards.length);
    b.turn = { player: e.player, phase: 'play' };
  }
  return b;
}

/** What changed with an event, for the eye: the element to flash. */
export function changedBy(e) {
  if (e.action === 'restock') return 'stock';
  if (e.action === 'draw') return e.source === 'discard' ? 'discard' : 'stock';
  if (e.action === 'discard') return 'discard';
  return `meld-${e.meld}`;
}

/** An event in words, with its cards drawn: "Bob took 7♥ from the discard pile." */
export function eventLine(e, who) {
  if (e.action === 'restock') return [_('The discard pile was turned over to make a new stock.')];
  const you = who(e.player) !== e.player; // the player reads "You", each other player's name
  const name = e.player;
  const cards = (list) => h('span', { class: 'meld-cards' }, list.map((c) => cardFace(c, { size: 'small' })));
  // a sentence with the cards drawn where its {cards} is
  const said = (text, drawn) => text.split(/(\{cards\})/).map((part) => (part === '{cards}' ? drawn : part)).filter((part) => part !== '');
  if (e.action === 'draw' && e.source === 'stock') return [you ? _('You drew from the stock.') : _('{name} drew from the stock.', { name })];
  if (e.action === 'draw') return said(you ? _('You took {cards} from the discard pile.') : _('{name} took {cards} from the discard pile.', { name }), cardFace(e.card, { size: 'small' }));
  if (e.action === 'discard') return said(you ? _('You discarded {cards}.') : _('{name} discarded {cards}.', { name }), cardFace(e.card, { size: 'small' }));
  if (e.action === 'meld') return said(you ? _('You melded {cards}.') : _('{name} melded {cards}.', { name }), cards(e.cards));
  return said(you ? _('You laid off {cards}.') : _('{name} laid off {cards}.', { name }), cards(e.cards));
}

/** Draws the players' strip, the piles and the melds of `board`. ctx: {me, levels, levelName,
 * who, acting (the player whose move is being shown: "to play" stays on them until the next
 * line), mine (the player may act), onMeld(id) (a meld tapped: lay off onto it)}. */
export function renderBoard(board, ctx) {
  renderPlayers(board, ctx);
  $('stock-count').textContent = `${board.stock}`;
  $('stock').setAttribute('aria-label', ngettext('Stock, {n} card: draw from it', 'Stock, {n} cards: draw from it', board.stock));
  const top = board.discard[board.discard.length - 1];
  clear($('discard-top'));
  $('discard-top').appendChild(top ? cardFace(top, { size: 'pile' }) : h('span', { class: 'muted', text: _('empty') }));
  $('discard').setAttribute('aria-label', top ? _('Discard pile, {card} on top: take it, or drop a card here to discard it', { card: cardSpeech(top) }) : _('The discard pile is empty'));
  const melds = $('melds');
  clear(melds);
  board.melds.forEach((m) => {
    const owner = m.owner === ctx.me ? _('Yours') : _("{name}'s", { name: m.owner });
    melds.appendChild(h('li', { class: 'meld', id: `meld-${m.id}`, 'data-meld': m.id }, h('button', {
      type: 'button', class: 'meld-btn', 'data-meld': m.id, disabled: !ctx.mine,
      onclick: () => ctx.onMeld(m.id),
    }, [
      h('span', { class: 'owner', text: owner }),
      h('span', { class: 'meld-cards' }, m.cards.map((c) => cardFace(c, { size: 'small' }))),
      h('span', { class: 'sr-only', text: `: ${m.cards.map(cardText).join(' ')}, ${_('lay the raised card off here')}` }),
    ])));
  });
  if (!board.melds.length) melds.appendChild(h('li', { class: 'muted small no-melds', text: _('No melds yet: raise cards and tap Meld, or drag them here.') }));
}

function renderPlayers(board, ctx) {
  const list = $('players');
  clear(list);
  board.players.forEach((p) => {
    const now = board.playing && (ctx.acting || board.turn.player) === p.id;
    const mine = p.id === ctx.me;
    list.appendChild(h('li', { class: `player${now ? ' now' : ''}${mine ? ' me' : ''}`, id: `player-${p.id}`, 'aria-current': now ? 'true' : null }, [
      h('span', { class: 'name', text: mine ? _('{name} (you)', { name: p.id }) : `${p.id} · ${ctx.levelName(ctx.levels[p.id])}` }),
      h('span', { class: 'count', text: ngettext('{n} card', '{n} cards', p.cards) }),
      h('span', { class: 'score', text: _('{n} pts', { n: board.totals[p.id] }) }),
      now ? h('span', { class: 'badge', text: _('to play') }) : null,
      board.dealer === p.id ? h('span', { class: 'badge dealer', text: _('dealer') }) : null,
    ]));
  });
}

/** Marks the element `id` as just changed (a short highlight, none with reduced motion). */
export function flash(id) {
  const el = $(id);
  if (!el) return;
  el.classList.remove('flash');
  void el.offsetWidth; // restart the animation
  el.classList.add('flash');
}
