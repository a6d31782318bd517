// A generative differential test of the node adapter against the web adapter: the fixture app
// served twice (fixtures/both-adapters.ts), a few thousand generated raw requests (fuzz/) written on
// a socket to both, and each pair of exchanges compared (fuzz/differential.ts): every answer's
// status, headers (but `Date` and `Keep-Alive`) and body, how the connection ended, the lines each
// app logged and the requests it counted as left mid-body. A second run does the same with
// request lines and request ids on (`requestLog`): the observed routes' own code.
//
//   FUZZ_SEED=<n>       another seed (printed by every run; `random` picks one)
//   FUZZ_COUNT=<n>      another number of requests
//   FUZZ_REPLAY=<json>  one request, as a failure prints it (its bytes as latin1 text, how it ends)
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serveFixture, type Served } from './fixtures/both-adapters.js';
import { runDifferential, settledLog } from './fuzz/differential.js';
import { Random } from '../seeded-random.js';
import { RawClient, type Ending } from './fuzz/raw-http.js';
import { generateRequest, type FuzzRequest } from './fuzz/request-generator.js';

const DEFAULT_SEED = 2025;
const seed = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
// `npm test` runs the HTTP suites a second time with FRAMEWORK_HTTP_ADAPTER=web; this suite serves
// both adapters itself either way, so that run is only a short second look.
const count = Number(process.env.FUZZ_COUNT ?? (process.env.FRAMEWORK_HTTP_ADAPTER === 'web' ? 500 : 4000));
/** Differences printed in full; the rest are counted. */
const shown = 5;

function requests(howMany: number, runSeed: number): FuzzRequest[] {
  const replay = process.env.FUZZ_REPLAY;
  if (replay !== undefined) {
    const { ending, bytes } = JSON.parse(replay) as { ending: Ending; bytes: string };
    return [{ bytes: Buffer.from(bytes, 'latin1'), head: bytes.startsWith('HEAD '), ending }];
  }
  const random = new Random(runSeed);
  return Array.from({ length: howMany }, () => generateRequest(random));
}

/**
 * One 404 to each first: the native path loads Hono on the first request it hands over, and while
 * that import runs a request is answered later than on the Hono path (only a malformed request
 * pipelined behind it could tell; see docs/limits.md).
 */
async function warmUp(requestLines: boolean, ...served: Served[]): Promise<void> {
  for (const copy of served) {
    const { port } = copy;
    const client = new RawClient(port);
    const { answers } = await client.exchange(Buffer.from('GET /nowhere HTTP/1.1\r\nHost: localhost\r\n\r\n'), { head: false, ending: 'kept' });
    client.close();
    assert.is(answers[0]?.status, 404, `warm-up of the server on port ${port}`);
    // Its request line too (the first loads the logger: file reads, more than a few turns of the
    // event loop on a busy machine), so it is not taken for the next request's.
    for (let waited = 0; requestLines && !copy.logged.some((line) => line.includes('/nowhere')) && waited < 5000; waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
    await settledLog(copy);
  }
}

/** Runs the requests on both copies and fails with the first differences, printed with their replay lines. */
async function assertSameAnswers(native: Served, hono: Served, howMany: number, runSeed: number, requestLines: boolean): Promise<void> {
  console.log(`native-path fuzz: seed ${runSeed}, ${howMany} requests (replay the run with FUZZ_SEED=${seed})`);
  await warmUp(requestLines, native, hono);
  const run = await runDifferential(native, hono, requests(howMany, runSeed), shown, { requestLines });
  if (run.differences.length > 0) console.log(`\n${run.differences.slice(0, shown).join('\n\n')}\n`);
  assert.is(run.differences.length, 0, `${run.differences.length} of ${howMany} requests answered differently (seed ${runSeed}); the first are printed above`);
  console.log(`native-path fuzz: ${run.answered} answered, ${run.servedNatively} of them by the native path itself; statuses ${run.statuses}`);
  // The generator must reach the routes, not only the parser's refusals, and many of them through
  // the native path's own code rather than what it hands to Hono.
  assert.ok(run.answered > howMany * 0.9, `only ${run.answered} of ${howMany} requests were answered`);
  assert.ok(run.servedNatively > howMany * 0.25, `only ${run.servedNatively} of ${howMany} requests were answered by the native path itself`);
}

for (const requestLines of [false, true]) {
  const fuzz = suite<{ native: Served; hono: Served }>(`Node-native path against the Hono path, generated requests${requestLines ? ', request lines on' : ''}`);
  fuzz.before(async (context) => {
    context.native = await serveFixture('node', { requestLines });
    context.hono = await serveFixture('web', { requestLines });
  });
  fuzz.after(async ({ native, hono }) => {
    await native.app.close();
    await hono.app.close();
  });
  // The observed run is shorter, from the next seed: other requests through the observed routes' code.
  const [howMany, runSeed] = requestLines ? [Math.ceil(count / 4), seed + 1] : [count, seed];
  fuzz(`${howMany} generated requests get the same answers on both paths (seed ${runSeed})`, ({ native, hono }) => assertSameAnswers(native, hono, howMany, runSeed, requestLines));
  fuzz.run();
}
