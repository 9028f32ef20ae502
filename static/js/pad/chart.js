/* The scorepad's chart: each player's running total, hand by hand, with the target. */
import { $, h, svg, clear } from '../dom.js';
import { store, rulesOf } from './state.js';

// ---------------------------------------------------------------- chart

export function renderChart(r) {
  var box = $('chart');
  var legend = $('chart-legend');
  clear(box);
  clear(legend);
  var players = store.pad.players;
  if (!r.hands.length) {
    box.appendChild(h('p', { class: 'muted', text: 'The chart fills in after the first hand.' }));
    return;
  }
  var W = 320, H = 190, left = 36, right = 10, top = 18, bottom = 24;
  var target = r.to_target ? rulesOf().target_score : null;
  var max = target || 0;
  r.hands.forEach(function (hand) {
    players.forEach(function (p) { if (hand.totals[p] > max) max = hand.totals[p]; });
  });
  if (max <= 0) max = 10;
  var step = niceStep(max / 4);
  var top_ = Math.ceil(max / step) * step;
  var n = r.hands.length;
  function x(i) { return left + (W - left - right) * (n ? i / n : 0); }
  function y(v) { return top + (H - top - bottom) * (1 - v / top_); }
  var label = 'Totals after each hand. ' + players.map(function (p) { return p + ' ' + r.totals[p]; }).join(', ') + '.';
  var chart = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, class: 'chart', role: 'img', 'aria-label': label });
  for (var v = 0; v <= top_; v += step) {
    chart.appendChild(svg('line', { x1: left, x2: W - right, y1: y(v), y2: y(v), class: 'grid' }));
    chart.appendChild(svg('text', { x: left - 4, y: y(v) + 4, class: 'axis', 'text-anchor': 'end' }, String(v)));
  }
  var every = Math.max(1, Math.ceil(n / 8));
  for (var i = 0; i <= n; i += every) {
    chart.appendChild(svg('text', { x: x(i), y: H - 6, class: 'axis', 'text-anchor': 'middle' }, String(i)));
  }
  if (target) {
    chart.appendChild(svg('line', { x1: left, x2: W - right, y1: y(target), y2: y(target), class: 'target' }));
    chart.appendChild(svg('text', { x: left + 4, y: y(target) - 4, class: 'axis target-label', 'text-anchor': 'start' }, 'target ' + target));
  }
  // Players level with each other (all at 0 early on) would draw one line over another: each
  // line sits a few pixels off the true value, by seat, and carries its own marker shape.
  var spread = 3;
  players.forEach(function (p, pi) {
    var dy = (pi - (players.length - 1) / 2) * spread;
    var pts = [[x(0), y(0) + dy]];
    r.hands.forEach(function (hand, hi) { pts.push([x(hi + 1), y(hand.totals[p]) + dy]); });
    chart.appendChild(svg('polyline', { points: pts.map(function (q) { return q[0] + ',' + q[1]; }).join(' '), class: 'series series-' + pi }));
    pts.slice(1).forEach(function (q) {
      chart.appendChild(svg('path', { d: markerPath(pi, q[0], q[1], 3.5), class: 'dot series-' + pi }));
    });
    legend.appendChild(h('li', null, [
      svg('svg', { viewBox: '0 0 24 10', class: 'swatch', 'aria-hidden': 'true' }, [
        svg('line', { x1: 0, x2: 24, y1: 5, y2: 5, class: 'series series-' + pi }),
        svg('path', { d: markerPath(pi, 12, 5, 3.5), class: 'dot series-' + pi })
      ]),
      h('span', { text: p + ' ' + r.totals[p] })
    ]));
  });
  box.appendChild(chart);
}

/* An SVG path of marker shape k (circle, square, triangle, diamond, triangle down, cross) of
 * radius r at (cx, cy). */
export function markerPath(k, cx, cy, r) {
  var shapes = [
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
  var pow = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1))));
  var m = raw / pow;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * pow;
}
