// `t.request` answers as the listening server does: the same status, headers (Content-Length
// included) and body for one request, and handlers see the same Host and URL.
import type { ApplicationTables } from '@framework/core';
import { Test, type TestingModule } from '@framework/testing';
import { request as httpRequest } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../http/fixtures/hostile/', import.meta.url), 'AppModule', 'generated-parity');

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Headers a socket adds that an in-process answer cannot have: the clock and the connection's own. */
const socketOnly = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function kept(entries: Iterable<[string, string]>): Record<string, string> {
  return Object.fromEntries([...entries].filter(([name]) => !socketOnly.has(name)).sort(([a], [b]) => a.localeCompare(b)));
}

/** One request over a real socket with node:http (which, unlike fetch, sends the Host it is given). */
function overSocket(port: number, path: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (incoming) => {
      let text = '';
      incoming.setEncoding('latin1');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode!, headers: kept(Object.entries(incoming.headers).map(([name, value]) => [name, String(value)])), body: text }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function inProcess(t: TestingModule, path: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const response = await t.request(path, { method, headers, body });
  return { status: response.status, headers: kept(response.headers), body: Buffer.from(await response.arrayBuffer()).toString('latin1') };
}

const parity = suite<{ t: TestingModule; port: number }>('t.request and the server');

parity.before(async (context) => {
  context.t = await Test.createTestingModule(tables).compile();
  context.port = await context.t.listen(0, '127.0.0.1');
});
parity.after(({ t }) => t.close());

const cases: [string, string, Record<string, string>, string?][] = [
  ['/probe/param/a', 'GET', {}],
  ['/probe/param/a%2Fb', 'GET', {}],
  ['/probe/param/a', 'HEAD', {}],
  ['/probe/param/a', 'DELETE', {}],
  ['/probe/param/a', 'OPTIONS', {}],
  ['/probe/nowhere', 'GET', {}],
  ['/probe/echo', 'POST', { 'content-type': 'application/json' }, '{"a":"é"}'],
  ['/probe/echo', 'POST', { 'content-type': 'text/plain' }, '{"a":1}'],
  ['/probe/set?name=x-one&value=1', 'GET', {}],
  ['/probe/no-content', 'GET', {}],
];

for (const [path, method, headers, body] of cases) {
  parity(`${method} ${path}${body ? ` with ${headers['content-type']}` : ''}: the same answer`, async ({ t, port }) => {
    const [served, tested] = [await overSocket(port, path, method, headers, body), await inProcess(t, path, method, headers, body)];
    assert.equal(tested, served);
  });
}

parity('the Host a request names is the one handlers see, in the header and in the URL', async ({ t, port }) => {
  const host = { host: 'api.example.com' };
  const served = await overSocket(port, '/probe/url', 'GET', host);
  const tested = await inProcess(t, '/probe/url', 'GET', host);
  assert.equal(JSON.parse(tested.body), JSON.parse(served.body));
  assert.equal(JSON.parse(tested.body), { url: 'http://api.example.com/probe/url', host: 'api.example.com', raw: 'http://api.example.com/probe/url' });
  // Without one, a server's client names the server: in process, 127.0.0.1.
  assert.is(JSON.parse((await inProcess(t, '/probe/url', 'GET', {})).body).host, '127.0.0.1');
});

parity.run();
