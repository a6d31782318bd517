// The multipart reader at the HTTP pipeline's body-reader point (extension point d), over the real
// host port adapters: NodeExchange behind a node:http server on port 0, and WebExchange over Web
// Requests. A refusal is answered (the port's stream is left, not destroyed), and temporary files
// go when the exchange closes.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect as connectHttp2, createServer as createHttp2Server, type ServerHttp2Session } from 'node:http2';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { FormEntry } from '../../runtime/core/src/contract/tables.js';
import { HttpException } from '../../runtime/core/src/exceptions/http-exception.js';
import { NodeExchange } from '../../runtime/core/src/http/hosts/node/node-exchange.js';
import { WebExchange } from '../../runtime/core/src/http/hosts/web/web-exchange.js';
import type { HostExchange } from '../../runtime/core/src/http/pipeline/host-exchange.js';
import { FormReader } from '../../runtime/core/src/http/uploads/form-reader.js';
import { loadFormFrom } from '../../runtime/core/src/http/uploads/form-route.js';
import { DEFAULT_UPLOAD_LIMITS } from '../../runtime/core/src/http/uploads/upload-limits.js';
import type { UploadedForm } from '../../runtime/core/src/http/uploads/uploaded-form.js';

const entry: FormEntry = { files: [{ field: 'file', maxCount: 1, maxBytes: 256 * 1024, required: true }] };
const temp = mkdtempSync(join(tmpdir(), 'body-reader-port-'));
const reader = new FormReader(entry, { ...DEFAULT_UPLOAD_LIMITS, memoryBytes: 1024, tempDir: temp }, 1 << 20);
/** The same form within a body limit of 16 KiB (served at `/small`). */
const smallReader = new FormReader(entry, { ...DEFAULT_UPLOAD_LIMITS, memoryBytes: 1024, tempDir: temp }, 16 * 1024);
/** A form route's body step, as the call's `loadBody` runs it (`loadFormFrom`). */
async function read(exchange: HostExchange): Promise<UploadedForm> {
  const call = { body: undefined as unknown, setResponseHeader: (name: string, value: string) => void [name, value] };
  await loadFormFrom(exchange, exchange.target === '/small' ? smallReader : reader, call);
  return call.body as UploadedForm;
}

/** The last file answered, kept past its call. */
let kept: File | undefined;
/** What the stage around a body reader does: read, then answer the form's facts or the refusal. */
async function serve(exchange: HostExchange): Promise<void> {
  try {
    const form = await read(exchange);
    const file = form.files.get('file')![0]!;
    kept = file;
    exchange.send(200, { 'content-type': 'application/json' }, JSON.stringify({ name: file.name, size: file.size, type: file.type }));
  } catch (error) {
    const refusal = error instanceof HttpException ? error : new HttpException(500, 'failed');
    // HTTP/2 has no Connection header (Node warns and drops it).
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (exchange.protocolVersion !== '2') headers.connection = 'close';
    exchange.send(refusal.status, headers, JSON.stringify(refusal.toJSON()));
  }
}

const form = (bytes: number): FormData => {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes).fill(0x61)]), 'a.txt');
  return data;
};

async function emptied(): Promise<void> {
  for (let i = 0; i < 100 && readdirSync(temp).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(readdirSync(temp), [], 'no temporary file left');
}

const port = suite<{ server: Server; base: string; port: number }>('the body-reader point over the host port');

port.before(async (context) => {
  context.server = createServer((incoming, outgoing) => void serve(new NodeExchange(incoming, outgoing)));
  await new Promise<void>((resolve) => context.server.listen(0, '127.0.0.1', resolve));
  context.port = (context.server.address() as AddressInfo).port;
  context.base = `http://127.0.0.1:${context.port}`;
});
port.after(async ({ server }) => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(temp, { recursive: true, force: true });
});

port('NodeExchange: a file read through the port, its temporary file deleted when the exchange closes', async ({ base }) => {
  const response = await fetch(base, { method: 'POST', body: form(8 * 1024) });
  assert.equal(await response.json(), { name: 'a.txt', size: 8 * 1024, type: 'text/plain' });
  await emptied();
});

