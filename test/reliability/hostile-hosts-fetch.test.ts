// Hostile requests through the web adapter (`app.fetch`, what Deno, Bun, Workers and Lambda call)
// with real `Request`s, beside the Node server given the same bytes on a raw socket where both can
// receive them: bodies that fail or lie about their length, framing a server refuses, odd methods,
// bad escapes, a long query, repeated headers. Each answer is a 4xx naming the problem (or the
// answer a server gives), never a stack; the app serves a normal request afterwards, in linear time.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { connect } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from '../lambda/fixtures/app/src/app.module.js';
import { medianMs, scalesLinearly } from './fixtures/linear-time.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../lambda/fixtures/app/', import.meta.url), 'AppModule', 'generated-hostile-fetch');
const app = await new FrameworkApplication(tables, { bodyLimit: 1024 }).init(AppModule);
const port = await app.listen(0, '127.0.0.1');
const url = (path: string) => `http://api.example${path}`;
const json = (name: string) => `{"name":"${name}","quantity":1}`;

/** Status and parsed body of `app.fetch`, checked to carry no stack. */
async function viaFetch(request: Request): Promise<{ status: number; body: any }> {
  const response = await app.fetch(request);
  const text = await response.text();
  assert.not.match(text, /\bat .+:\d+:\d+/, 'no stack in the body');
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}
/** Status and parsed body (undefined when empty) the Node server answers to `head` + `body` on a raw socket. */
const viaNode = (head: string, body = '') =>
  new Promise<{ status: number; body: any }>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(`${head}\r\nHost: a\r\nConnection: close\r\n\r\n${body}`));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk)).on('close', () => {
      const text = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      resolve({ status: Number(answer.slice(9, 12)), body: text === '' ? undefined : JSON.parse(text) });
    });
  });
const post = (headers: HeadersInit, body: BodyInit) => new Request(url('/l/items'), { method: 'POST', headers, body, duplex: 'half' } as RequestInit);

async function stillServes(): Promise<void> {
  assert.is((await app.fetch(new Request(url('/l/echo')))).status, 200, 'a normal request afterwards');
}

test('a body stream that fails mid-way is the 400 of a client gone, and nothing is left waiting', async () => {
  for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'application/json', 'content-length': '30' }] as Record<string, string>[]) {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ === 0) controller.enqueue(new TextEncoder().encode('{"name":'));
        else controller.error(new Error('connection reset'));
      },
    });
    const answer = await viaFetch(post(headers, body));
    assert.equal([answer.status, answer.body.name], [400, 'RequestAbortedException']);
  }
  await stillServes();
});

test('an endless body without a length stops at bodyLimit with a 413', async () => {
  const body = new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(new Uint8Array(512).fill(32)) });
  assert.equal((await viaFetch(post({ 'content-type': 'application/json' }, body))).body.name, 'BodyTooLargeException');
});

test('a Content-Length that lies is refused: shorter than a body over the limit (413), longer or shorter than one within it (400)', async () => {
  const over = await viaFetch(post({ 'content-type': 'application/json', 'content-length': '20' }, json('x'.repeat(2000))));
  assert.equal([over.status, over.body.name], [413, 'BodyTooLargeException']);
  for (const declared of ['5', '900']) {
    const answer = await viaFetch(post({ 'content-type': 'application/json', 'content-length': declared }, json('x')));
    assert.equal([answer.status, answer.body.message], [400, `The request body is ${json('x').length} bytes long, not the ${declared} its Content-Length says.`]);
  }
  await stillServes();
});

test('framing a server refuses is a 400 on both hosts: Content-Length twice or not a number, Transfer-Encoding beside it', async () => {
  const cases: [HeadersInit, string, string][] = [
    [[['content-length', '20'], ['content-length', '20']], 'Content-Length: 20\r\nContent-Length: 20', 'Content-Length must be one decimal number of bytes; got "20, 20".'],
    [{ 'content-length': '-1' }, 'Content-Length: -1', 'Content-Length must be one decimal number of bytes; got "-1".'],
    [{ 'content-length': '5', 'transfer-encoding': 'chunked' }, 'Content-Length: 5\r\nTransfer-Encoding: chunked', 'A request may not carry both Transfer-Encoding and Content-Length.'],
  ];
  for (const [headers, lines, message] of cases) {
    const withType = new Headers(headers);
    withType.set('content-type', 'application/json');
    const web = await viaFetch(post(withType, json('x'.repeat(20))));
    const node = await viaNode(`POST /l/items HTTP/1.1\r\nContent-Type: application/json\r\n${lines}`, '0\r\n\r\n');
    assert.equal([web.status, web.body.message], [400, message]);
    assert.is(node.status, 400, lines);
  }
});

test('a repeated Content-Type, a bad escape in the path or the query: the same status and body as the Node server', async () => {
  const twice = await viaFetch(post([['content-type', 'application/json'], ['content-type', 'text/plain']], json('x')));
  assert.equal(twice, await viaNode(`POST /l/items HTTP/1.1\r\nContent-Type: application/json\r\nContent-Type: text/plain\r\nContent-Length: ${json('x').length}`, json('x')));
  for (const target of ['/l/%zz', '/l/echo%', '/l/echo%00', '/l/echo?tag=%zz%&x=%E0%A4%A', '/l/echo?tag=%ff%fe']) {
    const web = await viaFetch(new Request(url(target)));
    const node = await viaNode(`GET ${target} HTTP/1.1`);
    if (web.body?.url) web.body.url = node.body.url; // the hosts differ, and only them
    assert.equal(web, node, target);
  }
});

test('methods: the six of the Fetch standard in any case are served, another is a 405, never a crash', async () => {
  assert.is((await viaFetch(new Request(url('/l/echo'), { method: 'gEt' }))).body.method, 'GET');
  for (const method of ['FOO', 'pAtCh', 'M-SEARCH']) assert.equal((await viaFetch(new Request(url('/l/echo'), { method }))).status, 405, method);
  assert.is((await app.fetch(new Request(url('/l/items'), { method: 'HEAD' }))).status, 405);
  await stillServes();
});

test('a 100 KiB query and 10,000 header lines are served in linear time', async () => {
  const query = async (size: number) => app.fetch(new Request(url(`/l/echo?tag=${'a'.repeat(size)}&${'many=1&'.repeat(size / 70)}`)));
  const small = await medianMs(() => query(10 * 1024));
  const verdict = scalesLinearly(small, await medianMs(() => query(100 * 1024)));
  assert.ok(verdict.ok, verdict.message);
  assert.is((await viaFetch(new Request(url(`/l/echo?tag=${'a'.repeat(100 * 1024)}`)))).body.tag.length, 100 * 1024);
  const headers = async (count: number) => app.fetch(new Request(url('/l/echo'), { headers: Array.from({ length: count }, (_, i): [string, string] => [`x-h${i}`, 'v']) }));
  const few = await medianMs(() => headers(1000));
  const many = scalesLinearly(few, await medianMs(() => headers(10_000)));
  assert.ok(many.ok, many.message);
});

test.after(() => app.close());
test.run();
