// Black-box contract of the streaming routes on a runtime's own server: the fixture app's event
// stream read with fetch, its sockets opened with the `ws` client (a header, or the subprotocols a
// browser's WebSocket uses for the token), the same assertions for Deno and Node.
import { serverEvents, type TestEvent } from '@framework/testing';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { denoExecutable, type LaunchedServer } from '../launch.js';
import { closed, nextMessage, openSocket } from '../streaming/helpers.js';

const deno = denoExecutable();

interface Probe {
  started: number;
  aborted: number;
  finished: number;
  bulk: number;
}

const probeOf = async (server: LaunchedServer): Promise<Probe> => (await (await fetch(`${server.base}/streams/probe`)).json()) as Probe;
const wsUrl = (server: LaunchedServer, path: string): string => `${server.base.replace('http:', 'ws:')}/streams${path}`;

/** Polls the fixture's probe until `check` holds (the handler's `finally` runs in the server's process). */
async function untilProbe(server: LaunchedServer, check: (probe: Probe) => boolean, what: string, every = 100): Promise<void> {
  let probe = await probeOf(server);
  for (let tries = 0; !check(probe); tries++) {
    if (tries === 50) assert.unreachable(`timed out waiting for ${what}: ${JSON.stringify(probe)}`);
    await new Promise((resolve) => setTimeout(resolve, every));
    probe = await probeOf(server);
  }
}