port('NodeExchange: a file kept past its call is let go when the exchange closes: a later read is refused', async ({ base }) => {
  const response = await fetch(base, { method: 'POST', body: form(512) });
  assert.is(response.status, 200);
  await response.text();
  for (let i = 0; i < 100 && (await kept!.arrayBuffer().then(() => true, () => false)); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  const refusal = await kept!.arrayBuffer().then(() => undefined, (error: unknown) => error);
  assert.ok(refusal instanceof DOMException && refusal.name === 'NotReadableError', String(refusal));
});

port('NodeExchange: a file over its limit is answered 413 (the stream is left, not destroyed)', async ({ base }) => {
  const response = await fetch(base, { method: 'POST', body: form(300 * 1024) });
  assert.is(response.status, 413);
  assert.is(((await response.json()) as { limit: string }).limit, 'fileBytes');
  await emptied();
});

port('NodeExchange: a client gone mid-file leaves no temporary file', async ({ port: at }) => {
  const socket = connect(at, '127.0.0.1');
  await new Promise((resolve) => socket.on('connect', resolve));
  socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b0\r\nContent-Length: 200000\r\n\r\n--b0\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n`);
  socket.write(Buffer.alloc(64 * 1024, 0x61));
  for (let i = 0; i < 100 && readdirSync(temp).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.is(readdirSync(temp).length, 1, 'the file was being written');
  socket.destroy();
  await emptied();
});

port("NodeExchange: a chunked body past the route's body limit is the port's 413, reading stopped, no file left", async ({ port: at }) => {
  const socket = connect(at, '127.0.0.1');
  await new Promise((resolve) => socket.on('connect', resolve));
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  // No Content-Length: only the bytes as they come can cross the limit.
  const head = `--b0\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n`;
  const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
  socket.write(`POST /small HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b0\r\nTransfer-Encoding: chunked\r\n\r\n${chunk(head)}`);
  for (let i = 0; i < 5; i++) socket.write(chunk('a'.repeat(4096)));
  for (let i = 0; i < 200 && !answer.includes('}'); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  socket.destroy();
  assert.match(answer, /^HTTP\/1\.1 413 /);
  assert.match(answer, /"name":"BodyTooLargeException"/);
  assert.match(answer, /larger than the limit of 16384 bytes/);
  await emptied();
});

port('NodeExchange: a body sent in 1 KiB pieces, paused for the disk and resumed, arrives whole', async ({ base }) => {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(200 * 1024).fill(0x78)]), 'a.txt');
  const encoded = new Response(data);
  const contentType = encoded.headers.get('content-type')!;
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let at = 0;
  const pieces = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += 1024)));
    },
  });
  const response = await fetch(base, { method: 'POST', body: pieces, headers: { 'content-type': contentType }, duplex: 'half' } as RequestInit);
  assert.equal(await response.json(), { name: 'a.txt', size: 200 * 1024, type: 'text/plain' });
  await emptied();
});

port('NodeExchange over HTTP/2 (compatibility mode): a file read, and one over its limit answered 413', async () => {
  const server = createHttp2Server((incoming, outgoing) => void serve(new NodeExchange(incoming as unknown as IncomingMessage, outgoing as unknown as ServerResponse)));
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => sessions.add(session));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const session = connectHttp2(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  try {
    for (const [bytes, status] of [[8 * 1024, 200], [300 * 1024, 413]] as const) {
      const encoded = new Response(form(bytes));
      const body = Buffer.from(await encoded.arrayBuffer());
      const stream = session.request({ ':method': 'POST', ':path': '/', 'content-type': encoded.headers.get('content-type')! });
      stream.end(body);
      // The refusal may reset the stream once answered: its head and body are what is read here.
      stream.on('error', () => undefined);
      const [head, text] = await Promise.all([
        new Promise<Record<string, unknown>>((resolve) => stream.once('response', resolve)),
        new Promise<string>((resolve) => {
          let data = '';
          stream.setEncoding('utf8');
          stream.on('data', (chunk: string) => (data += chunk));
          stream.on('end', () => resolve(data));
          stream.on('close', () => resolve(data));
        }),
      ]);
      assert.is(head[':status'], status);
      if (status === 200) assert.equal(JSON.parse(text), { name: 'a.txt', size: bytes, type: 'text/plain' });
      else {
        assert.match(text, /"limit":"fileBytes"/);
        // Answered before its body ended, the stream is reset with NO_ERROR (RFC 9113 §8.1; Node's
        // compatibility layer does it): the unread body no longer holds the session's window.
        for (let i = 0; i < 100 && stream.rstCode === undefined; i++) await new Promise((resolve) => setTimeout(resolve, 10));
        assert.is(stream.rstCode, 0, 'the refused stream is reset with NO_ERROR');
      }
    }
  } finally {
    // Destroyed, not closed, on both sides: Node keeps a stream reset with NO_ERROR open while its
    // unsent body waits, so a session's `close` (and the server's, which waits for its sessions)
    // could wait for good.
    session.destroy();
    for (const open of sessions) open.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
  await emptied();
});

port('WebExchange: a file read from request.body, and a refusal answered', async () => {
  for (const [bytes, status] of [[8 * 1024, 200], [300 * 1024, 413]] as const) {
    const exchange = new WebExchange(new Request('http://x/', { method: 'POST', body: form(bytes) }), undefined);
    void serve(exchange);
    const response = await exchange.response;
    assert.is(response.status, status);
    if (status === 200) assert.equal(await response.json(), { name: 'a.txt', size: bytes, type: 'text/plain' });
  }
  await emptied();
});

port.run();
