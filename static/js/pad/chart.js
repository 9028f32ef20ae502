/* The scorepad's chart: each player's running total, hand by hand, with the target. */
import { $, h, svg, clear } from '../dom.js';
import { _, number } from '../i18n.js';

/** Draws the chart of answer `r` for `players` (in seat order), with the line of `target` (the
 * target score, or null in a game of so many deals). */
export function renderChart(r, players, target) {
  const box = $('chart');
  const legend = $('chart-legend');
  clear(box);
  clear(legend);
  if (!r.hands.length) {
    box.appendChild(h('p', { class: 'muted', text: _('The chart fills in after the first hand.') }));
    return;
  }
  const W = 320;
  const H = 190;
  const left = 36;
  const right = 10;
  const top = 18;
  const bottom = 24;
  let max = target || 0;
  r.hands.forEach((hand) => {
    players.forEach((p) => { if (hand.totals[p] > max) max = hand.totals[p]; });
  });
  if (max <= 0) max = 10;
  const step = niceStep(max / 4);
  const top_ = Math.ceil(max / step) * step;
  const n = r.hands.length;
  const x = (i) => left + (W - left - right) * (n ? i / n : 0);
  const y = (v) => top + (H - top - bottom) * (1 - v / top_);
  const label = _('Totals after each hand: {list}.', { list: players.map((p) => `${p} ${number(r.totals[p])}`).join(', ') });
  const chart = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, class: 'chart', role: 'img', 'aria-label': label });
  for (let v = 0; v <= top_; v += step) {
    chart.appendChild(svg('line', { x1: left, x2: W - right, y1: y(v), y2: y(v), class: 'grid' }));
    chart.appendChild(svg('text', { x: left - 4, y: y(v) + 4, class: 'axis', 'text-anchor': 'end' }, String(v)));
  }
  const every = Math.max(1, Math.ceil(n / 8));
  for (let i = 0; i <= n; i += every) {
    chart.appendChild(svg('text', { x: x(i), y: H - 6, class: 'axis', 'text-anchor': 'middle' }, String(i)));
  }
  if (target) {
    chart.appendChild(svg('line', { x1: left, x2: W - right, y1: y(target), y2: y(target), class: 'target' }));
    chart.appendChild(svg('text', { x: left + 4, y: y(target) - 4, class: 'axis target-label', 'text-anchor': 'start' }, _('target {n}', { n: target })));
  }
  // Players level with each other (all at 0 early on) would draw one line over another: each
  // line sits a few pixels off the true value, by seat, and carries its own marker shape.
  const spread = 3;
  players.forEach((p, pi) => {
    const dy = (pi - (players.length - 1) / 2) * spread;
    const pts = [[x(0), y(0) + dy]];
    r.hands.forEach((hand, hi) => { pts.push([x(hi + 1), y(hand.totals[p]) + dy]); });
    chart.appendChild(svg('polyline', { points: pts.map((q) => `${q[0]},${q[1]}`).join(' '), class: `series series-${pi}` }));
    pts.slice(1).forEach((q) => {
      chart.appendChild(svg('path', { d: markerPath(pi, q[0], q[1], 3.5), class: 'dot series-' + pi }));
    });
    legend.appendChild(h('li', null, [
      svg('svg', { viewBox: '0 0 24 10', class: 'swatch', 'aria-hidden': 'true' }, [
        svg('line', { x1: 0, x2: 24, y1: 5, y2: 5, class: 'series series-' + pi }),
        svg('path', { d: markerPath(pi, 12, 5, 3.5), class: 'dot series-' + pi })
      ]),
      h('span', { text: p + ' ' + number(r.totals[p]) })
    ]));
  });
  box.appendChild(chart);
}

/* An SVG path of marker shape k (circle, square, triangle, diamond, triangle down, cross) of
 * radius r at (cx, cy). */
export function markerPath(k, cx, cy, r) {
  const shapes = [
    'M' + (cx - r) + ',' + cy + 'a' + r + ',' + r + ' 0 1,0 ' + 2 * r + ',0a' + r + ',' + r + ' 0 1,0 ' + -2 * r + ',0Z',
    'M' + (cx - r) + ',' + (cy - r) + 'h' + 2 * r + 'v' + 2 * r + 'h' + -2 * r + 'Z',
    'M' + cx + ',' + (cy - r - 1) + 'L' + (cx + r + 1) + ',' + (cy + r) + 'L' + (cx - r - 1) + ',' + (cy + r) + 'Z',
    'M' + cx + ',' + (cy - r - 1) + 'L' + (cx + r + 1) + ',' + cy + 'L' + cx + ',' + (cy + r + 1) + 'L' + (cx - r - 1) + ',' + cy + 'Z',
    'M' + cx + ',' + (cy + r + 1) + 'L' + (cx + r + 1) + ',' + (cy - r) + 'L' + (cx - r - 1) + ',' + (cy - r) + 'Z',
    'M' + (cx - r) + ',' + (cy - r) + 'L' + (cx + r) + ',' + (cy + r) + 'M' + (cx + r) + ',' + (cy - r) + 'L' + (cx - r) + ',' + (cy + r)
  ];
  return shapes[k % shapes.length];
}

export function niceStep(raw) {
  const pow = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  const m = raw / pow;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * pow;
}
