/* The end of a hand on the play page: who went out, every player's hand as it was left and its
 * points, going rummy, the totals; at the end of the game its winner and a rematch; and, when the
 * service reveals how the hand was dealt (result.fairness), "Check this deal" (./fairness.js). */
import { $, h, clear, show } from '../dom.js';
import { cardFace } from '../cards.js';
import { resetCheck } from './fairness.js';
import { _ } from '../i18n.js';

// R15's multiplier as the answer gives it (the rules set it) in words: 2 is 'double', else ×n.

/** ctx: {who(id) ("You" for the player), isMe(id), busy}. */
export function renderEnd(view, game, ctx) {
  const { who, isMe } = ctx;
  const r = view.result;
  const out = r.outcome === 'out';
  const s = view.scores;
  $('end-title').textContent = out ? (isMe(r.winner) ? _('You went out') : _('{name} went out', { name: r.winner })) : _('The hand is a draw');
  let rummy = _('Not rummy: the cards left count once.');
  if (!out) rummy = _('Nobody scores for a drawn hand.');
  else if (r.rummy && r.multiplier === 2) rummy = _('Going rummy: every card left counts double.');
  else if (r.rummy && r.multiplier > 1) rummy = _('Going rummy: every card left counts ×{n}.', { n: r.multiplier });
  else if (r.rummy) rummy = _('Going rummy, but these rules give it no bonus.');
  $('end-rummy').textContent = rummy;
  const hands = $('end-hands');
  clear(hands);
  hands.appendChild(h('caption', { class: 'sr-only', text: _('Every hand as it was left') }));
  hands.appendChild(h('thead', null, h('tr', null, [_('Player'), _('Cards left'), _('Points')].map((t, i) => h('th', { scope: 'col', class: i === 2 ? 'num' : null, text: t })))));
  hands.appendChild(h('tbody', null, view.players.map((p) => {
    const left = (r.remaining_cards || {})[p.id] || [];
    const wentOut = out && p.id === r.winner;
    return h('tr', { id: `left-${p.id}`, class: wentOut ? 'is-winner' : null }, [
      h('th', { scope: 'row', text: who(p.id) }),
      h('td', null, wentOut ? h('span', { text: _('went out') }) : h('span', { class: 'meld-cards' }, left.map((c) => cardFace(c, { size: 'small' })))),
      h('td', { class: 'num', text: wentOut ? `+${r.points}` : out ? String(r.remaining[p.id]) : '0' }),
    ]);
  })));
  $('end-points').textContent = out
    ? scored(r, isMe(r.winner)) : _('No points this hand');
  renderScores($('end-totals'), view, game);
  const winner = $('end-winner');
  show(winner, Boolean(s.game_over));
  if (s.game_over) {
    winner.textContent = isMe(s.winner) ? _('You won the game with {points} points!', { points: s.totals[s.winner] }) : _('{name} won the game with {points} points.', { name: s.winner, points: s.totals[s.winner] });
    $('end-next').textContent = _('The game is over: a rematch deals a new game with the same opponents and rules.');
  } else {
    $('end-next').textContent = isMe(s.next_dealer) ? _('You deal the next hand.') : _('{name} deals the next hand.', { name: s.next_dealer });
  }
  show($('next-hand'), !s.game_over);
  show($('rematch'), Boolean(s.game_over));
  $('next-hand').disabled = ctx.busy;
  $('rematch').disabled = ctx.busy;
  resetCheck(r.fairness, view.hand);
}

/* The points of the hand's winner, R15's multiplier said when it doubled them or more. */
function scored(r, me) {
  const said = { name: r.winner, points: r.points, n: r.multiplier };
  if (r.multiplier === 2) return me ? _('You score {points} points (doubled)', said) : _('{name} scores {points} points (doubled)', said);
  if (r.multiplier > 1) return me ? _('You score {points} points (×{n})', said) : _('{name} scores {points} points (×{n})', said);
  return me ? _('You score {points} points', said) : _('{name} scores {points} points', said);
}

/** The game's totals as the referee keeps them (view.scores). */
export function renderScores(table, v, g) {
  clear(table);
  const s = v.scores;
  const caption = v.rules.deals ? _('Hand {n}, playing {deals} deals', { n: v.hand, deals: v.rules.deals }) : _('Hand {n}, playing to {target}', { n: v.hand, target: v.rules.target_score });
  table.appendChild(h('caption', { class: 'muted', text: caption }));
  table.appendChild(h('thead', null, h('tr', null, [h('th', { scope: 'col', text: _('Player') }), h('th', { scope: 'col', class: 'num', text: _('Total') })])));
  table.appendChild(h('tbody', null, s.standings.map((st) => h('tr', { class: s.winner === st.player ? 'is-winner' : null }, [
    h('th', { scope: 'row', text: st.player === g.me ? _('{name} (you)', { name: st.player }) : st.player }),
    h('td', { class: 'num total', text: String(st.total) }),
  ]))));
}
