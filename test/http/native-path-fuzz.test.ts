// A generative differential test of the Node-native path against the Hono path: the fixture app
// served twice (fixtures/both-paths.ts), a few thousand generated raw requests (fuzz/) written on
// a socket to both, and each pair of exchanges compared: every answer's status, headers (but
// `Date` and `Keep-Alive`) and body, how the connection ended, and the lines each app logged.
//
//   FUZZ_SEED=<n>       another seed (printed by every run; `random` picks one)
//   FUZZ_COUNT=<n>      another number of requests
//   FUZZ_REPLAY=<json>  one request, as a failure prints it (its bytes as latin1 text, how it ends)
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ignoredHeaders, serveFixture, type Served } from './fixtures/both-paths.js';
import { Random } from './fuzz/random.js';
import { RawClient, type Ending, type RawExchange } from './fuzz/raw-http.js';
import { generateRequest, type FuzzRequest } from './fuzz/request-generator.js';

const DEFAULT_SEED = 2025;
const seed = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
// `npm test` runs the HTTP suites a second time with FRAMEWORK_HTTP_PATH=hono; this suite serves
// both paths itself either way, so that run is only a short second look.
const count = Number(process.env.FUZZ_COUNT ?? (process.env.FRAMEWORK_HTTP_PATH === 'hono' ? 500 : 4000));
/** Differences printed in full; the rest are counted. */
const shown = 5;

/**
 * The throttler's seconds until its window ends: each served copy's window began with its own
 * first throttled request, so the two can tick a second apart. Their presence is compared, not
 * their count.
 */
const secondsLeft = new Set(['x-ratelimit-reset', 'retry-after']);
const clockFree = (name: string, value: string) => (secondsLeft.has(name) && /^\d+$/.test(value) ? 'seconds' : value);

interface Compared {
  readonly answers: readonly { nativelyWritten: boolean; status: number; headers: readonly (readonly [string, string])[]; body: string }[];
  readonly rest: string;
  readonly end: RawExchange['end'];
  readonly logged: readonly string[];
  /** Requests the app counted as left by their client mid-body (`app.stats()`), not logged. */
  readonly aborted: number;
}

/** An exchange as compared: header lines sorted by name, ignored ones dropped. */
function comparable(exchange: RawExchange, logged: readonly string[], aborted: number): Compared {
  return {
    answers: exchange.answers.map(({ status, headers, body, rawNames }) => ({
      // Not compared: the native path writes `content-length` itself, Node writes `Content-Length` for @hono/node-server.
      nativelyWritten: rawNames.includes('content-length'),
      status,
      // A `__proto__` header a handler set: Hono's context drops it, the native path sends it (the
      // Hono path is the one in the wrong; see the `set-headers` probe of node-native-path.test.ts).
      headers: headers.filter(([name]) => !ignoredHeaders.has(name) && name !== '__proto__').map(([name, value]) => [name, clockFree(name, value)] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      body,
    })),
    rest: exchange.rest,
    end: exchange.end,
    logged,
    aborted,
  };
}

/** The text two exchanges are compared by: everything but which path wrote the answer. */
const comparedText = (compared: Compared) => JSON.stringify(compared, (key, value: unknown) => (key === 'nativelyWritten' ? undefined : value));

/** Sends one request to a served app and returns what came back and what it logged meanwhile. */
async function exchange(served: Served, client: RawClient, request: FuzzRequest): Promise<Compared> {
  const before = served.logged.length;
  const abortedBefore = served.app.stats().abortedRequests;
  const result = await client.exchange(request.bytes, request);
  // A log line written just after the answer (a failure once the body streamed) belongs to it too.
  await new Promise((resolve) => setImmediate(resolve));
  return comparable(result, served.logged.slice(before), served.app.stats().abortedRequests - abortedBefore);
}

function requests(): FuzzRequest[] {
  const replay = process.env.FUZZ_REPLAY;
  if (replay !== undefined) {
    const { ending, bytes } = JSON.parse(replay) as { ending: Ending; bytes: string };
    return [{ bytes: Buffer.from(bytes, 'latin1'), head: bytes.startsWith('HEAD '), ending }];
  }
  const random = new Random(seed);
  return Array.from({ length: count }, () => generateRequest(random));
}

const fuzz = suite<{ native: Served; hono: Served }>('Node-native path against the Hono path, generated requests');

fuzz.before(async (context) => {
  context.native = await serveFixture('native');
  context.hono = await serveFixture('hono');
});
fuzz.after(async ({ native, hono }) => {
  await native.app.close();
  await hono.app.close();
});

fuzz(`${count} generated requests get the same answers on both paths (seed ${seed})`, async ({ native, hono }) => {
  console.log(`native-path fuzz: seed ${seed}, ${count} requests (replay one run with FUZZ_SEED=${seed})`);
  const clients = [new RawClient(native.port), new RawClient(hono.port)] as const;
  // One 404 first: the native path loads Hono on the first request it hands over, and while that
  // import runs a request is answered later than on the Hono path (only a malformed request
  // pipelined behind it could tell; see docs/node-native-path.md).
  for (const [index, client] of clients.entries()) {
    const warmUp = await client.exchange(Buffer.from('GET /nowhere HTTP/1.1\r\nHost: localhost\r\n\r\n'), { head: false, ending: 'kept' });
    assert.is(warmUp.answers[0]?.status, 404, `warm-up of server ${index}`);
  }
  const differences: string[] = [];
  let answered = 0;
  let servedNatively = 0;
  const statuses = new Map<number, number>();
  for (const request of requests()) {
    const [ours, reference] = await Promise.all([exchange(native, clients[0], request), exchange(hono, clients[1], request)]);
    if (ours.answers.length > 0) answered++;
    if (ours.answers.some((answer) => answer.nativelyWritten)) servedNatively++;
    for (const { status } of ours.answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    // Both are built in one key order, their header lines sorted: equal values are equal text.
    const [oursText, referenceText] = [comparedText(ours), comparedText(reference)];
    if (oursText !== referenceText) {
      const replay = `FUZZ_REPLAY='${JSON.stringify({ ending: request.ending, bytes: request.bytes.toString('latin1') })}'`;
      differences.push(differences.length < shown ? `${replay}\n  native: ${oursText}\n  hono:   ${referenceText}` : '');
    }
  }
  for (const client of clients) client.close();
  if (differences.length > 0) console.log(`\n${differences.slice(0, shown).join('\n\n')}\n`);
  assert.is(differences.length, 0, `${differences.length} of ${count} requests answered differently (seed ${seed}); the first are printed above`);
  // The generator must reach the routes, not only the parser's refusals, and many of them through
  // the native path's own code rather than what it hands to Hono.
  const tally = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
  console.log(`native-path fuzz: ${answered} answered, ${servedNatively} of them by the native path itself, ${native.app.stats().abortedRequests} left mid-body; statuses ${tally}`);
  assert.ok(answered > count * 0.9, `only ${answered} of ${count} requests were answered`);
  assert.ok(servedNatively > count * 0.25, `only ${servedNatively} of ${count} requests were answered by the native path itself`);
});

fuzz.run();
