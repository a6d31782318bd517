/**
 * The explorer's live timeline of a `@Ws()` route: the dashboard opens the socket to the app the
 * loop runs (with the page's headers, so a guard at the upgrade sees the bearer token, which a
 * browser's `WebSocket` cannot send) and relays what happens as lines of JSON, one event a line:
 *
 * ```
 * {"type":"socket","id":"…"}                       the relay's id, for send and close
 * {"type":"open","protocol":""}
 * {"type":"in","data":"{…}","binary":false}        from the app
 * {"type":"out","data":"{…}"}                      sent from the page
 * {"type":"close","code":1008,"reason":"…","by":"app"}
 * {"type":"refused","status":403,"body":"…"}       the upgrade was answered with a status
 * ```
 *
 * `ws` is the app's own (resolved from its sources through `@framework/core`).
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The little of `ws`'s client used here. */
interface WsClient {
  readonly readyState: number;
  readonly protocol: string;
  send(data: string, callback: (error?: Error) => void): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'open', listener: () => void): this;
  on(event: 'message', listener: (data: Buffer, binary: boolean) => void): this;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  on(event: 'unexpected-response', listener: (request: unknown, response: AsyncIterable<Buffer> & { statusCode?: number }) => void): this;
}
type WsModule = new (url: string, protocols: string[] | undefined, options: { headers: Record<string, string>; maxPayload: number; handshakeTimeout: number }) => WsClient;

/** Sockets open at once, at most (each holds a connection to the app and a stream to the page). */
export const SOCKET_LIMIT = 8;
/** Characters of one message shown; the rest is cut (the app still gets or sent it whole). */
const SHOWN = 64 * 1024;
const OPEN = 1;

export type RelayEvent =
  | { readonly type: 'socket'; readonly id: string }
  | { readonly type: 'open'; readonly protocol: string }
  | { readonly type: 'in'; readonly data: string; readonly binary: boolean; readonly bytes: number }
  | { readonly type: 'out'; readonly data: string; readonly bytes: number }
  | { readonly type: 'close'; readonly code: number; readonly reason: string; readonly by: 'app' | 'page' }
  | { readonly type: 'refused'; readonly status: number; readonly body: string }
  | { readonly type: 'error'; readonly message: string };

interface Relay {
  readonly socket: WsClient;
  readonly emit: (event: RelayEvent) => void;
  closedByPage: boolean;
}

const relays = new Map<string, Relay>();
const wsOf = new Map<string, Promise<WsModule>>();

/** The app's `ws`, found from its sources (`@framework/core`'s dependency), loaded once per app directory. */
function appWs(srcDir: string): Promise<WsModule> {
  let found = wsOf.get(srcDir);
  if (!found) {
    const fromApp = createRequire(path.join(srcDir, 'index.js'));
    const file = (() => {
      try {
        return createRequire(fromApp.resolve('@framework/core')).resolve('ws');
      } catch {
        return fromApp.resolve('ws');
      }
    })();
    found = import(pathToFileURL(file).href).then((m: { default: WsModule | { WebSocket: WsModule }; WebSocket?: WsModule }) => m.WebSocket ?? ('WebSocket' in m.default ? m.default.WebSocket : m.default));
    wsOf.set(srcDir, found);
  }
  return found;
}

const cut = (text: string): string => (text.length > SHOWN ? `${text.slice(0, SHOWN)}…(${text.length - SHOWN} more characters)` : text);

/**
 * Opens `path` of the app as a WebSocket and calls `emit` with each event until it closes; resolves
 * once it is closed. `ended` (the page went away) closes it with 1001.
 *
 * @example
 * await openRelay('ws://127.0.0.1:3000', srcDir, { path: '/todo/ws', headers }, (event) => write(event), signal);
 */
export async function openRelay(origin: string, srcDir: string, request: { path: string; headers?: Readonly<Record<string, string>> }, emit: (event: RelayEvent) => void, ended: AbortSignal): Promise<void> {
  const WebSocket = await appWs(srcDir);
  const id = randomUUID();
  const socket = new WebSocket(new URL(request.path, origin).href, undefined, { headers: { ...request.headers }, maxPayload: 1024 * 1024, handshakeTimeout: 10_000 });
  const relay: Relay = { socket, emit, closedByPage: false };
  relays.set(id, relay);
  emit({ type: 'socket', id });
  await new Promise<void>((resolve) => {
    const done = (): void => {
      relays.delete(id);
      ended.removeEventListener('abort', goingAway);
      resolve();
    };
    const goingAway = (): void => {
      relay.closedByPage = true;
      if (socket.readyState === OPEN) socket.close(1001, 'the dashboard page went away');
      else socket.terminate();
    };
    ended.addEventListener('abort', goingAway, { once: true });
    socket.on('open', () => emit({ type: 'open', protocol: socket.protocol }));
    socket.on('message', (data, binary) => emit({ type: 'in', data: cut(binary ? data.toString('base64') : data.toString('utf8')), binary, bytes: data.length }));
    socket.on('unexpected-response', (_request, response) => {
      void (async () => {
        let body = '';
        for await (const chunk of response) if (body.length < 4096) body += chunk.toString('utf8');
        emit({ type: 'refused', status: response.statusCode ?? 0, body: body.slice(0, 4096) });
        done();
      })().catch(() => done());
    });
    socket.on('error', (error) => {
      emit({ type: 'error', message: error.message });
      if (socket.readyState !== OPEN) done();
    });
    socket.on('close', (code, reason) => {
      emit({ type: 'close', code, reason: reason.toString('utf8'), by: relay.closedByPage ? 'page' : 'app' });
      done();
    });
  });
}

/** Whether another socket may be opened now. */
export const relayRoom = (): boolean => relays.size < SOCKET_LIMIT;

/** Sends a text message on an open relay; says why not otherwise. */
export function sendOnRelay(id: string, data: string): Promise<string | undefined> {
  const relay = relays.get(id);
  if (!relay) return Promise.resolve(`no open socket ${JSON.stringify(id)}`);
  if (relay.socket.readyState !== OPEN) return Promise.resolve('the socket is not open');
  return new Promise((resolve) =>
    relay.socket.send(data, (error) => {
      if (error) return resolve(error.message);
      relay.emit({ type: 'out', data: cut(data), bytes: Buffer.byteLength(data) });
      resolve(undefined);
    }),
  );
}

/** Closes a relay's socket from the page with `code` (1000 unless given) and `reason`. */
export function closeRelay(id: string, code = 1000, reason = ''): string | undefined {
  const relay = relays.get(id);
  if (!relay) return `no open socket ${JSON.stringify(id)}`;
  relay.closedByPage = true;
  relay.socket.close(code, reason);
  return undefined;
}
