/* The player's hand on the play page: the cards in the player's own order (a chosen sort stays on
 * as cards come and go), the raised cards, the card just drawn marked, and dragging with a mouse
 * or a finger (pointer events): onto another card to move it there, onto the discard pile to
 * discard it, onto a meld to lay it off, onto the melds' area to meld it with the raised cards.
 * A tap without a drag raises or lowers the card. */
import { $, h, clear } from '../dom.js';
import { cardFace, cardSpeech, parseCard, RANKS, SUITS } from '../cards.js';
import { _ } from '../i18n.js';

const DRAG_PX = 8; // a pointer that moves less than this is a tap

const rankOf = (c) => RANKS.indexOf(parseCard(c).rank);
const suitOf = (c) => SUITS.indexOf(parseCard(c).suit);
export const SORTS = {
  suit: { label: _('by suit'), cmp: (a, b) => suitOf(a) - suitOf(b) || rankOf(a) - rankOf(b) },
  rank: { label: _('by rank'), cmp: (a, b) => rankOf(a) - rankOf(b) || suitOf(a) - suitOf(b) },
};

/** The order to show `cards` in: the saved order first, new cards at the end, then the sort. */
export function ordered(cards, game) {
  const kept = (game.order || []).filter((c) => cards.includes(c));
  let order = kept.concat(cards.filter((c) => !kept.includes(c)));
  if (game.sort && SORTS[game.sort]) order = order.slice().sort(SORTS[game.sort].cmp);
  return order;
}

/**
 * Draws the hand. ctx: {game (order, sort, drawn), cards, raised (a Set), enabled,
 * onToggle(code), onReorder(code, before), onDrop(code, target)} where target is
 * {discard: true} | {meld: id} | {melds: true}.
 */
export function renderHand(ctx) {
  const list = $('hand');
  const order = ordered(ctx.cards, ctx.game);
  ctx.game.order = order;
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.card : null;
  clear(list);
  order.forEach((code) => {
    const drawn = ctx.game.drawn === code;
    const btn = cardFace(code, {
      tag: 'button', size: 'hand', extra: `hand-card${drawn ? ' drawn' : ''}`,
      label: `${cardSpeech(code)}${drawn ? ', just drawn' : ''}`,
      attrs: { type: 'button', id: `card-${code}`, 'aria-pressed': ctx.raised.has(code) ? 'true' : 'false', 'data-card': code },
    });
    if (drawn) btn.appendChild(h('span', { class: 'new-mark', 'aria-hidden': 'true', text: 'new' }));
    btn.addEventListener('pointerdown', (e) => startDrag(e, code, ctx));
    btn.addEventListener('click', (e) => { if (btn.dataset.dragged) { delete btn.dataset.dragged; e.preventDefault(); return; } ctx.onToggle(code); });
    list.appendChild(h('li', null, btn));
  });
  $('hand-title').textContent = _('Your hand ({n})', { n: order.length });
  $('sort-now').textContent = ctx.game.sort ? _('Sorted {how}', { how: SORTS[ctx.game.sort].label }) : _('Your order');
  if (focused && $(`card-${focused}`)) $(`card-${focused}`).focus();
}

/* ---------------------------------------------------------------- dragging */

function startDrag(e, code, ctx) {
  if (e.button !== 0 && e.pointerType === 'mouse') return;
  const btn = e.currentTarget;
  const x0 = e.clientX;
  const y0 = e.clientY;
  let ghost = null;
  let over = null;
  const move = (ev) => {
    if (!ghost && Math.hypot(ev.clientX - x0, ev.clientY - y0) < DRAG_PX) return;
    if (!ghost) {
      ghost = btn.cloneNode(true);
      ghost.removeAttribute('id');
      ghost.setAttribute('aria-hidden', 'true');
      ghost.classList.add('ghost');
      document.body.appendChild(ghost);
      btn.classList.add('dragging');
    }
    ev.preventDefault();
    ghost.style.left = `${ev.clientX - 22}px`;
    ghost.style.top = `${ev.clientY - 30}px`;
    const target = dropTarget(ev.clientX, ev.clientY, code);
    if (over) over.classList.remove('drop-over');
    over = target && target.el;
    if (over) over.classList.add('drop-over');
  };
  const up = (ev) => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('pointercancel', up);
    if (over) over.classList.remove('drop-over');
    if (!ghost) return;
    ghost.remove();
    btn.classList.remove('dragging');
    btn.dataset.dragged = '1'; // the click that follows is not a tap
    window.setTimeout(() => { delete btn.dataset.dragged; }, 0);
    if (ev.type === 'pointercancel') return;
    const target = dropTarget(ev.clientX, ev.clientY, code);
    if (!target) return;
    if (target.card) ctx.onReorder(code, target.card);
    else if (ctx.enabled) ctx.onDrop(code, target);
  };
  window.addEventListener('pointermove', move, { passive: false });
  window.addEventListener('pointerup', up);
  window.addEventListener('pointercancel', up);
}

/** What lies under the point: another card of the hand, the discard pile, a meld, the melds. */
function dropTarget(x, y, code) {
  const el = document.elementFromPoint(x, y);
  if (!el) return null;
  const card = el.closest('.hand-card');
  if (card && card.dataset.card !== code) return { el: card, card: card.dataset.card };
  if (card) return null;
  if (el.closest('#discard')) return { el: $('discard'), discard: true };
  const meld = el.closest('.meld');
  if (meld) return { el: meld, meld: meld.dataset.meld };
  if (el.closest('#melds-box')) return { el: $('melds-box'), melds: true };
  return null;
}
