// A body that stalls through the web adapter (`app.fetch`, what Deno, Bun and Workers call) ends
// with the 408 of `requestTimeoutMs`, as Node's server ends one: real `Request`s whose
// `ReadableStream` sends a few bytes and then nothing. The stream is cancelled (its source told
// why), a form's file already on disk is deleted, a body that arrives in time is untouched, a
// request without a body starts no timer, and no timer or rejection is left behind.
// test/deno/web-timeouts.test.ts and test/bun/web-timeouts.test.ts stall a real socket there.
import { readdirSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startHostile } from './fixtures/hostile-server.js';
import { eventually } from './fixtures/raw-http.js';

const TIMEOUT_MS = 300;
/** What a loaded machine may add to the bound before the answer is out. */
const MARGIN_MS = 1500;
const server = await startHostile('web-timeouts', { requestTimeoutMs: TIMEOUT_MS, headersTimeoutMs: TIMEOUT_MS });
const { app, temp } = server;
const rejections: unknown[] = [];
process.on('unhandledRejection', (reason) => void rejections.push(reason));

const encode = (text: string) => new TextEncoder().encode(text);
const B = 'web-timeouts-boundary';
const formHead = (size: number) =>
  `--${B}\r\nContent-Disposition: form-data; name="title"\r\n\r\nnote\r\n` +
  `--${B}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n${'x'.repeat(size)}`;

/** A body that sends `chunks` (one a pull), then never another byte; `cancelled` settles with the reason the reader gave. */
function stalling(chunks: readonly string[]): { body: ReadableStream<Uint8Array>; cancelled: Promise<unknown> } {
  let sent = 0;
  let tellCancelled!: (reason: unknown) => void;
  const cancelled = new Promise<unknown>((resolve) => (tellCancelled = resolve));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent < chunks.length) return controller.enqueue(encode(chunks[sent++]!));
      return new Promise<void>(() => undefined); // stalls: the client sends nothing more
    },
    cancel: (reason) => tellCancelled(reason),
  });
  return { body, cancelled };
}

