// A short soak: 16 concurrent clients send a mix of good and bad requests to the compiled example
// (a child process) for a few seconds; no answer is a 5xx, no request fails, and the server's RSS
// stays flat within a bound once warmed up. The longer soak is bench/reliability.mjs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch } from '../launch.js';
import { hs256 } from '../auth/fixtures/tokens.js';

const main = fileURLToPath(new URL('../../examples/todo/dist/examples/todo/src/main.js', import.meta.url));
const JWT_SECRET = 'soak-secret-of-at-least-32-bytes-long!';

/** What the load needs of the server. */
interface Target {
  readonly base: string;
  readonly token: string;
}

/** The resident set size of process `pid`, in MB (Linux: /proc). */
function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return kb / 1024;
}

const SECONDS = Number(process.env.SOAK_SECONDS ?? 4);
const CLIENTS = 16;
const RSS_GROWTH_LIMIT_MB = 30;

/** One request of the mix; `n` picks which and names a caller (as a proxy on loopback would). */
async function one(example: Target, n: number): Promise<number> {
  const headers = { authorization: `Bearer ${example.token}`, 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${n % 250}` };
  const kind = n % 4;
  if (kind === 0) return (await fetch(`${example.base}/todo?limit=10`, { headers }).then((r) => r.arrayBuffer().then(() => r))).status;
  if (kind === 1) {
    const created = await fetch(`${example.base}/todo`, { method: 'POST', headers, body: JSON.stringify({ name: `soak ${n}`, priority: n, colorLabel: '#abc' }) });
    const { id } = (await created.json()) as { id: string };
    const removed = await fetch(`${example.base}/todo/${id}`, { method: 'DELETE', headers });
    await removed.arrayBuffer();
    return Math.max(created.status, removed.status);
  }
  if (kind === 2) return (await fetch(`${example.base}/todo`, { method: 'POST', headers, body: '{"name": 42, "__proto__": {}}' }).then((r) => r.arrayBuffer().then(() => r))).status;
  return (await fetch(`${example.base}/health`).then((r) => r.arrayBuffer().then(() => r))).status;
}

test(`${SECONDS} s of mixed load from ${CLIENTS} clients: no 5xx, no failure, server RSS flat within ${RSS_GROWTH_LIMIT_MB} MB`, async () => {
  const server = await launch(process.execPath, [main], { env: { JWT_SECRET, LOG_LEVEL: 'warn' } }); // request lines of refusals and errors only: a logged error fails the soak
  try {
    const example: Target = { base: server.base, token: await hs256({ sub: 'soak', roles: ['user'] }, JWT_SECRET) };
    let n = 0;
    let answered = 0;
    const failures: string[] = [];
    const end = Date.now() + SECONDS * 1000;
    let warmRss = 0;
    const warm = setTimeout(() => (warmRss = rssMb(server.pid)), 1500);
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < end) {
          const i = n++;
          const status = await one(example, i).catch((error: Error) => {
            failures.push(error.message);
            return 0;
          });
          if (status >= 500 || status === 429) failures.push(`request ${i}: ${status}`);
          answered++;
        }
      }),
    );
    clearTimeout(warm);
    const finalRss = rssMb(server.pid);
    const growthMb = finalRss - warmRss;
    console.log(`  soak: ${answered} requests in ${SECONDS} s; server RSS ${warmRss.toFixed(1)} MB after warm-up, ${finalRss.toFixed(1)} MB at the end`);
    assert.equal(failures.slice(0, 5), []);
    assert.ok(answered > CLIENTS * 10, `load ran (${answered})`);
    assert.ok(growthMb < RSS_GROWTH_LIMIT_MB, `RSS grew ${growthMb.toFixed(1)} MB`);
    assert.not.match(server.output(), /Unhandled|Error/, 'the server logged no error');
  } finally {
    await server.stop();
  }
});

test.run();
