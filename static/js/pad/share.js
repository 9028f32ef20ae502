/* Sharing the scorepad's results (text, CSV, the share sheet) and starting a new game. */
import { $, h, show, announce, clearErrorsIn } from '../dom.js';
import { store, ui, defaultSetup, save, showNotice, showGeneralError, rulesLine } from './state.js';
import { render } from './view.js';

// ---------------------------------------------------------------- sharing and export

export function resultsText() {
  var r = store.result;
  var lines = ['Rummy scorepad \u2014 ' + rulesLine()];
  if (r.game_over && r.winner) lines.push(r.winner + ' wins with ' + r.totals[r.winner] + ' points.');
  else lines.push('After ' + r.hands.length + (r.hands.length === 1 ? ' hand' : ' hands') + (r.next_dealer ? ' (next dealer: ' + r.next_dealer + ')' : '') + ':');
  (r.standings || []).forEach(function (s, i) {
    lines.push((s.rank || i + 1) + '. ' + s.player + ' ' + s.total);
  });
  if (r.hands.length) {
    lines.push('');
    lines.push('Hands:');
    r.hands.forEach(function (hand, k) {
      var text = (hand.number || k + 1) + '. dealer ' + hand.dealer + ': ';
      if (hand.draw) text += 'drawn hand';
      else {
        text += hand.winner + (hand.rummy ? ' went rummy' : ' went out') + ', +' + hand.points;
        var left = Object.keys(hand.remaining || {}).map(function (p) { return p + ' ' + hand.remaining[p]; }).join(', ');
        if (left) text += ' (' + left + ')';
      }
      lines.push(text);
    });
  }
  return lines.join('\n');
}

export function csvCell(v) {
  var s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = "'" + s; // keep spreadsheets from running a name as a formula
  return /[",\n\r]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

/* One row per hand; for each player the points scored in that hand, the points held when
 * someone else went out (blank for the winner and in a drawn hand), and the running total. */
export function resultsCsv() {
  var r = store.result;
  var players = store.pad.players;
  var head = ['hand', 'dealer', 'went out', 'rummy', 'drawn', 'points'];
  players.forEach(function (p) { head.push(p + ' scored', p + ' held', p + ' total'); });
  var rows = [head];
  r.hands.forEach(function (hand, k) {
    var row = [hand.number || k + 1, hand.dealer, hand.winner || '', hand.rummy ? 'yes' : 'no', hand.draw ? 'yes' : 'no', hand.points];
    players.forEach(function (p) {
      var held = hand.remaining && p in hand.remaining ? hand.remaining[p] : '';
      row.push(hand.winner === p ? hand.points : 0, held, hand.totals[p]);
    });
    rows.push(row);
  });
  return rows.map(function (row) { return row.map(csvCell).join(','); }).join('\r\n') + '\r\n';
}

export function copyText() {
  var text = resultsText();
  // Said beside the button tapped (not in the notice at the page's top, off-screen from here).
  var done = function () { shareSaid('Results copied: paste them into a message.'); };
  var fallback = function () {
    var area = $('share-text');
    area.value = text;
    show(area, true);
    show($('share-text-label'), true);
    area.focus();
    area.select();
    var ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    if (ok) done();
    else shareSaid('Select the text below and copy it.');
  };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text).then(done, fallback);
  } else {
    fallback();
  }
}

export function downloadCsv() {
  var blob = new Blob(['\ufeff' + resultsCsv()], { type: 'text/csv;charset=utf-8' });
  var url = URL.createObjectURL(blob);
  var a = h('a', { href: url, download: 'rummy-scores-' + new Date().toISOString().slice(0, 10) + '.csv', class: 'sr-only' });
  document.body.appendChild(a);
  a.click();
  window.setTimeout(function () { URL.revokeObjectURL(url); a.remove(); }, 1000);
  announce('CSV file downloaded.');
}

export function shareResults() {
  navigator.share({ title: 'Rummy scores', text: resultsText() }).catch(function () { /* cancelled */ });
}

// ---------------------------------------------------------------- new game

export function openNewGame() {
  var pad = store.pad;
  var s = defaultSetup();
  if (pad) {
    s.names = pad.players.slice();
    s.preset = (pad.rules && pad.rules.preset) || 'standard';
    if (pad.rules && pad.rules.deals) { s.length = 'deals'; s.deals = String(pad.rules.deals); }
    if (pad.rules && pad.rules.target_score) s.target = pad.rules.target_score;
    s.firstDealer = Math.max(0, pad.players.indexOf(pad.first_dealer));
  }
  store.setup = s;
  ui.settingUp = true;
  save();
  showNotice(null);
  showGeneralError(null);
  clearErrorsIn($('setup-form'));
  render();
  $('setup-title').setAttribute('tabindex', '-1');
  $('setup-title').focus();
}

/* What became of "Copy results as text", in the share card itself (a live region). */
function shareSaid(text) {
  $('share-said').textContent = text;
  show($('share-said'), true);
}
