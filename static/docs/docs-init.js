// Interactive API docs, served from this service (no CDN): Swagger UI on /openapi.yaml.
//
// Every operation opens on its first worked example, and executing it succeeds, the sealed
// tables' too: their examples carry a placeholder table token and seat, which this page
// replaces, when "Execute" is pressed, by those of a live table it dealt itself (ana against a
// computer opponent), kept up to date from each answer (the examples chain). /v1/tables/next
// needs a finished hand: the page plays ana's turns out first (the referee's own legal moves).
// The examples run in any order, alone or one after another: a table that cannot serve the next
// one is dealt afresh.
(function () {
  'use strict';
  var TOKEN = 'rt1.the-table-token-of-the-last-answer';
  var SEAT = 'the-seat-of-ana-from-POST-v1-tables';
  var live = null; // {table, seat, view}

  function post(path, body) {
    return fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json(); });
  }

  function deal() {
    return post('/v1/tables', { players: ['ana', 'bob'], bots: { bob: 'easy' }, seat: 'ana' }).then(function (a) {
      live = { table: a.table, seat: a.seats.ana, view: a.view };
    });
  }

  /* The live table's view again (after an answer that carried none: /next without a seat). */
  function look() {
    return post('/v1/tables/view', { table: live.table, seat: live.seat }).then(function (a) {
      if (a.view) live.view = a.view;
      else live = null;
    });
  }

  /* ana's next move from her legal moves: a meld or a lay-off when there is one, else the
   * stock, else the discard of her highest card. */
  function pick(moves) {
    var rank = function (m) { return 'A 2 3 4 5 6 7 8 9 10 J Q K'.split(' ').indexOf((m.card || '').slice(0, -1)); };
    var play = moves.filter(function (m) { return m.action === 'meld' || m.action === 'lay_off'; })[0];
    if (play) return play;
    var draw = moves.filter(function (m) { return m.action === 'draw'; });
    if (draw.length) return draw.filter(function (m) { return m.source === 'stock'; })[0] || draw[0];
    return moves.slice().sort(function (a, b) { return rank(b) - rank(a); })[0];
  }

  /* ana plays on (up to `left` moves) until the hand is over; her opponent is the computer. */
  function playOut(left) {
    var moves = (live && live.view && live.view.legal_moves) || [];
    if (!live || live.view.status !== 'playing' || !left || !moves.length) return Promise.resolve();
    var move = Object.assign({}, pick(moves));
    delete move.player;
    return post('/v1/tables/move', { table: live.table, seat: live.seat, move: move }).then(function (a) {
      if (!a.table || !a.view) { live = null; return undefined; } // refused: a fresh table next time
      live.table = a.table;
      live.view = a.view;
      return playOut(left - 1);
    });
  }

  /* A finished hand on the page's own table (a fresh table when one cannot be finished). */
  function finished(tries) {
    if (live && live.view.status !== 'playing') return Promise.resolve();
    return (live ? Promise.resolve() : deal()).then(function () { return playOut(400); }).then(function () {
      if ((!live || live.view.status === 'playing') && tries > 1) {
        live = null;
        return finished(tries - 1);
      }
      return undefined;
    });
  }

  /* The page's own live table in the state the operation's example needs: any state to view it,
   * ana to draw to move or ask for a suggestion, a finished hand to deal the next. Examples run
   * in any order: a table that cannot serve (a hand over, a refused move) is dealt afresh. */
  function ready(path) {
    return (live && !live.view ? look() : Promise.resolve()).then(function () {
      if (path === '/v1/tables/next') return finished(3);
      var turn = live && live.view.status === 'playing' && live.view.turn;
      var usable = path === '/v1/tables/view' ? Boolean(live) : Boolean(turn && turn.player === 'ana' && turn.phase === 'draw');
      return usable ? undefined : deal();
    });
  }

  function requestInterceptor(req) {
    if (typeof req.body !== 'string' || (req.body.indexOf(TOKEN) < 0 && req.body.indexOf(SEAT) < 0)) return req;
    var path = new URL(req.url, window.location.href).pathname;
    return ready(path).then(function () {
      req.body = req.body.split(TOKEN).join(live.table).split(SEAT).join(live.seat);
      return req;
    });
  }

  /* Follows the page's own table through the answers to its examples (the create example's
   * table, with no computer opponent, is the reader's, never played on by this page). */
  function responseInterceptor(res) {
    var path = new URL(res.url, window.location.href).pathname;
    var b = res.body;
    if (!live || path === '/v1/tables' || path.indexOf('/v1/tables/') !== 0) return res;
    if (!res.ok) {
      live = null; // a refused example leaves the table in doubt: the next one deals afresh
    } else if (b && typeof b.table === 'string') {
      if (b.view && b.view.table_id === live.view.table_id) { live.table = b.table; live.view = b.view; }
      else if (!b.view && path === '/v1/tables/next') { live.table = b.table; live.view = null; }
    }
    return res;
  }

  /* Names for Swagger UI's unnamed controls (its server list, example lists and body editors). */
  function nameControls() {
    var servers = document.getElementById('servers');
    if (servers && !servers.getAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
    document.querySelectorAll('.examples-select-element:not([aria-label])').forEach(function (el) { el.setAttribute('aria-label', 'Example'); });
    // A query parameter's choices (the lang parameter's enum) are a select named by the parameter (axe: select-name).
    document.querySelectorAll('tr[data-param-name] .parameters-col_description select:not([aria-label])').forEach(function (el) {
      el.setAttribute('aria-label', el.closest('tr[data-param-name]').getAttribute('data-param-name'));
    });
    document.querySelectorAll('textarea.body-param__text:not([aria-label])').forEach(function (el) { el.setAttribute('aria-label', 'Request body (JSON)'); });
    [['.information-container', 'About the API'], ['.scheme-container', 'Server']].forEach(function (r) {
      var el = document.querySelector(r[0] + ':not([role])');
      if (el) { el.setAttribute('role', 'region'); el.setAttribute('aria-label', r[1]); }
    });
    document.querySelectorAll('.opblock-control-arrow[tabindex="-1"]:not([aria-hidden])').forEach(function (el) { el.setAttribute('aria-hidden', 'true'); });
    // A long example scrolls sideways: a keyboard must reach it to scroll it (axe: scrollable-region-focusable).
    document.querySelectorAll('.highlight-code > .microlight:not([tabindex])').forEach(function (el) {
      el.setAttribute('tabindex', '0');
    });
  }

  /* Code longer than this (characters) is shown as plain text, not highlighted: highlighting made
   * every token an element, so an operation's six error samples (3.7 KB each) grew the page from
   * 577 to 4,569 elements, each drawn on every change and each checked by an accessibility
   * audit (axe-core took 42 s instead of 2 on this page). Short code keeps its colours. */
  var HIGHLIGHT_UP_TO = 2000;

  /* Swagger UI's code viewer, plain above HIGHLIGHT_UP_TO (as its own syntaxHighlight: false does). */
  function plainWhenLong() {
    return {
      wrapComponents: {
        SyntaxHighlighter: function (Highlighter, system) {
          return function (props) {
            var code = props.children;
            if (typeof code !== 'string' || code.length <= HIGHLIGHT_UP_TO) return system.React.createElement(Highlighter, props);
            var Plain = system.getComponent('PlainTextViewer');
            if (typeof props.renderPlainText === 'function') return props.renderPlainText({ children: code, PlainTextViewer: Plain });
            return system.React.createElement(Plain, null, code);
          };
        },
      },
    };
  }

  window.addEventListener('load', function () {
    window.ui = SwaggerUIBundle({
      url: '/openapi.yaml',
      dom_id: '#swagger-ui',
      deepLinking: false,
      defaultModelsExpandDepth: -1,
      plugins: [plainWhenLong],
      requestInterceptor: requestInterceptor,
      responseInterceptor: responseInterceptor,
      onComplete: function () {
        var loading = document.getElementById('docs-loading');
        if (loading) loading.remove();
        nameControls();
      },
    });
    new MutationObserver(nameControls).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });
  });
}());
