// Malformed, oversized, slow and aborted HTTP requests against the todo example over raw sockets:
// each gets a 4xx or a closed connection within its limit, nothing is logged, no answer carries a
// stack, and the server keeps serving.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startExample, type RunningExample } from './fixtures/example.js';
import { abort, eventually, exchange } from './fixtures/raw-http.js';

const HEADERS_TIMEOUT_MS = 400;
const REQUEST_TIMEOUT_MS = 900;

const hostile = suite<{ example: RunningExample }>('hostile HTTP requests');

hostile.before(async (context) => {
  context.example = await startExample({ headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS });
});
hostile.after(async ({ example }) => example.close());

async function stillServes(example: RunningExample): Promise<void> {
  assert.is((await fetch(`${example.base}/health`)).status, 200, 'the server still answers');
}

hostile('a connection that sends nothing, or headers slowly, is closed with 408 after headersTimeoutMs', async ({ example }) => {
  const idle = await exchange(example.port, []);
  const trickle = await exchange(example.port, ['GET /health HTTP/1.1\r\n', ...Array.from({ length: 30 }, () => ({ delayMs: 100, data: 'X-Slow: 1\r\n' }))]);
  for (const [what, result] of [['idle', idle], ['slow headers', trickle]] as const) {
    assert.ok(result.closedByServer, `${what}: closed by the server`);
    assert.is(result.status, 408, what);
    assert.ok(result.ms >= HEADERS_TIMEOUT_MS - 50 && result.ms < HEADERS_TIMEOUT_MS + 1500, `${what}: closed after ${result.ms} ms`);
  }
  await stillServes(example);
});

hostile('a body trickled byte by byte is cut with 408 after requestTimeoutMs', async ({ example }) => {
  const head = `POST /todo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${example.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
  const result = await exchange(example.port, [head, ...Array.from({ length: 40 }, () => ({ delayMs: 100, data: ' ' }))], { timeoutMs: 5000 });
  assert.ok(result.closedByServer);
  assert.is(result.status, 408);
  assert.ok(result.ms < REQUEST_TIMEOUT_MS + 1500, `closed after ${result.ms} ms`);
  await stillServes(example);
});

hostile('100 clients that disconnect mid-body are counted, not logged', async ({ example }) => {
  const before = example.app.stats().abortedRequests;
  // Each round from its own client address (loopback is a trusted proxy): the example throttles
  // POST /todo to 100 calls a minute per caller, and a refused call never reads its body.
  const head = (round: number) =>
    `POST /todo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${example.token}\r\nX-Forwarded-For: 198.51.100.${round + 1}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"name":"cut`;
  for (let round = 0; round < 10; round++) await Promise.all(Array.from({ length: 10 }, () => abort(example.port, head(round))));
  assert.ok(await eventually(() => example.app.stats().abortedRequests - before === 100), `counted ${example.app.stats().abortedRequests - before} of 100`);
  assert.equal(example.errors, []);
  await stillServes(example);
});

hostile('malformed requests are 4xx (request smuggling included) and carry no stack', async ({ example }) => {
  const manyHeaders = Array.from({ length: 3000 }, (_, i) => `X-H${i}: v\r\n`).join('');
  const cases: [string, string, number[]][] = [
    ['garbage request line', 'GARBAGE\r\n\r\n', [400]],
    ['header without a colon', 'GET /health HTTP/1.1\r\nHost: x\r\nnocolon\r\n\r\n', [400]],
    ['3000 headers', `GET /health HTTP/1.1\r\nHost: x\r\n${manyHeaders}\r\n`, [431]],
    ['a 20 KiB header', `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`, [431]],
    ['Content-Length and Transfer-Encoding together', 'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', [400]],
    ['two Content-Lengths', 'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\nabcd', [400]],
    ['a negative Content-Length', 'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n', [400]],
    ['a bad chunk size', 'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nab\r\n0\r\n\r\n', [400]],
    ['an unknown method', 'BREW /health HTTP/1.1\r\nHost: x\r\n\r\n', [400, 404]],
    ['HTTP/1.1 without Host', 'GET /health HTTP/1.1\r\n\r\n', [400]],
    ['two Host headers (RFC 9112)', 'GET /health HTTP/1.1\r\nHost: x\r\nhost: y\r\n\r\n', [400]],
    ['two Host headers on a route the native path serves', 'GET /todo HTTP/1.1\r\nHost: a\r\nHOST: b\r\n\r\n', [400]],
  ];
  for (const [what, request, statuses] of cases) {
    const result = await exchange(example.port, [request]);
    assert.ok(statuses.includes(result.status), `${what}: got ${result.status} (${result.response.slice(0, 80)})`);
    assert.not.match(result.response, /\bat \S+ \(|\.ts:\d+/, `${what}: no stack in the answer`);
  }
  assert.equal(example.errors, []);
  await stillServes(example);
});

hostile('bodies over the limit are 413 with Connection: close, declared or chunked', async ({ example }) => {
  const big = 'x'.repeat(70 * 1024);
  const declared = await exchange(example.port, [`POST /todo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${example.token}\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n\r\n${big}`]);
  const chunked = await exchange(example.port, [
    `POST /todo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${example.token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
    ...Array.from({ length: 4 }, () => `${(20 * 1024).toString(16)}\r\n${'y'.repeat(20 * 1024)}\r\n`),
    '0\r\n\r\n',
  ]);
  for (const result of [declared, chunked]) {
    assert.is(result.status, 413);
    assert.match(result.response.toLowerCase(), 'connection: close');
    assert.match(result.response, 'BodyTooLargeException');
  }
  assert.equal(example.errors, []);
});

hostile.run();

const capped = suite<{ example: RunningExample }>('maxConnections');

capped.before(async (context) => {
  context.example = await startExample({ maxConnections: 4 });
});
capped.after(async ({ example }) => example.close());

capped('connections past maxConnections are closed on arrival; the server serves again once they go', async ({ example }) => {
  const held = Array.from({ length: 4 }, () => exchange(example.port, [{ delayMs: 1500, data: '' }], { timeoutMs: 1500 }));
  await new Promise((r) => setTimeout(r, 200));
  const refused = await exchange(example.port, ['GET /health HTTP/1.1\r\nHost: x\r\n\r\n'], { timeoutMs: 1000 });
  assert.ok(refused.closedByServer, 'the fifth connection is closed');
  assert.is(refused.status, 0, 'and gets no answer');
  await Promise.all(held);
  // The server learns of the closed connections a moment later.
  let status = 0;
  for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
    status = await fetch(`${example.base}/health`).then((r) => r.status, () => 0);
    if (status !== 200) await new Promise((r) => setTimeout(r, 50));
  }
  assert.is(status, 200);
});

capped.run();
