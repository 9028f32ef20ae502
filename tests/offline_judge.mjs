// The offline judge (static/js/judge) as a filter for tests/test_offline_judge.py: one JSON
// request a line on stdin ({url, body}), one JSON answer a line on stdout ({status, body}, as
// the service would answer it; status 0 when the judge cannot answer).
import { createInterface } from 'node:readline';
import { answer } from '../static/js/judge/index.js';
import { nameKey } from '../static/js/judge/scorepad.js';

// argv: the GET /v1/rules document's file; with --bodies, each answer's body alone (its JSON as
// JSON.stringify writes it: the test hashes these lines as they come).
const doc = JSON.parse(process.argv[2] ? (await import('node:fs')).readFileSync(process.argv[2], 'utf8') : '{}');
const bodiesOnly = process.argv.includes('--bodies');
const out = [];
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line) continue;
  const request = JSON.parse(line);
  // {url: 'name-key', body: name}: the judge's R2a key of one name
  const got = request.url === 'name-key' ? { ok: true, data: nameKey(request.body) } : answer(request.url, request.body, doc);
  const reply = got === null ? { status: 0, body: null } : got.ok ? { status: 200, body: got.data } : { status: 422, body: got.problem };
  out.push(JSON.stringify(bodiesOnly ? reply.body : reply));
  if (out.length >= 2000) { process.stdout.write(out.join('\n') + '\n'); out.length = 0; }
}
if (out.length) process.stdout.write(out.join('\n') + '\n');
