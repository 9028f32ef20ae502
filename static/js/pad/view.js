/* Drawing the scorepad: the setup or the game (totals, standings, whose deal). */
import { $, h, clear, show } from '../dom.js';
import { store, ui, rulesLine } from './state.js';
import { renderSetup } from './setup.js';
import { renderEntry } from './entry.js';
import { renderHistory } from './history.js';
import { renderChart } from './chart.js';

// ---------------------------------------------------------------- rendering: top level

export function render() {
  var inGame = !!store.pad && !ui.settingUp;
  show($('setup'), !inGame);
  show($('game'), inGame);
  if (inGame) renderGame();
  else renderSetup();
}

// ---------------------------------------------------------------- the game

export function dealerLine() {
  var r = store.result;
  if (!r) return '';
  return r.next_dealer ? 'Next dealer: ' + r.next_dealer + '.' : '';
}

export function renderGame() {
  var r = store.result;
  if (!r) {
    // A saved game whose first answer has not arrived yet.
    $('game-rules').textContent = rulesLine();
    clear($('standings').tBodies[0]);
    $('next-dealer').textContent = 'Waiting for the Rummy Referee\u2026';
    clear($('hand-form'));
    return;
  }
  renderSummary(r);
  renderEntry(r);
  renderChart(r);
  renderHistory(r);
  $('share-results').hidden = typeof navigator.share !== 'function';
}

export function renderSummary(r) {
  $('game-rules').textContent = rulesLine();
  // Scored on this phone: said plainly, with what still needs the service.
  show($('offline-note'), Boolean(store.offline));
  var banner = $('winner-banner');
  if (r.game_over && r.winner) {
    banner.textContent = r.winner + ' wins with ' + r.totals[r.winner] + ' points!';
    show(banner, true);
  } else {
    show(banner, false);
  }
  var showTarget = !!r.to_target;
  show($('to-target-head'), showTarget);
  var body = $('standings').tBodies[0];
  clear(body);
  (r.standings || []).forEach(function (s, i) {
    var toTarget = null;
    if (showTarget) {
      var left = r.to_target[s.player];
      toTarget = h('td', { class: 'num', text: typeof left === 'number' && left <= 0 ? 'reached' : String(left) });
    }
    body.appendChild(h('tr', { class: r.winner === s.player ? 'is-winner' : null }, [
      h('td', { text: String(s.rank || i + 1) }),
      h('th', { scope: 'row', text: s.player }),
      h('td', { class: 'num total', text: String(s.total) }),
      toTarget
    ]));
  });
  var next = $('next-dealer');
  if (r.game_over) next.textContent = 'Game over after ' + r.hands.length + (r.hands.length === 1 ? ' hand.' : ' hands.');
  else if (r.next_dealer) next.textContent = 'Next dealer: ' + r.next_dealer;
  else next.textContent = '';
  $('undo-last').disabled = !r.hands.length;
  $('undo-last').setAttribute('data-submits', '');
}
