// The node adapter answers byte for byte as the web adapter does: the same fixture app served
// twice (once on the web adapter, FRAMEWORK_HTTP_ADAPTER=web), the same raw requests sent to
// both, and every status, header that matters, body and log line compared.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ignoredHeaders, serveFixture, type Served } from './fixtures/both-adapters.js';

interface Probe {
  readonly method: string;
  readonly path: string;
  /** A list of values is sent as that many header lines. */
  readonly headers?: Record<string, string | string[]>;
  readonly body?: string;
  /** Sent with `Transfer-Encoding: chunked`, in these pieces. */
  readonly chunks?: readonly string[];
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(port: number, probe: Probe): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | string[]> = { ...probe.headers };
    if (probe.body !== undefined) headers['content-length'] = String(Buffer.byteLength(probe.body));
    const req = httpRequest({ host: '127.0.0.1', port, method: probe.method, path: probe.path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: comparable(res.headers), body }));
    });
    req.on('error', reject);
    if (probe.chunks) for (const chunk of probe.chunks) req.write(chunk);
    req.end(probe.body);
  });
}

function comparable(headers: IncomingHttpHeaders): Record<string, string | string[] | undefined> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !ignoredHeaders.has(name)));
}

const json = { 'content-type': 'application/json' };
const validOrder = JSON.stringify({ customer: 'Ada', address: { street: 'Main street' }, items: [{ quantity: 2 }] });

const probes: Probe[] = [
  { method: 'GET', path: '/features/text' },
  { method: 'GET', path: '/features/text/' },
  { method: 'GET', path: '/features/text?x=1#frag' },
  { method: 'GET', path: '/features/nothing' },
  { method: 'GET', path: '/features/response' },
  // Found writing the answer rule once (answerKind): the node adapter answered an empty 204 here.
  { method: 'GET', path: '/features/response-over-code' },
  { method: 'GET', path: '/features/async' },
  { method: 'GET', path: '/features/query?page=2&sort=asc' },
  { method: 'GET', path: '/features/query?page=1&page=2&b=+x+y&empty=&flag' },
  { method: 'GET', path: '/features/headers', headers: { 'x-one': '  first ', 'x-two': 'second' } },
  { method: 'GET', path: '/features/users/7/posts/42' },
  { method: 'GET', path: '/features/users/7/posts/' },
  { method: 'GET', path: '/features/users//posts/42' },
  { method: 'GET', path: '/features/users/a.b/posts/c~d' },
  { method: 'GET', path: '/features/count' },
  { method: 'GET', path: '/features/count' },
  // Found by adapter-parity-fuzz.test.ts: the call's path (req.path, the log line) without the trailing slash, as on Hono;
  { method: 'GET', path: '/features/crash/' },
  { method: 'GET', path: '/features/headers/', headers: { 'x-two': 'second' } },
  // req.raw's headers line by line (an empty repeated line kept in the joined value: `again, `);
  { method: 'GET', path: '/features/headers', headers: { 'x-one': ['again', ''] } },
  // @Header() without a name a null-prototype record, a `__proto__` request header in it.
  { method: 'GET', path: '/features/all-headers', headers: { host: 'localhost', ['__proto__']: 'odd', 'x-forwarded-for': '203.0.113.7', cookie: ['a=1', 'b=2'] } },
  { method: 'GET', path: '/features/crash' },
  { method: 'GET', path: '/features/custom' },
  { method: 'GET', path: '/features/teapot' },
  { method: 'GET', path: '/features/set-headers' },
  { method: 'GET', path: '/features/set-headers?name=constructor' },
  { method: 'GET', path: '/nowhere' },
  { method: 'GET', path: '/features/%74ext' },
  { method: 'GET', path: '/features/users/%E2%9C%93/posts/1' },
  { method: 'GET', path: '/features/../features/text' },
  { method: 'GET', path: '/features/text', headers: { host: 'Example.COM' } },
  { method: 'HEAD', path: '/features/text' },
  { method: 'POST', path: '/features/text' },
  { method: 'POST', path: '/features/created' },
  { method: 'DELETE', path: '/features/gone' },
  ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((method) => ({ method, path: '/features/any' })),
  { method: 'PROPFIND', path: '/features/any' },
  { method: 'POST', path: '/features/orders', headers: json, body: validOrder },
  { method: 'POST', path: '/features/orders', headers: json, body: `\uFEFF${validOrder}` },
  { method: 'POST', path: '/features/orders', headers: json, body: JSON.stringify({ customer: 7, address: { street: 'x' }, items: [] }) },
  { method: 'POST', path: '/features/orders', headers: json, body: '{"customer":' },
  { method: 'POST', path: '/features/orders', headers: json, body: '[1,2]' },
  { method: 'POST', path: '/features/orders', headers: json, body: '' },
  { method: 'POST', path: '/features/orders', headers: { 'content-type': 'text/plain' }, body: validOrder },
  { method: 'POST', path: '/features/orders', headers: json, body: JSON.stringify({ customer: 'x'.repeat(3000) }) },
  { method: 'POST', path: '/features/orders', headers: json, chunks: [validOrder.slice(0, 20), validOrder.slice(20)] },
  { method: 'POST', path: '/features/orders', headers: json, chunks: ['{"customer":"', 'y'.repeat(3000), '"}'] },
  { method: 'POST', path: '/features/orders', headers: { ...json, 'transfer-encoding': 'chunked' }, chunks: [] },
];

const parity = suite<{ native: Served; hono: Served }>('Node-native path against the Hono path');

parity.before(async (context) => {
  context.native = await serveFixture('node');
  context.hono = await serveFixture('web');
});
parity.after(async ({ native, hono }) => {
  await native.app.close();
  await hono.app.close();
});

