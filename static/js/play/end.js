/* The end of a hand on the play page: who went out, every player's hand as it was left and its
 * points, going rummy, the totals; at the end of the game its winner and a rematch; and, when the
 * service reveals how the hand was dealt (result.fairness), "Check this deal" (./fairness.js). */
import { $, h, clear, show } from '../dom.js';
import { cardFace } from '../cards.js';
import { resetCheck } from './fairness.js';

// R15's multiplier as the answer gives it (the rules set it) in words: 2 is 'double', else ×n.
const times = (m) => (m === 2 ? 'double' : `×${m}`);
const timesDone = (m) => (m === 2 ? 'doubled' : `×${m}`);

/** ctx: {who(id) ("You" for the player), isMe(id), busy}. */
export function renderEnd(view, game, ctx) {
  const { who, isMe } = ctx;
  const r = view.result;
  const out = r.outcome === 'out';
  const s = view.scores;
  $('end-title').textContent = out ? `${who(r.winner)} went out` : 'The hand is a draw';
  $('end-rummy').textContent = !out ? 'Nobody scores for a drawn hand.'
    : r.rummy ? (r.multiplier > 1 ? `Going rummy: every card left counts ${times(r.multiplier)}.` : 'Going rummy, but these rules give it no bonus.')
      : 'Not rummy: the cards left count once.';
  const hands = $('end-hands');
  clear(hands);
  hands.appendChild(h('caption', { class: 'sr-only', text: 'Every hand as it was left' }));
  hands.appendChild(h('thead', null, h('tr', null, ['Player', 'Cards left', 'Points'].map((t, i) => h('th', { scope: 'col', class: i === 2 ? 'num' : null, text: t })))));
  hands.appendChild(h('tbody', null, view.players.map((p) => {
    const left = (r.remaining_cards || {})[p.id] || [];
    const wentOut = out && p.id === r.winner;
    return h('tr', { id: `left-${p.id}`, class: wentOut ? 'is-winner' : null }, [
      h('th', { scope: 'row', text: who(p.id) }),
      h('td', null, wentOut ? h('span', { text: 'went out' }) : h('span', { class: 'meld-cards' }, left.map((c) => cardFace(c, { size: 'small' })))),
      h('td', { class: 'num', text: wentOut ? `+${r.points}` : out ? String(r.remaining[p.id]) : '0' }),
    ]);
  })));
  $('end-points').textContent = out
    ? `${who(r.winner)} ${isMe(r.winner) ? 'score' : 'scores'} ${r.points} points${r.multiplier > 1 ? ` (${timesDone(r.multiplier)})` : ''}` : 'No points this hand';
  renderScores($('end-totals'), view, game);
  const winner = $('end-winner');
  show(winner, Boolean(s.game_over));
  if (s.game_over) {
    winner.textContent = isMe(s.winner) ? `You won the game with ${s.totals[s.winner]} points!` : `${s.winner} won the game with ${s.totals[s.winner]} points.`;
    $('end-next').textContent = 'The game is over: a rematch deals a new game with the same opponents and rules.';
  } else {
    $('end-next').textContent = `${who(s.next_dealer)} ${isMe(s.next_dealer) ? 'deal' : 'deals'} the next hand.`;
  }
  show($('next-hand'), !s.game_over);
  show($('rematch'), Boolean(s.game_over));
  $('next-hand').disabled = ctx.busy;
  $('rematch').disabled = ctx.busy;
  resetCheck(r.fairness, view.hand);
}

/** The game's totals as the referee keeps them (view.scores). */
export function renderScores(table, v, g) {
  clear(table);
  const s = v.scores;
  const target = v.rules.deals ? `after ${v.rules.deals} deals` : `to ${v.rules.target_score}`;
  table.appendChild(h('caption', { class: 'muted', text: `Hand ${v.hand}, playing ${target}` }));
  table.appendChild(h('thead', null, h('tr', null, [h('th', { scope: 'col', text: 'Player' }), h('th', { scope: 'col', class: 'num', text: 'Total' })])));
  table.appendChild(h('tbody', null, s.standings.map((st) => h('tr', { class: s.winner === st.player ? 'is-winner' : null }, [
    h('th', { scope: 'row', text: st.player === g.me ? `${st.player} (you)` : st.player }),
    h('td', { class: 'num total', text: String(st.total) }),
  ]))));
}
