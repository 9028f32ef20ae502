// The offline judge (static/js/judge) as a filter for tests/test_offline_judge.py: one JSON
// request a line on stdin ({url, body}), one JSON answer a line on stdout ({status, body}, as
// the service would answer it; status 0 when the judge cannot answer).
import { createInterface } from 'node:readline';
import { readFile } from 'node:fs/promises';

// The judge reads its data (judge/names.json) with fetch, as the page does; node's fetch reads no
// file: URL, so here a file: URL is read from the disk. Set before the judge is imported.
const webFetch = globalThis.fetch;
globalThis.fetch = (url, init) => (String(url).startsWith('file:') ? readFile(new URL(url)).then((bytes) => new Response(bytes)) : webFetch(url, init));
const { answer } = await import('../static/js/judge/index.js');
const { nameKey } = await import('../static/js/judge/scorepad.js');

// argv: the GET /v1/rules document's file; --lang <tag>; with --bodies, each answer's body alone (its JSON as
// JSON.stringify writes it: the test hashes these lines as they come).
const doc = JSON.parse(process.argv[2] ? (await import('node:fs')).readFileSync(process.argv[2], 'utf8') : '{}');
const bodiesOnly = process.argv.includes('--bodies');
// --lang <tag>: every sentence said in that language, through its browser catalog
// (static/i18n/<tag>.json), as the page's judge says it.
const langAt = process.argv.indexOf('--lang');
const catalog = langAt > 0 ? JSON.parse((await import('node:fs')).readFileSync(new URL(`../static/i18n/${process.argv[langAt + 1]}.json`, import.meta.url), 'utf8')) : null;
// --five: one five-card meld of each suit class under each aces option, made here in the order of
// tests/offline_judge_support.py's five_card_melds, answered, and printed as "count sha256".
if (process.argv.includes('--five')) {
  const { createHash } = await import('node:crypto');
  const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  const byCount = Array.from({ length: 14 }, () => []);
  for (let m = 0; m < 1 << 13; m += 1) byCount[m.toString(2).split('1').length - 1].push(m);
  const perms = [];
  const permute = (prefix, rest) => (rest.length ? rest.split('').forEach((c, i) => permute(prefix + c, rest.slice(0, i) + rest.slice(i + 1))) : perms.push(prefix));
  permute('', 'CDHS');
  const hash = createHash('sha256');
  let k = 0;
  let count = 0;
  const visit = (masks, budget, most) => {
    if (masks.length === 4) {
      if (budget) return;
      const suits = perms[k % 24];
      let cards = [];
      masks.forEach((m, s) => { for (let r = 0; r < 13; r += 1) if ((m >> r) & 1) cards.push(RANKS[r] + suits[s]); });
      const turn = k % cards.length;
      cards = cards.slice(turn).concat(cards.slice(0, turn));
      if ((k >> 1) & 1) cards.reverse();
      for (const aces of ['low', 'high_or_low']) {
        hash.update(JSON.stringify(answer('/v1/melds/check', { cards, rules: { aces } }, doc, catalog).data) + '\n');
        count += 1;
      }
      k += 1;
      return;
    }
    for (let n = 0; n <= Math.min(budget, 13); n += 1) {
      for (const m of byCount[n]) {
        if (m > most) break;
        visit(masks.concat([m]), budget - n, m);
      }
    }
  };
  visit([], 5, (1 << 13) - 1);
  process.stdout.write(`${count} ${hash.digest('hex')}\n`);
  process.exit(0);
}

const out = [];
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line) continue;
  const request = JSON.parse(line);
  // {url: 'name-key', body: name}: the judge's R2a key of one name
  const got = request.url === 'name-key' ? { ok: true, data: nameKey(request.body) } : answer(request.url, request.body, doc, catalog);
  const reply = got === null ? { status: 0, body: null } : got.ok ? { status: 200, body: got.data } : { status: 422, body: got.problem };
  out.push(JSON.stringify(bodiesOnly ? reply.body : reply));
  if (out.length >= 2000) { process.stdout.write(out.join('\n') + '\n'); out.length = 0; }
}
if (out.length) process.stdout.write(out.join('\n') + '\n');