parity('every probe gets the same status, headers and body on both paths', async ({ native, hono }) => {
  for (const probe of probes) {
    const [ours, reference] = [await send(native.port, probe), await send(hono.port, probe)];
    assert.equal(ours, reference, `${probe.method} ${probe.path} ${probe.headers ? JSON.stringify(probe.headers) : ''}`);
  }
  assert.equal(native.logged, hono.logged);
  assert.ok(native.logged.some((line) => line.includes('FeaturesController.crash')), 'the crash was logged with its route');
});

parity('headers a handler sets are sent under any valid name, the last value winning and the answer’s type over its own', async ({ native }) => {
  const response = await fetch(`http://127.0.0.1:${native.port}/features/set-headers?name=__proto__`);
  assert.equal([response.headers.get('x-custom'), response.headers.get('__proto__'), response.headers.get('content-type')], ['three', 'two', 'application/json']);
  assert.equal(await response.json(), { set: true });
});

parity('the native path is the one serving (its headers come straight from writeHead)', async ({ native, hono }) => {
  // Both paths agree on every value; only the native path writes `content-length` in lower case
  // itself (@hono/node-server has Node add `Content-Length` for a Response). The raw lines tell which path answered.
  const rawHead = (port: number) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /features/async HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text.split('\r\n\r\n')[0]!));
      socket.on('error', reject);
    });
  assert.match(await rawHead(native.port), /\r\ncontent-length: 15\r\n/);
  assert.match(await rawHead(hono.port), /\r\nContent-Length: 15(\r\n|$)/);
});

parity('a client leaving mid-body is counted on both paths, not logged', async ({ native, hono }) => {
  for (const served of [native, hono]) {
    const before = served.app.stats().abortedRequests;
    await new Promise<void>((resolve) => {
      const socket = connect(served.port, '127.0.0.1', () => {
        socket.write('POST /features/orders HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"cust');
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => resolve());
    });
    const deadline = Date.now() + 2000;
    while (served.app.stats().abortedRequests === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.is(served.app.stats().abortedRequests, before + 1);
  }
  assert.equal(native.logged, hono.logged);
});

parity('a client gone mid-body has the same request line on both paths: the status of the answer the call gets', async () => {
  // Found by adapter-parity-fuzz.test.ts: the native path's line said 200 (Node's default, nothing was written).
  const lines: string[] = [];
  for (const path of ['node', 'web'] as const) {
    const served = await serveFixture(path, { requestLines: true });
    await new Promise<void>((resolve) => {
      const socket = connect(served.port, '127.0.0.1', () =>
        socket.end('POST /features/orders HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"cus\r\n'),
      );
      socket.on('close', () => resolve());
      socket.resume();
    });
    await served.app.close();
    const line = JSON.parse(served.logged.find((text) => text.includes('/features/orders'))!) as Record<string, unknown>;
    lines.push(JSON.stringify({ status: line.status, refusal: line.refusal, route: line.route }));
  }
  assert.equal(lines, Array(2).fill(JSON.stringify({ status: 400, refusal: 'aborted', route: '/features/orders' })));
});

/** Writes `requests` on one connection at once and waits for the server to close it. */
function pipeline(port: number, requests: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(requests));
    socket.on('close', () => resolve());
    socket.resume();
  });
}

/** The request lines a served app wrote for `route`, reduced to what both paths must agree on. */
async function linesOf(path: 'node' | 'web', requests: string, route: string): Promise<string[]> {
  const served = await serveFixture(path, { requestLines: true });
  await pipeline(served.port, requests);
  await served.app.close();
  return served.logged
    .filter((text) => text.includes(route))
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .map((line) => JSON.stringify({ status: line.status, refusal: line.refusal, route: line.route }));
}

// Node answers an HTTP/1.1 request without `Host` with a 400 and closes the connection after it:
// the request pipelined behind it is handled, but its answer waits for a socket it never gets.
const refusedThen = (path: string) => `GET /features/text HTTP/1.1\r\n\r\nGET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;

parity('a request pipelined behind one Node refuses has the same request line on both paths', async () => {
  const lines = [await linesOf('node', refusedThen('/features/headers'), '/features/headers'), await linesOf('web', refusedThen('/features/headers'), '/features/headers')];
  assert.equal(lines[0], [JSON.stringify({ status: 200, route: '/features/headers' })]);
  assert.equal(lines[0], lines[1]);
});

parity('a request pipelined behind one Node refuses, its handler still running, ends on the native path as aborted', async () => {
  // The Hono path writes its line when the handler finishes, with the handler's status (docs/limits.md).
  const lines = await linesOf('node', refusedThen('/features/async'), '/features/async');
  assert.equal(lines, [JSON.stringify({ status: 200, refusal: 'aborted', route: '/features/async' })]);
});

parity('thirty requests pipelined on one connection of an observed route are all answered and logged, without a listener warning', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => void warnings.push(warning.name);
  process.on('warning', onWarning);
  try {
    const served = await serveFixture('node', { requestLines: true });
    const requests = Array.from({ length: 30 }, (_, i) => `GET /features/async HTTP/1.1\r\nHost: localhost\r\n${i === 29 ? 'Connection: close\r\n' : ''}\r\n`).join('');
    let answers = '';
    await new Promise<void>((resolve) => {
      const socket = connect(served.port, '127.0.0.1', () => socket.write(requests));
      socket.on('data', (chunk) => (answers += chunk.toString('latin1')));
      socket.on('close', () => resolve());
    });
    await served.app.close();
    assert.is(answers.match(/HTTP\/1\.1 200 OK/g)?.length, 30);
    assert.is(served.logged.filter((line) => line.includes('"/features/async"')).length, 30);
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(warnings, []);
  } finally {
    process.off('warning', onWarning);
  }
});

parity.run();
