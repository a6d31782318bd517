import type { IncomingMessage, Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { NODE_UPGRADE, type NodeUpgradeEnv } from './node-upgrade-env.js';
import type { SocketPort, SocketUpgrade } from './socket-port.js';

type Fetch = (request: Request, env: NodeUpgradeEnv) => Response | Promise<Response>;

/**
 * Serves WebSocket upgrades on a Node HTTP server through the application's routes: each upgrade
 * request goes through `fetch` (so through the route's chain, guards included) with an env whose
 * upgrade function the `@Ws()` route calls once the chain let it through; then `ws` completes the
 * handshake. Any other answer (a 403 from a guard, a 404, a 426) is written to the socket as an
 * HTTP response, and the connection closed.
 *
 * @example
 * serveUpgrades(server, app.fetch); // in the Node listener
 */
export function serveUpgrades(server: Server, fetch: Fetch): void {
  // One `ws` server per maximum payload (in practice one per application), without its own HTTP server.
  const servers = new Map<number, WebSocketServer>();
  const wssFor = (maxPayload: number): WebSocketServer => {
    let wss = servers.get(maxPayload);
    if (!wss) servers.set(maxPayload, (wss = new WebSocketServer({ noServer: true, maxPayload, clientTracking: false })));
    return wss;
  };
  server.on('upgrade', (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    let upgraded = false;
    const upgrade = (maxPayload: number): SocketUpgrade => (onOpen) => {
      upgraded = true;
      wssFor(maxPayload).handleUpgrade(incoming, socket, head, (ws) => {
        const events = onOpen(nodePort(ws));
        ws.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
          const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
          events.receive(isBinary ? undefined : bytes.toString('utf8'), bytes.length);
        });
        ws.on('pong', () => events.pong());
        ws.on('close', () => events.closedByPeer());
        // A protocol error (an oversized frame: 1009) closes the socket; 'close' follows.
        ws.on('error', () => undefined);
      });
      return new Response(null, { status: 200 });
    };
    const env: NodeUpgradeEnv = { incoming, outgoing: undefined, [NODE_UPGRADE]: upgrade };
    Promise.resolve()
      .then(() => fetch(requestOf(incoming), env))
      .then(
        (response) => {
          if (!upgraded) return reject(socket, response);
        },
        () => reject(socket, new Response(null, { status: 500 })),
      );
  });
}

function nodePort(ws: WebSocket): SocketPort {
  const socket = (ws as WebSocket & { _socket?: Duplex })._socket;
  let corked = false;
  const uncork = (): void => {
    corked = false;
    socket?.uncork();
  };
  return {
    send: (text) => {
      // The messages sent in one turn of the event loop leave in one write.
      if (!corked && socket) {
        corked = true;
        socket.cork();
        process.nextTick(uncork);
      }
      ws.send(text);
    },
    get bufferedAmount() {
      return ws.bufferedAmount;
    },
    close: (code, reason) => ws.close(code, reason),
    terminate: () => ws.terminate(),
    pause: () => ws.pause(),
    resume: () => ws.resume(),
    ping: () => ws.ping(),
    drained: (bytes) =>
      new Promise((resolve) => {
        if (ws.bufferedAmount <= bytes || !socket) return resolve();
        const done = (): void => {
          if (ws.bufferedAmount > bytes && ws.readyState === ws.OPEN) return;
          socket.off('drain', done);
          ws.off('close', done);
          resolve();
        };
        socket.on('drain', done);
        ws.on('close', done);
      }),
  };
}

/** The Web request of an upgrade request: its URL and headers (it has no body). */
function requestOf(incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const protocol = (incoming.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  return new Request(`${protocol}://${incoming.headers.host ?? 'localhost'}${incoming.url ?? '/'}`, { headers });
}

/** Writes a refused upgrade's answer as an HTTP/1.1 response and closes the connection. */
async function reject(socket: Duplex, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
  if (socket.destroyed) return;
  const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`, 'connection: close', `content-length: ${body.length}`];
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'connection' && name !== 'transfer-encoding') lines.push(`${name}: ${value}`);
  });
  socket.end(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body]));
}