/** The first message of a socket, listened for before it opens (a handler yielding at once sends it with the handshake's answer). */
function firstMessage(url: string, options: WebSocket.ClientOptions = {}): Promise<unknown> {
  const socket = new WebSocket(url, options);
  return new Promise((resolve, reject) => {
    socket.once('message', (data) => {
      resolve(JSON.parse(String(data)));
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

/**
 * The protocol and first message of a socket opened by Deno's own `WebSocket` (the browser's API:
 * it offers subprotocols as `a, b`, where the `ws` client writes `a,b`).
 */
function firstMessageFromDeno(url: string, protocols: string[]): Promise<{ protocol: string; message: unknown }> {
  const code = `const s = new WebSocket(${JSON.stringify(url)}, ${JSON.stringify(protocols)});
s.onmessage = (e) => { console.log(JSON.stringify({ protocol: s.protocol, message: JSON.parse(e.data) })); s.close(); };
s.onerror = () => { console.log('error'); Deno.exit(1); };`;
  const child = spawn((deno as { path: string }).path, ['eval', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => child.once('exit', (status) => (status === 0 ? resolve(JSON.parse(output)) : reject(new Error(`deno's WebSocket: ${output}`)))));
}

/** A token of the fixture's JwtModule, valid for an hour or for `seconds`. */
async function tokenOf(server: LaunchedServer, seconds?: number): Promise<string> {
  const answer = await fetch(`${server.base}/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ subject: 'ada', seconds }) });
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** When a token expires (its `exp`), in ms since the epoch. */
const expiryOf = (token: string): number => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;

/** `promise`, or a failure naming `what` 5 s after `expiresAt`: a stream that outlives its token fails the test instead of holding it. */
function settledBy<T>(expiresAt: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} had not happened 5 s after the token expired`)), expiresAt + 5000 - Date.now())));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Registers the streaming suite for one runtime; `start` launches a fresh fixture process (with
 * these environment variables).
 *
 * @example
 * registerStreamingSuite('deno', () => launch(deno.path, [...denoRunFlags([proto]), main], { env: { JWT_SECRET } }));
 */
export function registerStreamingSuite(runtime: string, start: (env?: Record<string, string>) => Promise<LaunchedServer>): void {
  const streams = suite<{ server: LaunchedServer }>(`fixture app streaming (${runtime})`);
  streams.before(async (context) => {
    context.server = await start();
  });
  streams.after(({ server }) => server.stop());

  streams('an event stream read with fetch: its head, then each event with its type and id, then its end', async ({ server }) => {
    const response = await fetch(`${server.base}/streams/ticks?count=3`);
    assert.is(response.status, 200);
    assert.is(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.is(response.headers.get('cache-control'), 'no-cache');
    const events: TestEvent[] = [];
    for await (const event of serverEvents(response)) events.push(event);
    assert.equal(events, [1, 2, 3].map((n) => ({ event: 'tick', id: String(n), data: { n } })));
  });

  streams('Last-Event-ID resumes after the last event the client saw', async ({ server }) => {
    const response = await fetch(`${server.base}/streams/ticks?count=2`, { headers: { 'last-event-id': '41' } });
    const ids: (string | undefined)[] = [];
    for await (const event of serverEvents(response)) ids.push(event.id);
    assert.equal(ids, ['42', '43']);
  });

  streams('a client leaving an endless stream aborts the handler and closes its generator', async ({ server }) => {
    const before = await probeOf(server);
    const leave = new AbortController();
    const response = await fetch(`${server.base}/streams/ticks`, { signal: leave.signal });
    let seen = 0;
    for await (const _ of serverEvents(response)) if (++seen === 2) break;
    leave.abort();
    await untilProbe(server, (probe) => probe.aborted > before.aborted && probe.finished > before.finished, 'the handler to see the client leave');
  });

  streams('a socket: each validated message reaches the handler, each value it yields comes back', async ({ server }) => {
    const socket = (await openSocket(wsUrl(server, '/echo'))) as WebSocket;
    for (const n of [1, 2]) {
      const answer = nextMessage(socket);
      socket.send(JSON.stringify({ text: `hello ${n}`, n }));
      assert.equal(await answer, { text: `hello ${n}`, doubled: n * 2 });
    }
    const end = closed(socket);
    socket.close(1000);
    assert.is((await end).code, 1000);
  });

  streams('a message breaking its DTO closes the socket with 1007 naming the rule; one that is not JSON too', async ({ server }) => {
    for (const [send, reason] of [[JSON.stringify({ text: 'x', n: -1 }), 'n must not be less than 0'], ['not json', 'not JSON']] as const) {
      const socket = (await openSocket(wsUrl(server, '/echo'))) as WebSocket;
      const end = closed(socket);
      socket.send(send);
      const result = await end;
      assert.is(result.code, 1007);
      assert.match(result.reason, reason);
    }
  });

  streams('a client dropping its socket aborts the handler and closes its generator', async ({ server }) => {
    const before = await probeOf(server);
    const socket = (await openSocket(wsUrl(server, '/echo'))) as WebSocket;
    const answer = nextMessage(socket);
    socket.send(JSON.stringify({ text: 'one', n: 1 }));
    await answer;
    socket.terminate();
    await untilProbe(server, (probe) => probe.aborted > before.aborted && probe.finished > before.finished, 'the handler to see the socket drop');
  });

  streams('the guard runs at the upgrade: no token is an HTTP 403; the token in a header, or in the subprotocols of a browser-standard WebSocket (Deno\'s), opens the socket', async ({ server }) => {
    assert.is(await openSocket(wsUrl(server, '/private')), 403);
    const token = await tokenOf(server);
    assert.equal(await firstMessage(wsUrl(server, '/private'), { headers: { authorization: `Bearer ${token}` } }), { authorized: true });
    if ('reason' in deno) return;
    assert.equal(await firstMessageFromDeno(wsUrl(server, '/private'), ['bearer', token]), { protocol: 'bearer', message: { authorized: false } });
  });

  streams('an event stream opened with a token that expires in 1-2 s ends then: a last exception event (401), the handler aborted and closed', async ({ server }) => {
    const before = await probeOf(server);
    const token = await tokenOf(server, 2);
    const leave = new AbortController();
    const response = await fetch(`${server.base}/streams/private-ticks`, { headers: { authorization: `Bearer ${token}` }, signal: leave.signal });
    assert.is(response.status, 200);
    const events: TestEvent[] = [];
    const read = async (): Promise<void> => {
      for await (const event of serverEvents(response)) events.push(event);
    };
    // The body's end finishes the loop; an endless stream that outlived its token would not.
    await settledBy(expiryOf(token), 'the end of the stream', read()).finally(() => leave.abort());
    const ended = Date.now();
    assert.ok(ended >= expiryOf(token) - 20, `ended ${expiryOf(token) - ended} ms before the token's exp`);
    assert.ok(events.length > 1 && events.slice(0, -1).every((event) => event.event === 'tick'));
    assert.equal(events.at(-1), { event: 'exception', data: { status: 401, name: 'HttpException', message: 'The token expired.' } });
    await untilProbe(server, (probe) => probe.aborted > before.aborted && probe.finished > before.finished, 'the handler to see its signal abort');
  });

  streams('a socket opened with a token that expires in 1-2 s closes then with 1008 and a short reason; it echoed until then', async ({ server }) => {
    const before = await probeOf(server);
    const token = await tokenOf(server, 2);
    const socket = (await openSocket(wsUrl(server, '/private-echo'), { headers: { authorization: `Bearer ${token}` } })) as WebSocket;
    const end = closed(socket);
    const answer = nextMessage(socket);
    socket.send(JSON.stringify({ text: 'before', n: 1 }));
    assert.equal(await answer, { text: 'before', doubled: 2 });
    assert.equal(await settledBy(expiryOf(token), 'the close', end).finally(() => socket.terminate()), { code: 1008, reason: 'The token expired.' });
    assert.ok(Date.now() >= expiryOf(token) - 20, 'not before the token\'s exp');
    await untilProbe(server, (probe) => probe.aborted > before.aborted && probe.finished > before.finished, 'the handler to see its signal abort');
  });

  streams('subprotocols written as `a,b` behind a guard that answers later: Node opens the socket; Deno cannot answer that handshake, a 400 saying so', async ({ server }) => {
    const authorization = `Bearer ${await tokenOf(server)}`;
    const opened = await openSocket(wsUrl(server, '/private'), { headers: { authorization } }, ['first', 'second']);
    if (runtime !== 'deno') {
      assert.instance(opened, WebSocket);
      (opened as WebSocket).close(1000);
      return;
    }
    assert.is(opened, 400);
    const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers = { authorization, upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-protocol': 'first,second' };
      const asked = request(`${server.base}/streams/private`, { headers }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      asked.on('error', reject);
      asked.end();
    });
    assert.is(refused.status, 400);
    assert.match(refused.body, 'The WebSocket handshake cannot be answered');
  });

  streams('SIGTERM ends an open event stream cleanly and closes an open socket with 1001, then the process exits 0', async () => {
    const server = await start();
    const response = await fetch(`${server.base}/streams/ticks`);
    const events = serverEvents(response)[Symbol.asyncIterator]();
    assert.is((await events.next()).done, false);
    const socket = (await openSocket(wsUrl(server, '/echo'))) as WebSocket;
    const socketEnd = closed(socket);
    const stopped = server.stop();
    // The stream's body ends (no error): the iteration finishes.
    for (;;) if ((await events.next()).done) break;
    assert.is((await socketEnd).code, 1001);
    await stopped;
    assert.is(await server.exited, 0, server.output());
  });

  // Deno, blocked writing to the stalled connection, holds it until shutdownTimeoutMs and offers no
  // cut (docs/limits.md); Bun cuts it through its idle timeout.
  if (runtime !== 'deno') streams('SIGTERM with a client that stopped reading an event stream: its connection is cut after a short grace, the process exits long before shutdownTimeoutMs', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '30000' });
    const client = connect(Number(new URL(server.base).port), '127.0.0.1', () => client.write('GET /streams/bulk HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n'));
    client.pause();
    client.on('error', () => undefined); // a reset is a cut too
    // Stalled: the handler is no longer pulled (the buffers between it and the client are full).
    let seen = -1;
    await untilProbe(server, (probe) => {
      const stalled = probe.bulk > 0 && probe.bulk === seen;
      seen = probe.bulk;
      return stalled;
    }, 'the event stream to stall', 300);
    const stopping = Date.now();
    await server.stop();
    const took = Date.now() - stopping;
    client.destroy();
    assert.ok(took < 10_000, `the process took ${took} ms to exit (shutdownTimeoutMs 30000)`);
    assert.is(await server.exited, 0, server.output());
  });

  streams.run();
}
