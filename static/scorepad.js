/* Rummy Referee scorepad: a phone scorepad for games played with a real deck.
 *
 * The page keeps the game (players, rules, the hands as entered) in localStorage and sends the
 * whole pad to POST /v1/scorepad after every change. Every total, dealer, standing and winner
 * shown comes from the API's answer; the page does no score arithmetic. A 422 answer is shown
 * next to the control its JSON Pointer names.
 *
 * No build step, no dependencies, no inline code (the page runs under CSP default-src 'self').
 */
(function () {
  'use strict';

  var STORE_KEY = 'rummy-referee.scorepad.v1';
  var API_URL = '/v1/scorepad';
  var TIMEOUT_MS = 15000;
  var MIN_PLAYERS = 2;
  var MAX_PLAYERS = 6;
  var RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  var RANK_NAMES = { A: 'ace', J: 'jack', Q: 'queen', K: 'king' };
  var SUITS = [
    { code: 'C', symbol: '\u2663', name: 'clubs', red: false },
    { code: 'D', symbol: '\u2666', name: 'diamonds', red: true },
    { code: 'H', symbol: '\u2665', name: 'hearts', red: true },
    { code: 'S', symbol: '\u2660', name: 'spades', red: false }
  ];
  var PRESET_NAMES = { basic: 'Basic rules', standard: 'Standard rules', 'two-restocks': 'Two-restocks rules' };
  var SVG_NS = 'http://www.w3.org/2000/svg';

  // ---------------------------------------------------------------- state and storage

  /* store.pad:       the game as sent to the API {rules, players, first_dealer, hands}
   * store.result:    the API's last 200 answer for store.pad (kept for a weak connection)
   * store.draft:     the next hand being entered
   * store.edit:      a correction of an earlier hand being entered, or null
   * store.setup:     the new-game form
   * store.undone:    the hand last removed with "Undo", so it can be put back */
  var store = emptyStore();
  var ui = { busy: false, settingUp: false, confirmDelete: null, historyErrors: {} };

  function emptyStore() {
    return { pad: null, result: null, draft: newDraft(), edit: null, setup: defaultSetup(), undone: null };
  }

  function defaultSetup() {
    return { names: ['', ''], preset: 'standard', length: 'target', target: 100, deals: '6', firstDealer: 0 };
  }

  function newDraft(index) {
    return { index: index === undefined ? null : index, winner: null, rummy: false, entries: {} };
  }

  function load() {
    var s = emptyStore();
    try {
      var raw = window.localStorage.getItem(STORE_KEY);
      if (raw) {
        var saved = JSON.parse(raw);
        if (saved && typeof saved === 'object') {
          Object.keys(s).forEach(function (k) {
            if (saved[k] !== undefined) s[k] = saved[k];
          });
        }
      }
    } catch (e) {
      /* unreadable storage: start afresh */
    }
    if (!s.draft) s.draft = newDraft();
    if (!s.setup || !Array.isArray(s.setup.names)) s.setup = defaultSetup();
    return s;
  }

  function save() {
    try {
      window.localStorage.setItem(STORE_KEY, JSON.stringify(store));
    } catch (e) {
      showNotice('This browser would not save the game (private mode or storage full); it will be lost on reload.');
    }
  }

  // ---------------------------------------------------------------- small helpers

  function $(id) { return document.getElementById(id); }

  function h(tag, attrs, kids) {
    var el = document.createElement(tag);
    setAttrs(el, attrs);
    appendKids(el, kids);
    return el;
  }

  function svg(tag, attrs, kids) {
    var el = document.createElementNS(SVG_NS, tag);
    setAttrs(el, attrs);
    appendKids(el, kids);
    return el;
  }

  function setAttrs(el, attrs) {
    if (!attrs) return;
    Object.keys(attrs).forEach(function (k) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) return;
      if (k === 'class') el.setAttribute('class', v);
      else if (k === 'text') el.textContent = v;
      else if (k.slice(0, 2) === 'on') el.addEventListener(k.slice(2), v);
      else if (v === true) el.setAttribute(k, '');
      else el.setAttribute(k, String(v));
    });
  }

  function appendKids(el, kids) {
    if (kids === null || kids === undefined || kids === false) return;
    if (!Array.isArray(kids)) kids = [kids];
    kids.forEach(function (k) {
      if (k === null || k === undefined || k === false) return;
      el.appendChild(typeof k === 'string' || typeof k === 'number' ? document.createTextNode(String(k)) : k);
    });
  }

  function clear(el) {
    while (el.firstChild) el.removeChild(el.firstChild);
  }

  function show(el, visible) {
    el.hidden = !visible;
  }

  function announce(text) {
    var el = $('announce');
    el.textContent = '';
    window.setTimeout(function () { el.textContent = text; }, 50);
  }

  function showNotice(text, action) {
    var el = $('notice');
    clear(el);
    if (!text) { show(el, false); return; }
    el.appendChild(h('p', { text: text }));
    if (action) {
      el.appendChild(h('button', { type: 'button', class: 'btn btn-secondary', id: action.id, onclick: action.run, text: action.label }));
    }
    show(el, true);
  }

  function showGeneralError(lines) {
    var el = $('general-error');
    clear(el);
    if (!lines || !lines.length) { show(el, false); return; }
    lines.forEach(function (line) { el.appendChild(h('p', { text: line })); });
    show(el, true);
  }

  function setFieldError(id, lines, control) {
    var el = $(id);
    if (!el) return false;
    clear(el);
    if (lines && lines.length) {
      lines.forEach(function (line) { el.appendChild(h('p', { text: line })); });
      show(el, true);
    } else {
      show(el, false);
    }
    if (control) markInvalid(control, lines && lines.length ? id : null);
    return true;
  }

  function markInvalid(control, errorId) {
    if (errorId) {
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-describedby', errorId);
    } else {
      control.removeAttribute('aria-invalid');
      control.removeAttribute('aria-describedby');
    }
  }

  function clearErrorsIn(root) {
    Array.prototype.forEach.call(root.querySelectorAll('.field-error'), function (el) {
      clear(el);
      el.hidden = true;
    });
    Array.prototype.forEach.call(root.querySelectorAll('[aria-invalid]'), function (el) {
      markInvalid(el, null);
    });
  }

  function decodePointer(pointer) {
    if (typeof pointer !== 'string' || pointer === '') return [];
    return pointer.split('/').slice(1).map(function (s) {
      return s.replace(/~1/g, '/').replace(/~0/g, '~');
    });
  }

  function parseCard(code) {
    var suit = SUITS.filter(function (s) { return s.code === code.slice(-1); })[0];
    return { rank: code.slice(0, -1), suit: suit };
  }

  function cardText(code) {
    var c = parseCard(code);
    return c.rank + (c.suit ? c.suit.symbol : '?');
  }

  function cardSpeech(code) {
    var c = parseCard(code);
    return (RANK_NAMES[c.rank] || c.rank) + ' of ' + (c.suit ? c.suit.name : '?');
  }

  function possessive(name) {
    return name + (/s$/i.test(name) ? '\u2019' : '\u2019s');
  }

  function rulesOf() {
    return (store.result && store.result.rules) || (store.pad && store.pad.rules) || {};
  }

  function rulesLine() {
    var r = rulesOf();
    var preset = PRESET_NAMES[r.preset] || 'Standard rules';
    if (r.deals) return preset + ' \u00b7 ' + r.deals + ' deals';
    return preset + ' \u00b7 first to ' + (r.target_score || 100) + ' points';
  }

  // ---------------------------------------------------------------- the API

  /* Resolves to {ok: true, data} | {ok: false, kind: 'invalid', problem} |
   * {ok: false, kind: 'network' | 'http', message}. Never rejects. */
  function callApi(pad) {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? window.setTimeout(function () { controller.abort(); }, TIMEOUT_MS) : null;
    return window.fetch(API_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, application/problem+json' },
      body: JSON.stringify(pad),
      signal: controller ? controller.signal : undefined,
      cache: 'no-store'
    }).then(function (resp) {
      return resp.text().then(function (text) {
        var body = null;
        try { body = text ? JSON.parse(text) : null; } catch (e) { body = null; }
        if (resp.ok && body && typeof body === 'object') return { ok: true, data: body };
        if (resp.status === 422 && body) return { ok: false, kind: 'invalid', problem: body };
        var why = body && (body.detail || body.title);
        return {
          ok: false, kind: 'http',
          message: 'The Rummy Referee could not score this (HTTP ' + resp.status + (why ? ': ' + why : '') + '). Nothing was changed.'
        };
      });
    }).catch(function () {
      return {
        ok: false, kind: 'network',
        message: 'Could not reach the Rummy Referee (is the connection down?). Nothing was changed and your entry is kept: try again.'
      };
    }).then(function (answer) {
      if (timer) window.clearTimeout(timer);
      return answer;
    });
  }

  function problemErrors(problem) {
    var list = Array.isArray(problem.errors) ? problem.errors.filter(function (e) { return e && e.detail; }) : [];
    if (!list.length) list = [{ pointer: '', detail: problem.detail || problem.title || 'The entry was refused.' }];
    return list;
  }

  function setBusy(busy) {
    ui.busy = busy;
    document.body.classList.toggle('busy', busy);
    Array.prototype.forEach.call(document.querySelectorAll('[data-submits]'), function (b) {
      b.disabled = busy;
    });
  }

  // ---------------------------------------------------------------- rendering: top level

  function render() {
    var inGame = !!store.pad && !ui.settingUp;
    show($('setup'), !inGame);
    show($('game'), inGame);
    if (inGame) renderGame();
    else renderSetup();
  }

  // ---------------------------------------------------------------- setup

  function renderSetup() {
    var s = store.setup;
    var list = $('player-list');
    clear(list);
    s.names.forEach(function (name, i) {
      var input = h('input', {
        id: 'player-' + i, type: 'text', autocomplete: 'off', autocapitalize: 'words', spellcheck: 'false',
        maxlength: 40, enterkeyhint: 'next', value: name,
        oninput: function (e) {
          s.names[i] = e.target.value;
          fillDealerOptions();
          save();
        }
      });
      var remove = s.names.length > MIN_PLAYERS ? h('button', {
        type: 'button', class: 'btn btn-icon', 'aria-label': 'Remove player ' + (i + 1),
        onclick: function () {
          s.names.splice(i, 1);
          if (s.firstDealer >= s.names.length) s.firstDealer = 0;
          save();
          renderSetup();
          $('player-' + Math.min(i, s.names.length - 1)).focus();
        }
      }, h('span', { 'aria-hidden': 'true', text: '\u2715' })) : null;
      list.appendChild(h('li', { class: 'player-row' }, [
        h('label', { for: 'player-' + i, text: 'Player ' + (i + 1) }),
        h('div', { class: 'inline' }, [input, remove]),
        h('div', { id: 'player-' + i + '-error', class: 'field-error', hidden: true })
      ]));
    });
    $('add-player').disabled = s.names.length >= MAX_PLAYERS;

    var target = $('target');
    if (!target.options.length) {
      for (var t = 50; t <= 300; t += 25) target.appendChild(h('option', { value: t, text: t + ' points' }));
    }
    target.value = String(s.target);
    $('preset').value = s.preset;
    $('length-target').checked = s.length !== 'deals';
    $('length-deals').checked = s.length === 'deals';
    $('deals').value = s.deals;
    show($('target-field'), s.length !== 'deals');
    show($('deals-field'), s.length === 'deals');
    fillDealerOptions();
    show($('cancel-setup'), !!store.pad);
    show($('replace-note'), !!store.pad);
  }

  function fillDealerOptions() {
    var s = store.setup;
    var sel = $('first-dealer');
    clear(sel);
    s.names.forEach(function (name, i) {
      sel.appendChild(h('option', { value: i, text: name.trim() || 'Player ' + (i + 1) }));
    });
    sel.value = String(Math.min(s.firstDealer, s.names.length - 1));
  }

  function bindSetup() {
    $('add-player').addEventListener('click', function () {
      var s = store.setup;
      if (s.names.length >= MAX_PLAYERS) return;
      s.names.push('');
      save();
      renderSetup();
      $('player-' + (s.names.length - 1)).focus();
    });
    $('preset').addEventListener('change', function (e) { store.setup.preset = e.target.value; save(); });
    $('target').addEventListener('change', function (e) { store.setup.target = Number(e.target.value); save(); });
    $('deals').addEventListener('input', function (e) { store.setup.deals = e.target.value; save(); });
    $('first-dealer').addEventListener('change', function (e) { store.setup.firstDealer = Number(e.target.value); save(); });
    Array.prototype.forEach.call(document.querySelectorAll('input[name="length"]'), function (r) {
      r.addEventListener('change', function (e) {
        store.setup.length = e.target.value;
        save();
        show($('target-field'), store.setup.length !== 'deals');
        show($('deals-field'), store.setup.length === 'deals');
      });
    });
    $('setup-form').addEventListener('submit', function (e) {
      e.preventDefault();
      startGame();
    });
    $('cancel-setup').addEventListener('click', function () {
      ui.settingUp = false;
      showGeneralError(null);
      render();
      $('entry-title').focus();
    });
    $('start-game').setAttribute('data-submits', '');
  }

  function integerOrRaw(text) {
    var t = String(text).trim();
    return /^-?\d+$/.test(t) ? Number(t) : t;
  }

  function startGame() {
    if (ui.busy) return;
    var s = store.setup;
    var form = $('setup-form');
    clearErrorsIn(form);
    showGeneralError(null);
    var players = s.names.map(function (n) { return n.trim(); });
    var rules = { preset: s.preset };
    if (s.length === 'deals') {
      if (!String(s.deals).trim()) {
        setFieldError('deals-error', ['Enter how many deals to play.'], $('deals'));
        $('deals').focus();
        return;
      }
      rules.deals = integerOrRaw(s.deals);
    } else {
      rules.target_score = Number(s.target);
    }
    var pad = { rules: rules, players: players, first_dealer: players[Math.min(s.firstDealer, players.length - 1)], hands: [] };
    setBusy(true);
    callApi(pad).then(function (answer) {
      setBusy(false);
      if (answer.ok) {
        store.pad = pad;
        store.result = answer.data;
        store.draft = newDraft();
        store.edit = null;
        store.undone = null;
        ui.settingUp = false;
        ui.historyErrors = {};
        save();
        showNotice(null);
        render();
        announce('Game started. ' + pad.players.join(', ') + '. ' + dealerLine());
        $('entry-title').focus();
      } else if (answer.kind === 'invalid') {
        showSetupProblem(answer.problem);
      } else {
        setFieldError('setup-error', [answer.message]);
      }
    });
  }

  function showSetupProblem(problem) {
    var byField = {};
    var firstControl = null;
    function add(errId, control, detail) {
      (byField[errId] = byField[errId] || { control: control, lines: [] }).lines.push(detail);
      if (!firstControl && control) firstControl = control;
    }
    problemErrors(problem).forEach(function (err) {
      var segs = decodePointer(err.pointer);
      if (segs[0] === 'players' && segs.length > 1 && $('player-' + segs[1])) {
        add('player-' + segs[1] + '-error', $('player-' + segs[1]), err.detail);
      } else if (segs[0] === 'players') {
        add('players-error', $('player-0'), err.detail);
      } else if (segs[0] === 'first_dealer') {
        add('first-dealer-error', $('first-dealer'), err.detail);
      } else if (segs[0] === 'rules' && segs[1] === 'target_score') {
        add('target-error', $('target'), err.detail);
      } else if (segs[0] === 'rules' && segs[1] === 'deals') {
        add('deals-error', $('deals'), err.detail);
      } else if (segs[0] === 'rules' && segs[1] === 'preset') {
        add('preset-error', $('preset'), err.detail);
      } else {
        add('setup-error', null, err.detail);
      }
    });
    Object.keys(byField).forEach(function (id) {
      setFieldError(id, byField[id].lines, byField[id].control);
    });
    if (firstControl) firstControl.focus();
    announce('The game could not start: ' + problemErrors(problem).map(function (e) { return e.detail; }).join(' '));
  }

  // ---------------------------------------------------------------- the game

  function dealerLine() {
    var r = store.result;
    if (!r) return '';
    return r.next_dealer ? 'Next dealer: ' + r.next_dealer + '.' : '';
  }

  function renderGame() {
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

  function renderSummary(r) {
    $('game-rules').textContent = rulesLine();
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

  // ---------------------------------------------------------------- entering a hand

  function currentDraft() {
    return store.edit || store.draft;
  }

  function formIndex() {
    var d = currentDraft();
    return d.index === null ? store.pad.hands.length : d.index;
  }

  function opponentsOf(d) {
    return store.pad.players.filter(function (p) { return p !== d.winner; });
  }

  function entryFor(d, player) {
    var e = d.entries[player];
    if (!e) e = d.entries[player] = { mode: 'points', points: '', cards: [], suit: null };
    return e;
  }

  function renderEntry(r) {
    var d = currentDraft();
    var form = $('hand-form');
    clear(form);
    var title = $('entry-title');
    var dealer = $('entry-dealer');
    if (d.index === null && r.game_over) {
      title.textContent = 'Game over';
      dealer.textContent = r.winner ? r.winner + ' won. Correct a hand below, or start a new game.' : '';
      form.appendChild(h('div', { class: 'row-actions' }, [
        h('button', { type: 'button', class: 'btn btn-primary', id: 'rematch', text: 'New game, same players', onclick: openNewGame })
      ]));
      return;
    }
    if (d.index === null) {
      var deals = rulesOf().deals;
      title.textContent = 'Hand ' + (r.hands.length + 1) + (deals ? ' of ' + deals : '');
      dealer.textContent = r.next_dealer ? 'Dealer: ' + r.next_dealer : '';
    } else {
      title.textContent = 'Correct hand ' + (d.index + 1);
      var old = r.hands[d.index];
      dealer.textContent = old ? 'Dealer: ' + old.dealer : '';
    }

    var players = store.pad.players;
    var winnerChoices = players.map(function (p, i) {
      return h('label', { class: 'choice' }, [
        h('input', {
          type: 'radio', name: 'winner', id: 'winner-' + i, value: p, checked: d.winner === p,
          onchange: function () {
            d.winner = p;
            save();
            renderOpponents();
          }
        }),
        h('span', { text: p })
      ]);
    });
    form.appendChild(h('fieldset', { class: 'group', id: 'winner-group' }, [
      h('legend', { text: 'Who went out?' }),
      h('div', { class: 'choices' }, winnerChoices),
      h('div', { id: 'winner-error', class: 'field-error', hidden: true })
    ]));

    var doubles = rulesOf().going_rummy_doubles;
    form.appendChild(h('div', { class: 'check-field' }, [
      h('label', { class: 'check', for: 'rummy' }, [
        h('input', {
          type: 'checkbox', id: 'rummy', checked: d.rummy,
          onchange: function (e) { d.rummy = e.target.checked; save(); }
        }),
        h('span', null, [
          h('strong', { text: 'Going rummy' }),
          h('small', { text: ' went out in one turn, nothing laid down before' + (doubles === true ? ' (points double)' : doubles === false ? ' (no bonus under these rules)' : '') })
        ])
      ]),
      h('div', { id: 'rummy-error', class: 'field-error', hidden: true })
    ]));

    form.appendChild(h('div', { id: 'opponents', class: 'opponents' }));
    form.appendChild(h('div', { id: 'hand-error', class: 'field-error', hidden: true }));
    var editing = d.index !== null;
    form.appendChild(h('div', { class: 'row-actions' }, [
      h('button', { type: 'submit', class: 'btn btn-primary', id: 'save-hand', 'data-submits': true, disabled: ui.busy, text: editing ? 'Save correction' : 'Save hand ' + (r.hands.length + 1) }),
      h('button', { type: 'button', class: 'btn btn-secondary', id: 'drawn-hand', 'data-submits': true, disabled: ui.busy, text: editing ? 'Make it a drawn hand' : 'Drawn hand (nobody scores)', onclick: submitDraw }),
      editing ? h('button', { type: 'button', class: 'btn btn-secondary', id: 'cancel-edit', text: 'Cancel correction', onclick: cancelEdit }) : null
    ]));
    renderOpponents();
  }

  function renderOpponents() {
    var d = currentDraft();
    var box = $('opponents');
    if (!box) return;
    clear(box);
    if (!d.winner) {
      box.appendChild(h('p', { class: 'muted hint', text: 'Choose who went out, then enter what the others still held.' }));
      return;
    }
    opponentsOf(d).forEach(function (p) {
      box.appendChild(renderOpponent(p));
    });
  }

  function playerIndex(p) {
    return store.pad.players.indexOf(p);
  }

  function renderOpponent(p) {
    var d = currentDraft();
    var e = entryFor(d, p);
    var i = playerIndex(p);
    var fs = h('fieldset', { class: 'group opponent', id: 'opp-' + i }, [
      h('legend', { text: possessive(p) + ' cards left' })
    ]);
    var modes = h('div', { class: 'choices choices-2' }, ['points', 'cards'].map(function (m) {
      return h('label', { class: 'choice' }, [
        h('input', {
          type: 'radio', name: 'mode-' + i, id: 'mode-' + i + '-' + m, value: m, checked: e.mode === m,
          onchange: function () {
            e.mode = m;
            save();
            replaceOpponent(p, 'mode-' + i + '-' + m);
          }
        }),
        h('span', { text: m === 'points' ? 'Points' : 'Pick cards' })
      ]);
    }));
    fs.appendChild(modes);
    if (e.mode === 'points') {
      fs.appendChild(h('div', { class: 'field' }, [
        h('label', { for: 'points-' + i, text: possessive(p) + ' points' }),
        h('input', {
          type: 'text', id: 'points-' + i, inputmode: 'numeric', pattern: '[0-9]*', autocomplete: 'off', enterkeyhint: 'done',
          class: 'points', value: e.points,
          oninput: function (ev) { e.points = ev.target.value; save(); }
        })
      ]));
    } else {
      fs.appendChild(renderPicker(p, e, i));
    }
    fs.appendChild(h('div', { id: 'opp-' + i + '-error', class: 'field-error', hidden: true }));
    return fs;
  }

  function replaceOpponent(p, focusId) {
    var i = playerIndex(p);
    var old = $('opp-' + i);
    if (!old) return;
    old.parentNode.replaceChild(renderOpponent(p), old);
    if (focusId && $(focusId)) $(focusId).focus();
  }

  function usedCards(d) {
    var used = {};
    opponentsOf(d).forEach(function (p) {
      var e = d.entries[p];
      if (e && e.mode === 'cards') e.cards.forEach(function (c) { used[c] = p; });
    });
    return used;
  }

  function renderPicker(p, e, i) {
    var d = currentDraft();
    var used = usedCards(d);
    var wrap = h('div', { class: 'picker' });
    var chosenLabelId = 'chosen-' + i + '-label';
    wrap.appendChild(h('p', {
      class: 'chosen-label', id: chosenLabelId,
      text: e.cards.length ? 'Picked (' + e.cards.length + (e.cards.length === 1 ? ' card' : ' cards') + '), tap a card to take it back:' : 'No cards picked yet.'
    }));
    var chosen = h('ul', { class: 'chosen', 'aria-labelledby': chosenLabelId });
    e.cards.forEach(function (code, ci) {
      var c = parseCard(code);
      chosen.appendChild(h('li', null, h('button', {
        type: 'button', id: 'chip-' + i + '-' + ci,
        class: 'card-chip' + (c.suit && c.suit.red ? ' red' : ''),
        'aria-label': 'Remove ' + cardSpeech(code),
        onclick: function () {
          e.cards.splice(ci, 1);
          save();
          var next = e.cards.length ? 'chip-' + i + '-' + Math.min(ci, e.cards.length - 1) : 'suit-' + i + '-' + (e.suit || 'C');
          refreshPickers(next);
        }
      }, [cardText(code), h('span', { class: 'x', 'aria-hidden': 'true', text: ' \u2715' })])));
    });
    wrap.appendChild(chosen);

    var suits = h('fieldset', { class: 'suits' }, [h('legend', { text: 'Suit' })]);
    var suitRow = h('div', { class: 'choices choices-4' });
    SUITS.forEach(function (s) {
      suitRow.appendChild(h('label', { class: 'choice suit' + (s.red ? ' red' : '') }, [
        h('input', {
          type: 'radio', name: 'suit-' + i, id: 'suit-' + i + '-' + s.code, value: s.code, checked: e.suit === s.code,
          'aria-label': s.name,
          onchange: function () {
            e.suit = s.code;
            save();
            refreshPickers('suit-' + i + '-' + s.code);
          }
        }),
        h('span', { 'aria-hidden': 'true', text: s.symbol })
      ]));
    });
    suits.appendChild(suitRow);
    wrap.appendChild(suits);

    var suit = SUITS.filter(function (s) { return s.code === e.suit; })[0];
    var ranks = h('fieldset', { class: 'ranks' }, [
      h('legend', { text: suit ? 'Tap a rank to add it' : 'Choose a suit, then tap ranks' })
    ]);
    var grid = h('div', { class: 'rank-grid' });
    RANKS.forEach(function (rank) {
      var code = suit ? rank + suit.code : null;
      var taken = code && used[code];
      grid.appendChild(h('button', {
        type: 'button', id: 'rank-' + i + '-' + rank,
        class: 'rank' + (suit && suit.red ? ' red' : ''),
        disabled: !suit || !!taken,
        'aria-label': suit ? (taken ? cardSpeech(code) + ', already picked for ' + taken : 'Add ' + cardSpeech(code)) : (RANK_NAMES[rank] || rank),
        onclick: function () {
          e.cards.push(code);
          save();
          refreshPickers('rank-' + i + '-' + rank, true);
        }
      }, rank));
    });
    ranks.appendChild(grid);
    wrap.appendChild(ranks);
    return wrap;
  }

  // Re-draws every card picker (a card picked for one player is greyed out for the others).
  function refreshPickers(focusId, fallbackToSuit) {
    var d = currentDraft();
    opponentsOf(d).forEach(function (p) {
      var e = d.entries[p];
      if (!e || e.mode !== 'cards') return;
      var i = playerIndex(p);
      var box = $('opp-' + i);
      var old = box && box.querySelector('.picker');
      if (old) old.parentNode.replaceChild(renderPicker(p, e, i), old);
    });
    var target = focusId && $(focusId);
    if (target && target.disabled && fallbackToSuit) {
      var m = /^rank-(\d+)-/.exec(focusId);
      var pe = m && d.entries[store.pad.players[Number(m[1])]];
      target = pe ? $('suit-' + m[1] + '-' + pe.suit) : null;
    }
    if (target) target.focus();
  }

  function cancelEdit() {
    var idx = store.edit && store.edit.index;
    store.edit = null;
    clearHistoryErrors();
    save();
    renderGame();
    var btn = idx !== null && $('edit-' + idx);
    if (btn) btn.focus();
    else $('entry-title').focus();
  }

  function startEdit(k) {
    var hand = store.pad.hands[k];
    var d = newDraft(k);
    if (!hand.draw) {
      d.winner = hand.winner;
      d.rummy = !!hand.rummy;
      Object.keys(hand.remaining || {}).forEach(function (p) {
        var rem = hand.remaining[p];
        if (rem && Array.isArray(rem.cards)) {
          var last = rem.cards.length ? rem.cards[rem.cards.length - 1] : 'C';
          d.entries[p] = { mode: 'cards', points: '', cards: rem.cards.slice(), suit: last.slice(-1) };
        } else {
          d.entries[p] = { mode: 'points', points: rem ? String(rem.points) : '', cards: [], suit: null };
        }
      });
    }
    store.edit = d;
    ui.confirmDelete = null;
    save();
    showGeneralError(null);
    renderGame();
    var title = $('entry-title');
    title.focus({ preventScroll: true });
    $('entry').scrollIntoView({ block: 'start', behavior: 'auto' });
  }

  function localCheck(d) {
    var problems = [];
    if (!d.winner) {
      problems.push({ id: 'winner-error', control: $('winner-0'), text: 'Choose who went out.' });
      return problems;
    }
    opponentsOf(d).forEach(function (p) {
      var e = entryFor(d, p);
      var i = playerIndex(p);
      if (e.mode === 'points' && !String(e.points).trim()) {
        problems.push({ id: 'opp-' + i + '-error', control: $('points-' + i), text: 'Enter ' + possessive(p) + ' points, or pick the cards left.' });
      } else if (e.mode === 'cards' && !e.cards.length) {
        problems.push({ id: 'opp-' + i + '-error', control: $('suit-' + i + '-C'), text: 'Pick ' + possessive(p) + ' cards left, or enter points.' });
      }
    });
    return problems;
  }

  function handFromDraft(d) {
    var remaining = {};
    opponentsOf(d).forEach(function (p) {
      var e = entryFor(d, p);
      remaining[p] = e.mode === 'cards' ? { cards: e.cards.slice() } : { points: integerOrRaw(e.points) };
    });
    return { winner: d.winner, rummy: !!d.rummy, remaining: remaining };
  }

  function submitHand(ev) {
    if (ev) ev.preventDefault();
    if (ui.busy) return;
    var d = currentDraft();
    var form = $('hand-form');
    clearErrorsIn(form);
    showGeneralError(null);
    var problems = localCheck(d);
    if (problems.length) {
      problems.forEach(function (pr) { setFieldError(pr.id, [pr.text], pr.control); });
      if (problems[0].control) problems[0].control.focus();
      return;
    }
    commitHand(handFromDraft(d));
  }

  function submitDraw() {
    if (ui.busy) return;
    clearErrorsIn($('hand-form'));
    showGeneralError(null);
    commitHand({ draw: true });
  }

  function commitHand(hand) {
    var d = currentDraft();
    var editing = d.index !== null;
    var k = formIndex();
    var hands = store.pad.hands.slice();
    if (editing) hands[k] = hand;
    else hands.push(hand);
    var pad = padWith(hands);
    setBusy(true);
    callApi(pad).then(function (answer) {
      setBusy(false);
      if (answer.ok) {
        store.pad = pad;
        store.result = answer.data;
        if (editing) store.edit = null;
        else store.draft = newDraft();
        store.undone = null;
        clearHistoryErrors();
        save();
        showNotice(null);
        renderGame();
        var r = answer.data;
        var saved = r.hands[k];
        var what = saved && saved.draw ? 'Hand ' + (k + 1) + ' entered as a drawn hand.' :
          (editing ? 'Hand ' + (k + 1) + ' corrected.' : 'Hand ' + (k + 1) + ' saved: ' + saved.winner + ' scores ' + saved.points + '.');
        announce(what + ' ' + standingsSpeech(r) + ' ' + (r.game_over && r.winner ? r.winner + ' wins the game!' : dealerLine()));
        showNotice(what);
        $('entry-title').focus({ preventScroll: true });
        $('summary').scrollIntoView({ block: 'start', behavior: 'auto' });
      } else if (answer.kind === 'invalid') {
        showHandProblem(answer.problem, k, function (j) { return j; });
      } else {
        setFieldError('hand-error', [answer.message]);
        announce(answer.message);
      }
    });
  }

  function standingsSpeech(r) {
    return (r.standings || []).map(function (s) { return s.player + ' ' + s.total; }).join(', ') + '.';
  }

  function padWith(hands) {
    return { rules: store.pad.rules, players: store.pad.players, first_dealer: store.pad.first_dealer, hands: hands };
  }

  /* Shows a 422 next to the controls its pointers name. formIdx: the index of the hand in the
   * form (or -1); toOriginal maps a hand index of the request to the index shown in the list. */
  function showHandProblem(problem, formIdx, toOriginal) {
    var d = currentDraft();
    var byId = {};
    var order = [];
    var general = [];
    function add(id, control, text) {
      if (!byId[id]) { byId[id] = { control: control, lines: [] }; order.push(id); }
      byId[id].lines.push(text);
    }
    problemErrors(problem).forEach(function (err) {
      var segs = decodePointer(err.pointer);
      if (segs[0] !== 'hands' || segs.length < 2 || !/^\d+$/.test(segs[1])) {
        general.push(err.detail);
        return;
      }
      var j = Number(segs[1]);
      if (j === formIdx && $('hand-form').elements.length) {
        var rest = segs.slice(2);
        if (rest[0] === 'winner') {
          add('winner-error', $('winner-0'), err.detail);
        } else if (rest[0] === 'rummy') {
          add('rummy-error', $('rummy'), err.detail);
        } else if (rest[0] === 'remaining' && rest.length > 1 && opponentsOf(d).indexOf(rest[1]) >= 0) {
          var i = playerIndex(rest[1]);
          var control = $('points-' + i) || $('suit-' + i + '-C');
          if (rest[2] === 'cards' && rest.length > 3 && $('chip-' + i + '-' + rest[3])) control = $('chip-' + i + '-' + rest[3]);
          add('opp-' + i + '-error', control, err.detail);
        } else {
          add('hand-error', $('save-hand'), err.detail);
        }
      } else {
        var orig = toOriginal(j);
        ui.historyErrors[orig] = (ui.historyErrors[orig] || []).concat([err.detail]);
        general.push(err.detail);
      }
    });
    order.forEach(function (id) {
      var c = byId[id].control;
      setFieldError(id, byId[id].lines, c && c.id !== 'save-hand' && c.id !== 'winner-0' ? c : null);
    });
    if (byId['winner-error']) $('winner-group').setAttribute('aria-describedby', 'winner-error');
    showGeneralError(general);
    renderHistory(store.result);
    var first = order.length && byId[order[0]].control;
    if (first) first.focus();
    announce(problemErrors(problem).map(function (e) { return e.detail; }).join(' '));
  }

  function clearHistoryErrors() {
    ui.historyErrors = {};
  }

  // ---------------------------------------------------------------- history, undo, delete

  function renderHistory(r) {
    var list = $('history');
    clear(list);
    show($('history-empty'), !r.hands.length);
    var editing = store.edit ? store.edit.index : null;
    for (var k = r.hands.length - 1; k >= 0; k--) list.appendChild(historyItem(r, k, editing === k));
  }

  function historyItem(r, k, beingEdited) {
    var hand = r.hands[k];
    var n = hand.number || k + 1;
    var headline;
    if (hand.draw) {
      headline = 'Drawn hand: nobody scores';
    } else {
      headline = hand.winner + (hand.rummy ? ' went rummy' : ' went out') + ': +' + hand.points;
      if (hand.rummy) headline += hand.multiplier > 1 ? ' (\u00d7' + hand.multiplier + ')' : ' (no bonus)';
    }
    var left = Object.keys(hand.remaining || {}).map(function (p) { return p + ' ' + hand.remaining[p]; }).join(', ');
    var totals = store.pad.players.map(function (p) { return p + ' ' + hand.totals[p]; }).join(' \u00b7 ');
    var item = h('li', { class: 'hand-item' + (beingEdited ? ' editing' : ''), id: 'hand-item-' + k }, [
      h('div', { class: 'hand-head' }, [
        h('strong', { text: 'Hand ' + n }),
        h('span', { class: 'muted', text: ' dealt by ' + hand.dealer }),
        beingEdited ? h('span', { class: 'tag', text: 'being corrected' }) : null
      ]),
      h('p', { class: 'headline', text: headline }),
      left ? h('p', { class: 'muted', text: 'Left in hand: ' + left }) : null,
      h('p', { class: 'muted', text: 'Totals: ' + totals })
    ]);
    var errs = ui.historyErrors[k];
    item.appendChild(h('div', { id: 'hand-' + k + '-error', class: 'field-error', hidden: !(errs && errs.length) },
      (errs || []).map(function (t) { return h('p', { text: t }); })));
    if (ui.confirmDelete === k) {
      item.appendChild(h('div', { class: 'confirm' }, [
        h('p', { text: 'Delete hand ' + n + '? Later hands keep their order.' }),
        h('div', { class: 'row-actions' }, [
          h('button', { type: 'button', class: 'btn btn-danger', id: 'confirm-delete-' + k, 'data-submits': true, text: 'Delete hand ' + n, onclick: function () { deleteHand(k); } }),
          h('button', { type: 'button', class: 'btn btn-secondary', id: 'keep-' + k, text: 'Keep it', onclick: function () { ui.confirmDelete = null; renderHistory(store.result); $('delete-' + k).focus(); } })
        ])
      ]));
    } else {
      item.appendChild(h('div', { class: 'row-actions' }, [
        h('button', { type: 'button', class: 'btn btn-secondary', id: 'edit-' + k, 'aria-label': 'Correct hand ' + n, text: 'Correct', onclick: function () { startEdit(k); } }),
        h('button', { type: 'button', class: 'btn btn-secondary', id: 'delete-' + k, 'aria-label': 'Delete hand ' + n, text: 'Delete', onclick: function () { ui.confirmDelete = k; renderHistory(store.result); $('confirm-delete-' + k).focus(); } })
      ]));
    }
    return item;
  }

  function replaceHands(hands, onDone, toOriginal) {
    var pad = padWith(hands);
    setBusy(true);
    return callApi(pad).then(function (answer) {
      setBusy(false);
      if (answer.ok) {
        store.pad = pad;
        store.result = answer.data;
        clearHistoryErrors();
        showGeneralError(null);
        onDone(answer.data);
        save();
        renderGame();
      } else if (answer.kind === 'invalid') {
        clearHistoryErrors();
        showHandProblem(answer.problem, -1, toOriginal);
      } else {
        showGeneralError([answer.message]);
      }
      return answer.ok;
    });
  }

  function deleteHand(k) {
    if (ui.busy) return;
    var hands = store.pad.hands.slice();
    hands.splice(k, 1);
    replaceHands(hands, function () {
      ui.confirmDelete = null;
      store.undone = null;
      if (store.edit) store.edit = null;
      showNotice('Hand ' + (k + 1) + ' deleted.');
      announce('Hand ' + (k + 1) + ' deleted. ' + standingsSpeech(store.result));
    }, function (j) { return j >= k ? j + 1 : j; }).then(function (ok) {
      if (ok) $('history-title').focus();
    });
  }

  function undoLast() {
    if (ui.busy || !store.pad.hands.length) return;
    var hands = store.pad.hands.slice();
    var last = hands.pop();
    var n = hands.length + 1;
    replaceHands(hands, function () {
      store.undone = { hand: last };
      if (store.edit && store.edit.index >= hands.length) store.edit = null;
      showNotice('Hand ' + n + ' removed.', { id: 'redo', label: 'Put hand ' + n + ' back', run: redo });
      announce('Hand ' + n + ' removed. ' + standingsSpeech(store.result));
    }, function (j) { return j; });
  }

  function redo() {
    if (ui.busy || !store.undone) return;
    var hands = store.pad.hands.concat([store.undone.hand]);
    replaceHands(hands, function () {
      store.undone = null;
      showNotice('Hand ' + hands.length + ' put back.');
      announce('Hand ' + hands.length + ' put back. ' + standingsSpeech(store.result));
    }, function (j) { return j; }).then(function (ok) {
      if (ok) $('undo-last').focus();
    });
  }

  // ---------------------------------------------------------------- chart

  function renderChart(r) {
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
    players.forEach(function (p, pi) {
      var pts = [x(0) + ',' + y(0)];
      r.hands.forEach(function (hand, hi) { pts.push(x(hi + 1) + ',' + y(hand.totals[p])); });
      chart.appendChild(svg('polyline', { points: pts.join(' '), class: 'series series-' + pi }));
      var lastPt = pts[pts.length - 1].split(',');
      chart.appendChild(svg('circle', { cx: lastPt[0], cy: lastPt[1], r: 3.5, class: 'dot series-' + pi }));
      legend.appendChild(h('li', null, [
        svg('svg', { viewBox: '0 0 24 8', class: 'swatch', 'aria-hidden': 'true' },
          svg('line', { x1: 0, x2: 24, y1: 4, y2: 4, class: 'series series-' + pi })),
        h('span', { text: p + ' ' + r.totals[p] })
      ]));
    });
    box.appendChild(chart);
  }

  function niceStep(raw) {
    var pow = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1))));
    var m = raw / pow;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * pow;
  }

  // ---------------------------------------------------------------- sharing and export

  function resultsText() {
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

  function csvCell(v) {
    var s = v === null || v === undefined ? '' : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = "'" + s; // keep spreadsheets from running a name as a formula
    return /[",\n\r]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }

  function resultsCsv() {
    var r = store.result;
    var players = store.pad.players;
    var rows = [['hand', 'dealer', 'went out', 'rummy', 'drawn', 'points'].concat(players.map(function (p) { return p + ' total'; }))];
    r.hands.forEach(function (hand, k) {
      rows.push([hand.number || k + 1, hand.dealer, hand.winner || '', hand.rummy ? 'yes' : 'no', hand.draw ? 'yes' : 'no', hand.points]
        .concat(players.map(function (p) { return hand.totals[p]; })));
    });
    return rows.map(function (row) { return row.map(csvCell).join(','); }).join('\r\n') + '\r\n';
  }

  function copyText() {
    var text = resultsText();
    var done = function () { showNotice('Results copied. Paste them into a message.'); announce('Results copied.'); };
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
      else showNotice('Select the text below and copy it.');
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, fallback);
    } else {
      fallback();
    }
  }

  function downloadCsv() {
    var blob = new Blob(['\ufeff' + resultsCsv()], { type: 'text/csv;charset=utf-8' });
    var url = URL.createObjectURL(blob);
    var a = h('a', { href: url, download: 'rummy-scores-' + new Date().toISOString().slice(0, 10) + '.csv', class: 'sr-only' });
    document.body.appendChild(a);
    a.click();
    window.setTimeout(function () { URL.revokeObjectURL(url); a.remove(); }, 1000);
    announce('CSV file downloaded.');
  }

  function shareResults() {
    navigator.share({ title: 'Rummy scores', text: resultsText() }).catch(function () { /* cancelled */ });
  }

  // ---------------------------------------------------------------- new game

  function openNewGame() {
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

  // ---------------------------------------------------------------- start

  function refresh() {
    if (!store.pad) return;
    callApi(store.pad).then(function (answer) {
      if (answer.ok) {
        store.result = answer.data;
        save();
        showNotice(null);
        if (!ui.settingUp) renderGame();
      } else if (answer.kind === 'invalid') {
        showGeneralError(['The saved game was refused by the Rummy Referee:'].concat(problemErrors(answer.problem).map(function (e) { return e.detail; })));
      } else if (store.result) {
        showNotice('Offline: showing the totals from the last answer. New hands need a connection.', { id: 'retry', label: 'Try again', run: refresh });
      } else {
        showNotice(answer.message, { id: 'retry', label: 'Try again', run: refresh });
      }
    });
  }

  function init() {
    store = load();
    bindSetup();
    $('hand-form').addEventListener('submit', submitHand);
    $('undo-last').addEventListener('click', undoLast);
    $('copy-text').addEventListener('click', copyText);
    $('download-csv').addEventListener('click', downloadCsv);
    $('share-results').addEventListener('click', shareResults);
    $('new-game').addEventListener('click', openNewGame);
    window.addEventListener('storage', function (e) {
      if (e.key === STORE_KEY && !ui.busy) { store = load(); render(); }
    });
    render();
    refresh();
    document.documentElement.setAttribute('data-ready', 'true');
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
}());
