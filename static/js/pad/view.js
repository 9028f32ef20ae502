/* Drawing the scorepad from the page's state, `app` (submit.js): the setup or the game (totals,
 * standings, whose deal, the hand being entered, the chart, the hands so far). */
import { $, h, clear, show } from '../dom.js';
import { rulesOf, rulesLine } from './state.js';
import { renderSetup } from './setup.js';
import { renderEntry } from './entry.js';
import { renderHistory } from './history.js';
import { renderChart } from './chart.js';
import { openNewGame } from './share.js';
import { _, ngettext, number } from '../i18n.js';

export function render(app) {
  const inGame = !!app.store.pad && !app.ui.settingUp;
  show($('setup'), !inGame);
  show($('game'), inGame);
  if (inGame) renderGame(app);
  else renderSetup(app);
}

function renderGame(app) {
  const r = app.store.result;
  if (!r) {
    // A saved game whose first answer has not arrived yet.
    $('game-rules').textContent = rulesLine(app.store, app.rules);
    clear($('standings').tBodies[0]);
    $('next-dealer').textContent = _('Waiting for the Rummy Referee…');
    clear($('hand-form'));
    return;
  }
  renderSummary(app, r);
  renderEntry(app, r, () => openNewGame(app));
  renderChart(r, app.store.pad.players, r.to_target ? rulesOf(app.store).target_score : null);
  renderHistory(app, r);
  $('share-results').hidden = typeof navigator.share !== 'function';
}

function renderSummary(app, r) {
  $('game-rules').textContent = rulesLine(app.store, app.rules);
  // Scored on this phone: said plainly, with what still needs the service.
  show($('offline-note'), Boolean(app.store.offline));
  const banner = $('winner-banner');
  if (r.game_over && r.winner) {
    banner.textContent = _('{name} wins with {points} points!', { name: r.winner, points: r.totals[r.winner] });
    show(banner, true);
  } else {
    show(banner, false);
  }
  const showTarget = !!r.to_target;
  show($('to-target-head'), showTarget);
  const body = $('standings').tBodies[0];
  clear(body);
  (r.standings || []).forEach((s, i) => {
    let toTarget = null;
    if (showTarget) {
      const left = r.to_target[s.player];
      toTarget = h('td', { class: 'num', text: typeof left === 'number' && left <= 0 ? _('reached') : number(left) });
    }
    body.appendChild(h('tr', { class: r.winner === s.player ? 'is-winner' : null }, [
      h('td', { text: String(s.rank || i + 1) }),
      h('th', { scope: 'row', text: s.player }),
      h('td', { class: 'num total', text: number(s.total) }),
      toTarget,
    ]));
  });
  const next = $('next-dealer');
  if (r.game_over) next.textContent = ngettext('Game over after {n} hand.', 'Game over after {n} hands.', r.hands.length);
  else if (r.next_dealer) next.textContent = _('Next dealer: {name}', { name: r.next_dealer });
  else next.textContent = '';
  $('undo-last').disabled = !r.hands.length;
  $('undo-last').setAttribute('data-submits', '');
}