const post = (path: string, headers: Record<string, string>, body: BodyInit | null) =>
  new Request(`http://api.example${path}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);

/** The answer to `request`, its JSON body and how long it took; a failure when none comes within the bound and its margin. */
async function timed(request: Request): Promise<{ status: number; body: any; ms: number }> {
  const started = performance.now();
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (giveUp = setTimeout(() => reject(new Error('no answer within the bound and its margin')), TIMEOUT_MS + MARGIN_MS)));
  const response = await Promise.race([app.fetch(request), late]).finally(() => clearTimeout(giveUp));
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text, ms: performance.now() - started };
}

const timeoutBody = { status: 408, name: 'RequestTimeoutException', message: `Request body was not received within ${TIMEOUT_MS} ms` };
const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

test('a JSON body that stalls is a 408 after requestTimeoutMs; with a Content-Length or without (then its stream cancelled)', async () => {
  for (const length of [undefined, '100']) {
    const { body, cancelled } = stalling(['{"title":', '"sl']);
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(length && { 'content-length': length }) };
    const answer = await timed(post('/h/json', headers, body));
    assert.equal(answer.body, timeoutBody, `Content-Length ${length}`);
    assert.is(answer.status, 408);
    // Checked every quarter of the bound: answered between the bound and 1.25 times it, plus the machine's delay.
    assert.ok(answer.ms >= TIMEOUT_MS - 20 && answer.ms < TIMEOUT_MS * 1.25 + MARGIN_MS, `answered after ${answer.ms.toFixed(0)} ms`);
    // A declared length is read by the host's whole read, which nothing can cancel: it ends with the connection.
    if (length === undefined) assert.match(String(await cancelled), /not received within 300 ms/, 'the reader was cancelled with the reason');
  }
});

test('stalled bodies among bodies read in time: each stalled one a 408, each other one answered', async () => {
  const json = { 'content-type': 'application/json' };
  const answers = await Promise.all(
    ['stall', 'fine', 'stall', 'fine', 'stall'].map((kind, index) =>
      kind === 'stall'
        ? timed(post('/h/json', index === 2 ? { ...json, 'content-length': '50' } : json, stalling(['{"title":']).body))
        : timed(post('/h/json', json, `{"title":"${index}"}`)),
    ),
  );
  assert.equal(
    answers.map(({ status, body }) => [status, body]),
    [[408, timeoutBody], [200, { title: '1' }], [408, timeoutBody], [200, { title: '3' }], [408, timeoutBody]],
  );
});

test('a form that stalls mid-file is a 408, and its file already on disk is deleted', async () => {
  const { body, cancelled } = stalling([formHead(8 * 1024)]);
  const pending = timed(post('/h/file', { 'content-type': `multipart/form-data; boundary=${B}` }, body));
  assert.ok(await eventually(() => readdirSync(temp).length === 1, TIMEOUT_MS), 'the file was spilled to disk while the body stalled');
  const answer = await pending;
  assert.equal([answer.status, answer.body], [408, timeoutBody]);
  assert.ok(answer.ms < TIMEOUT_MS + MARGIN_MS, `answered after ${answer.ms.toFixed(0)} ms`);
  await cancelled;
  assert.ok(await eventually(() => readdirSync(temp).length === 0), `temporary files left: ${readdirSync(temp).join(', ')}`);
});

test('a body that arrives in time is read as before: slow chunks within the bound, a form with a file on disk', async () => {
  const chunks = ['{"title":', '"in ', 'time"}'];
  let sent = 0;
  const slow = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === chunks.length) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.enqueue(encode(chunks[sent++]!));
    },
  });
  assert.equal(await timed(post('/h/json', { 'content-type': 'application/json' }, slow)).then(({ status, body }) => [status, body]), [200, { title: 'in time' }]);
  const form = `${formHead(4096)}\r\n--${B}--\r\n`;
  const answer = await timed(post('/h/file', { 'content-type': `multipart/form-data; boundary=${B}`, 'content-length': String(form.length) }, form));
  assert.equal([answer.status, answer.body], [200, { title: 'note', name: 'big.txt', size: 4096 }]);
  assert.ok(await eventually(() => readdirSync(temp).length === 0), 'the form read in time is deleted after its call');
});

test('no timer a request: bodies share one interval, which stops once no read is under way', async () => {
  const made: string[] = [];
  const live = new Set<unknown>();
  const { setTimeout: originalTimeout, setInterval: originalInterval, clearInterval: originalClear } = globalThis;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => (made.push('timeout'), originalTimeout(...args))) as typeof setTimeout;
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
    made.push('interval');
    const handle = originalInterval(...args);
    live.add(handle);
    return handle;
  }) as typeof setInterval;
  globalThis.clearInterval = ((handle: Parameters<typeof clearInterval>[0]) => (live.delete(handle), originalClear(handle))) as typeof clearInterval;
  try {
    // The reads of the tests before have ended: their interval stops at its next tick.
    await new Promise((resolve) => originalTimeout(resolve, TIMEOUT_MS));
    const empty = await app.fetch(post('/h/json', { 'content-type': 'application/json' }, null));
    await empty.text();
    assert.equal(made, [], 'nothing for a request without a body');
    for (const title of ['one', 'two', 'three']) {
      const full = await app.fetch(post('/h/json', { 'content-type': 'application/json' }, `{"title":"${title}"}`));
      assert.equal(await full.json(), { title });
    }
    assert.equal(made, ['interval'], 'one interval for three bodies, no timer each');
    assert.ok(await eventually(() => live.size === 0, TIMEOUT_MS), 'the interval stopped once no read was under way');
  } finally {
    Object.assign(globalThis, { setTimeout: originalTimeout, setInterval: originalInterval, clearInterval: originalClear });
  }
});

test('the app serves a normal request afterwards; nothing was logged, no rejection went unhandled', async () => {
  assert.is((await app.fetch(new Request('http://api.example/h/ping'))).status, 200);
  assert.equal(server.errors, []);
  assert.equal(rejections, []);
  await server.close();
});

test.run();
