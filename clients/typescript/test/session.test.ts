/* A whole sealed game to its winner through TableSession against a live Rummy Referee (with its
 * replay guard, as `make serve` runs it): one answer dropped on the way back (the request reached
 * the service), one move sent on a stale token (caught up from the 409), every hand's deal checked.
 *
 * The service: RUMMY_BASE_URL (its replay guard on), else `make serve` from the repository on a
 * free port (which installs only the runtime requirements) with an embedded replay guard. */
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { createReferee, TableSession, API_VERSION, RefereeError, type Move, type View } from "../src/index";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
let baseUrl = process.env.RUMMY_BASE_URL ?? "";
let server: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

before(async () => {
  if (baseUrl) return;
  const port = await freePort();
  // the replay guard in a SQLite file of its own (the embedded store), as production keeps one
  const store = path.join(mkdtempSync(path.join(tmpdir(), "rummy-client-")), "tables.sqlite3");
  server = spawn("make", ["-C", REPO, "serve", "HOST=127.0.0.1", `PORT=${port}`], {
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
    env: { ...process.env, RUMMY_TABLE_STORE: `sqlite:///${store}` },
  });
  baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the service did not start");
});

after(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

test("the client is versioned with the API", async () => {
  const spec = await (await fetch(`${baseUrl}/openapi.yaml`)).text();
  assert.match(spec, new RegExp(`\\n  version: ${API_VERSION.replace(/\./g, "\\.")}\\n`));
});

test("the typed layer calls the open API", async () => {
  const referee = createReferee({ baseUrl });
  const { data } = await referee.POST("/v1/melds/check", { body: { cards: ["QS", "KS", "AS"] } });
  assert.equal(data?.valid, false);
  assert.equal(data?.reasons[0]?.code, "ace_high");
  assert.equal(data?.reasons[0]?.rule, "R11");
});

test("a whole sealed game to its winner: a dropped answer, a stale token, every deal verified", async () => {
  // The fetch under the retries: drops the answer to the 3rd move request once, after the
  // service has played it.
  let moves = 0;
  let dropped = 0;
  let sent = 0;
  const dropping = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent += 1;
    const response = await fetch(request);
    if (request.url.endsWith("/v1/tables/move") && ++moves === 3) {
      dropped += 1;
      await response.arrayBuffer();
      throw new TypeError("the connection was cut before the answer arrived");
    }
    return response;
  };
  const referee = createReferee({ baseUrl, fetch: dropping as typeof fetch, retryDelayMs: 10 });
  const { session, seats } = await TableSession.create(referee, {
    players: ["ana", "bob"],
    player: "ana",
    bots: { bob: "easy" },
    rules: { preset: "standard", target_score: 40 },
  });
  assert.deepEqual(Object.keys(seats), ["ana"]);
  assert.equal(session.view?.hand, 1);

  let staleDone = false;
  const checks = [];
  for (let turns = 0; turns < 2000; turns += 1) {
    const view: View = session.view!;
    if (view.status !== "playing") {
      const check = await session.checkDeal();
      assert.ok(check.verified, check.summary);
      assert.deepEqual(
        { commitment: check.checked.commitment, entropy: check.checked.entropy, dealt: check.checked.dealt },
        { commitment: true, entropy: true, dealt: true },
      );
      // hand 1 too: the service (with its store) pledged its seed before the entropy was drawn
      assert.equal(check.checked.promised, true);
      assert.deepEqual(check.answer.checked.expected, ["entropy", "commitment", "dealer", "rules", "hand"]);
      assert.deepEqual(check.expect.rules, { preset: "standard", target_score: 40 });
      checks.push(check);
      if (view.scores.game_over) break;
      const next = await session.nextHand();
      assert.equal(next.hand, view.hand + 1);
      continue;
    }
    assert.ok(session.myTurn, "the service plays the computer opponent until ana is to move");
    const hint = await session.suggest("easy");
    const { player: _player, ...move } = hint.move;
    if (!staleDone && view.turn.phase === "play" && view.seq > 4) {
      // Another copy of this seat (a second tab, a page reloaded from an older save) moves on an
      // old token: the 409 carries the latest table and the seat's view, so it catches up at once.
      const old = TableSession.restore(referee, { ...session.save() });
      const played = await session.move(move as Move);
      assert.equal(played.kind, "played");
      // the same move again would be the same request (answered as it was: a retry); another is a 409
      const other = view.legal_moves!.find((m) => JSON.stringify({ ...m, player: undefined }) !== JSON.stringify({ ...move, player: undefined }))!;
      const { player: _p, ...otherMove } = other;
      const caught = await old.move(otherMove as Move);
      assert.equal(caught.kind, "caught_up");
      assert.equal(old.table, session.table);
      assert.deepEqual(old.view?.players, session.view?.players);
      assert.equal(old.view?.seq, session.view?.seq);
      staleDone = true;
      continue;
    }
    const outcome = await session.move(move as Move);
    assert.equal(outcome.kind, "played", JSON.stringify(outcome));
  }
  const final = session.view!;
  assert.equal(final.scores.game_over, true);
  assert.ok(final.scores.winner === "ana" || final.scores.winner === "bob");
  const top = Math.max(...final.scores.standings.map((s) => s.total));
  assert.ok(top >= 40, "the winner reached the target score (R20)");
  assert.equal(final.scores.standings.find((s) => s.player === final.scores.winner)?.total, top);
  assert.equal(dropped, 1);
  assert.ok(staleDone);
  assert.equal(checks.length, final.hand);
  assert.ok(sent > moves);
});

test("a token the service cannot open is a refusal that keeps the table", async () => {
  const referee = createReferee({ baseUrl });
  const { session } = await TableSession.create(referee, { players: ["ana", "bob"], player: "ana", bots: { bob: "easy" } });
  const saved = session.save();
  const broken = TableSession.restore(referee, { ...saved, table: saved.table.slice(0, -8) + "AAAAAAAA" });
  await assert.rejects(broken.refresh(), (e: unknown) => e instanceof RefereeError && e.name === "TableUnreadable" && e.status === 422);
  assert.equal(broken.table, saved.table.slice(0, -8) + "AAAAAAAA");
});
