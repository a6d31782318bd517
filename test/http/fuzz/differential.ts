// Sends the same raw requests to the two served copies of the fixture app and compares what each
// exchange gave: every answer's status, headers and body, how the connection ended, the lines the
// app logged meanwhile and the requests it counted as left mid-body.
import type { Served } from '../fixtures/both-adapters.js';
import { ignoredHeaders } from '../fixtures/both-adapters.js';
import { RawClient, type RawExchange } from './raw-http.js';
import type { FuzzRequest } from './request-generator.js';

/** One exchange as compared. */
interface Compared {
  readonly answers: readonly { nativelyWritten: boolean; status: number; headers: readonly (readonly [string, string])[]; body: string }[];
  readonly rest: string;
  readonly end: RawExchange['end'];
  readonly logged: readonly string[];
  /** Requests the app counted as left by their client mid-body (`app.stats()`), not logged. */
  readonly aborted: number;
}

/** What a run found. */
export interface DifferentialRun {
  /** One line per request answered differently: its replay line and both exchanges (the first `shown` only; '' after). */
  readonly differences: string[];
  readonly answered: number;
  /** Requests the native path answered with its own code (not handed to Hono). */
  readonly servedNatively: number;
  /** Answers by status, as `200×12 404×3`. */
  readonly statuses: string;
}

/**
 * The throttler's seconds until its window ends: each served copy's window began with its own
 * first throttled request, so the two can tick a second apart. Their presence is compared, not
 * their count.
 */
const secondsLeft = new Set(['x-ratelimit-reset', 'retry-after']);
/** A request id made per call (when the request brings none a proxy vouches for). */
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const clockFree = (name: string, value: string) => (secondsLeft.has(name) && /^\d+$/.test(value) ? 'seconds' : value.replace(uuid, 'uuid'));

/**
 * A request line (`requestLog`) without what differs between two runs for reasons other than the
 * path: its time, duration, made-up ids, and of an error its class only (the stack's frames are
 * each path's own, and Node's header checks word their messages unlike `Headers`').
 */
function comparableLine(line: string): string {
  if (!line.startsWith('{')) return line;
  const { time, durationMs, pid, hostname, err, ...rest } = JSON.parse(line) as Record<string, unknown>;
  // A request its client left before an answer is logged with Node's status by the native path
  // (200 unless set, once its body was read) and with 400 by Hono's (docs/limits.md): not compared.
  if (rest.refusal === 'aborted') delete rest.status;
  return JSON.stringify({ ...rest, err: (err as { type?: string } | undefined)?.type }).replace(uuid, 'uuid');
}

/**
 * How loosely a run compares. `requestLines`: the run has request lines on, and two known
 * differences of observed routes are not compared (see docs/limits.md): a
 * Response a handler returned is streamed chunked by the Hono path there (the native path sends its
 * length), and the lines of pipelined requests come in the order their handlers finished on Hono,
 * in the order of their answers on the native path. The body is compared either way.
 */
export interface Comparison {
  readonly requestLines: boolean;
}

const framing = new Set(['content-length', 'transfer-encoding']);

function comparable(exchange: RawExchange, logged: readonly string[], aborted: number, { requestLines }: Comparison, head: boolean): Compared {
  const lines = logged.map(comparableLine);
  return {
    answers: exchange.answers.map(({ status, headers, body, rawNames }) => ({
      // Not compared: the native path writes `content-length` itself, Node writes `Content-Length` for @hono/node-server.
      nativelyWritten: rawNames.includes('content-length'),
      status,
      // A `__proto__` header a handler set: Hono's context drops it, the native path sends it (the
      // Hono path is the one in the wrong; see the `set-headers` probe of adapter-parity.test.ts).
      // A HEAD answer's `content-length`: the node adapter writes the length of the body it drops; the
      // web adapter cannot tell a user's streamed `Response`'s length without reading it.
      headers: headers
        .filter(([name]) => !ignoredHeaders.has(name) && name !== '__proto__' && !(requestLines && framing.has(name)) && !(head && name === 'content-length'))
        .map(([name, value]) => [name, clockFree(name, value)] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      body: body.replace(uuid, 'uuid'),
    })),
    rest: exchange.rest,
    end: exchange.end,
    logged: requestLines ? lines.sort() : lines,
    aborted,
  };
}

/** The text two exchanges are compared by: everything but which path wrote the answer. */
const comparedText = (compared: Compared) => JSON.stringify(compared, (key, value: unknown) => (key === 'nativelyWritten' ? undefined : value));

/** Sends one request to a served app and returns what came back and what it logged meanwhile. */
async function exchange(served: Served, client: RawClient, request: FuzzRequest, comparison: Comparison): Promise<Compared> {
  const before = served.logged.length;
  const abortedBefore = served.app.stats().abortedRequests;
  const result = await client.exchange(request.bytes, request);
  // A log line written just after the answer (a failure once the body streamed, a request line
  // written when the answer's stream finished) belongs to it too: waited for until three turns of
  // the event loop bring no new one, as a busy machine can put the write's completion a turn late.
  await settledLog(served);
  return comparable(result, served.logged.slice(before), served.app.stats().abortedRequests - abortedBefore, comparison, request.head);
}

/** Waits until the app's log is quiet: three turns of the event loop without a new line. */
export async function settledLog(served: Served): Promise<void> {
  for (let quiet = 0, seen = served.logged.length; quiet < 3; ) {
    await new Promise((resolve) => setImmediate(resolve));
    quiet = served.logged.length === seen ? quiet + 1 : 0;
    seen = served.logged.length;
  }
}

/**
 * Sends every request to both copies (one kept connection each, a new one where the request's
 * ending asks) and compares the exchanges.
 *
 * @example
 * const run = await runDifferential(native, hono, requests, 5, { requestLines: false });
 * assert.is(run.differences.length, 0);
 */
export async function runDifferential(native: Served, hono: Served, requests: readonly FuzzRequest[], shown: number, comparison: Comparison): Promise<DifferentialRun> {
  const clients = [new RawClient(native.port), new RawClient(hono.port)] as const;
  const differences: string[] = [];
  let answered = 0;
  let servedNatively = 0;
  const statuses = new Map<number, number>();
  for (const request of requests) {
    const [ours, reference] = await Promise.all([exchange(native, clients[0], request, comparison), exchange(hono, clients[1], request, comparison)]);
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
  const tally = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
  return { differences, answered, servedNatively, statuses: tally };
}
