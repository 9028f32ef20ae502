/* Sharing the scorepad's results (text, CSV, the share sheet) and starting a new game. Each
 * function takes the page's state, `app` (submit.js). */
import { $, h, show, announce, clearErrorsIn } from '../dom.js';
import { defaultSetup, rulesLine } from './state.js';
import { showNotice, showGeneralError } from './notes.js';
import { saveGame } from './submit.js';
import { _, ngettext } from '../i18n.js';

// ---------------------------------------------------------------- sharing and export

export function resultsText(app) {
  const r = app.store.result;
  const lines = [`${_('Rummy scorepad')} \u2014 ${rulesLine(app.store, app.rules)}`];
  if (r.game_over && r.winner) lines.push(_('{name} wins with {points} points.', { name: r.winner, points: r.totals[r.winner] }));
  else if (r.next_dealer) lines.push(ngettext('After {n} hand (next dealer: {name}):', 'After {n} hands (next dealer: {name}):', r.hands.length, { name: r.next_dealer }));
  else lines.push(ngettext('After {n} hand:', 'After {n} hands:', r.hands.length));
  (r.standings || []).forEach((s, i) => {
    lines.push(`${s.rank || i + 1}. ${s.player} ${s.total}`);
  });
  if (r.hands.length) {
    lines.push('');
    lines.push(_('Hands:'));
    r.hands.forEach((hand, k) => {
      let text = `${hand.number || k + 1}. ${_('dealer {name}:', { name: hand.dealer })} `;
      if (hand.draw) text += _('drawn hand');
      else {
        const said = { name: hand.winner, points: hand.points };
        text += hand.rummy ? _('{name} went rummy, +{points}', said) : _('{name} went out, +{points}', said);
        const left = Object.keys(hand.remaining || {}).map((p) => `${p} ${hand.remaining[p]}`).join(', ');
        if (left) text += ` (${left})`;
      }
      lines.push(text);
    });
  }
  return lines.join('\n');
}

export function csvCell(v) {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`; // keep spreadsheets from running a name as a formula
  // a cell holding a quote, a comma or a line break is quoted, its quotes doubled (RFC 4180)
  return /[\u0022,\n\r]/.test(s) ? `"${s.split('"').join('""')}"` : s;
}

/* One row per hand; for each player the points scored in that hand, the points held when
 * someone else went out (blank for the winner and in a drawn hand), and the running total. */
export function resultsCsv(app) {
  const r = app.store.result;
  const { players } = app.store.pad;
  const head = ['hand', 'dealer', 'went out', 'rummy', 'drawn', 'points'];
  players.forEach((p) => { head.push(`${p} scored`, `${p} held`, `${p} total`); });
  const rows = [head];
  r.hands.forEach((hand, k) => {
    const row = [hand.number || k + 1, hand.dealer, hand.winner || '', hand.rummy ? 'yes' : 'no', hand.draw ? 'yes' : 'no', hand.points];
    players.forEach((p) => {
      const held = hand.remaining && p in hand.remaining ? hand.remaining[p] : '';
      row.push(hand.winner === p ? hand.points : 0, held, hand.totals[p]);
    });
    rows.push(row);
  });
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function copyText(app) {
  const text = resultsText(app);
  // Said beside the button tapped (not in the notice at the page's top, off-screen from here).
  const done = () => { shareSaid(_('Results copied: paste them into a message.')); };
  const fallback = () => {
    const area = $('share-text');
    area.value = text;
    show(area, true);
    show($('share-text-label'), true);
    area.focus();
    area.select();
    let ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    if (ok) done();
    else shareSaid(_('Select the text below and copy it.'));
  };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text).then(done, fallback);
  } else {
    fallback();
  }
}

export function downloadCsv(app) {
  const blob = new Blob([`\ufeff${resultsCsv(app)}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: `rummy-scores-${new Date().toISOString().slice(0, 10)}.csv`, class: 'sr-only' });
  document.body.appendChild(a);
  a.click();
  window.setTimeout(() => { URL.revokeObjectURL(url); a.remove(); }, 1000);
  announce(_('CSV file downloaded.'));
}

export function shareResults(app) {
  navigator.share({ title: _('Rummy scores'), text: resultsText(app) }).catch(() => { /* cancelled */ });
}

// ---------------------------------------------------------------- new game

export function openNewGame(app) {
  const { pad } = app.store;
  const s = defaultSetup();
  if (pad) {
    s.names = pad.players.slice();
    s.preset = (pad.rules && pad.rules.preset) || 'standard';
    if (pad.rules && pad.rules.deals) { s.length = 'deals'; s.deals = String(pad.rules.deals); }
    if (pad.rules && pad.rules.target_score) s.target = pad.rules.target_score;
    s.firstDealer = Math.max(0, pad.players.indexOf(pad.first_dealer));
  }
  app.store.setup = s;
  app.ui.settingUp = true;
  saveGame(app);
  showNotice(null);
  showGeneralError(null);
  clearErrorsIn($('setup-form'));
  app.render();
  $('setup-title').setAttribute('tabindex', '-1');
  $('setup-title').focus();
}

/* What became of "Copy results as text", in the share card itself (a live region). */
function shareSaid(text) {
  $('share-said').textContent = text;
  show($('share-said'), true);
}
