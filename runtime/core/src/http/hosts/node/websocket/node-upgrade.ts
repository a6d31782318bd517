import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import type { ErrorReport } from '../../../answer-rules.js';
import type { HttpRoute } from '../../../http-route.js';
import { nativePathOf } from '../node-dispatch.js';
import { hasRepeatedHost, REPEATED_HOST } from '../repeated-host.js';
import { HttpException } from '../../../../exceptions/http-exception.js';
import { CompiledRouter } from '../../../compiled-router.js';
import type { StreamServing } from '../../../streaming/stream-serving.js';
import { NODE_UPGRADE, type NodeUpgradeEnv } from './node-upgrade-env.js';
import { destroyOnError, openNodeSocket } from './node-socket-port.js';
import { NodeUpgradeExchange } from './node-upgrade-exchange.js';
import { upgradeStage } from '../../../pipeline/upgrade-stage.js';
import { observedStage } from '../../../pipeline/observed-stage.js';
import type { HandshakeUpgrade } from '../../../streaming/websocket/socket-port.js';
import { EventStreamUpgradeException } from '../../../streaming/websocket/upgrade-exceptions.js';
import { writeRefusal, writeResponseRefusal } from './upgrade-refusal.js';

type NodeUpgradeHandler = (incoming: IncomingMessage, socket: Duplex, head: Buffer, path: string, values: readonly string[]) => void;

type Fetch = (request: Request, env: NodeUpgradeEnv) => Response | Promise<Response>;

const JSON_TYPE = { 'content-type': 'application/json' };

export interface NativeUpgrades {
  readonly routes: readonly HttpRoute[];
  readonly serving: StreamServing;
  readonly report: ErrorReport;
}

/**
 * Serves WebSocket upgrades on a Node HTTP server. With `native` (the node adapter), a request
 * matched to a `@Ws()` route is served by its `upgradeStage` over a `NodeUpgradeExchange`; any
 * other (every one under the web adapter) goes through `fetch` with an env whose upgrade the
 * `WebExchange` accepts. Either way `ws` completes the handshake, and any other answer is written
 * to the connection as an HTTP response, and the connection closed.
 */
export function serveUpgrades(server: Server, fetch: Fetch, native?: NativeUpgrades, loadWebSocketServer?: () => Promise<typeof WebSocketServer>): void {
  // `ws` is loaded by the first upgrade request, not at start.
  let webSocketServer: typeof WebSocketServer | undefined;
  let loading: Promise<unknown> | undefined;
  // One `ws` server per maximum payload (in practice one per application).
  const servers = new Map<number, WebSocketServer>();
  const wssFor = (maxPayload: number): WebSocketServer => {
    let wss = servers.get(maxPayload);
    if (wss) return wss;
    // The listener loads `ws` when the application has a `@Ws()` route, the only one to complete a handshake.
    if (!webSocketServer) throw new Error('A WebSocket handshake was asked for, but the application has no @Ws() route.');
    servers.set(maxPayload, (wss = new webSocketServer({ noServer: true, maxPayload, clientTracking: false })));
    return wss;
  };
  // Made by the first upgrade request: most applications never get one, and a start need not pay
  // for a second router (its paths were checked by the request router already).
  let nativeUpgrade: ((incoming: IncomingMessage, socket: Duplex, head: Buffer) => boolean) | undefined;
  const serve = (incoming: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // As for every request (`refusingRepeatedHost`): upgrades do not pass the request listener.
    if (hasRepeatedHost(incoming.rawHeaders)) return writeRefusal(socket, 400, JSON_TYPE, JSON.stringify(new HttpException(400, REPEATED_HOST)));
    if (native && (nativeUpgrade ??= nativeUpgradeRouter(native, wssFor))(incoming, socket, head)) return;
    upgradeThroughFetch(incoming, socket, head, fetch, wssFor);
  };
  server.on('upgrade', (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', destroyOnError);
    if (webSocketServer || !loadWebSocketServer) return serve(incoming, socket, head);
    // A client sends nothing more before the handshake's answer: waiting for the module loses nothing.
    loading ??= loadWebSocketServer().then((loaded) => (webSocketServer = loaded));
    loading.then(
      () => serve(incoming, socket, head),
      () => socket.destroy(),
    );
  });
}

/**
 * The node adapter's handler of upgrade requests: true when a `@Ws()` route (served) or an
 * `@Sse()` one (refused) matched. Every GET route is in its router, in order, so that a path
 * matches the route the web adapter would pick.
 */
function nativeUpgradeRouter({ routes, serving, report }: NativeUpgrades, wssFor: (maxPayload: number) => WebSocketServer): (incoming: IncomingMessage, socket: Duplex, head: Buffer) => boolean {
  const router = new CompiledRouter<NodeUpgradeHandler | undefined>();
  for (const route of routes) {
    const { entry } = route;
    if (entry.method !== 'GET' && entry.method !== 'ALL') continue;
    const handler = entry.stream === 'websocket' ? socketRoute(route, serving, report, wssFor) : entry.stream === 'sse' ? refuseEventStreamUpgrade(entry.path) : undefined;
    router.add('GET', entry.path, handler);
  }
  return (incoming, socket, head) => {
    const path = incoming.method === 'GET' ? nativePathOf(incoming) : undefined;
    const match = path === undefined ? undefined : router.match('GET', path);
    if (!match?.handler) return false;
    match.handler(incoming, socket, head, path!, match.values);
    return true;
  };
}

function socketRoute(route: HttpRoute, serving: StreamServing, report: ErrorReport, wssFor: (maxPayload: number) => WebSocketServer): NodeUpgradeHandler {
  const inner = upgradeStage(route, serving, report);
  const stage = route.telemetry ? observedStage(route.telemetry, inner) : inner;
  return (incoming, socket, head, path, values) => stage(new NodeUpgradeExchange(incoming, socket, head, wssFor), path, values, undefined);
}

function refuseEventStreamUpgrade(path: string): NodeUpgradeHandler {
  const body = JSON.stringify(new EventStreamUpgradeException(path).toJSON());
  return (_incoming, socket) => writeRefusal(socket, 400, JSON_TYPE, body);
}

/** Serves an upgrade request through the web adapter (see `serveUpgrades`). */
function upgradeThroughFetch(incoming: IncomingMessage, socket: Duplex, head: Buffer, fetch: Fetch, wssFor: (maxPayload: number) => WebSocketServer): void {
  let upgraded = false;
  const upgrade = (maxPayload: number): HandshakeUpgrade => (onOpen) => {
    upgraded = true;
    openNodeSocket(wssFor(maxPayload), incoming, socket, head, onOpen);
    return new Response(null, { status: 200 });
  };
  const env: NodeUpgradeEnv = { incoming, outgoing: undefined, [NODE_UPGRADE]: upgrade };
  Promise.resolve()
    .then(() => fetch(requestOf(incoming), env))
    .then(
      (response) => {
        if (!upgraded) return writeResponseRefusal(socket, response);
      },
      () => writeResponseRefusal(socket, new Response(null, { status: 500 })),
    );
}

/** The Web request of an upgrade request (it has no body). */
function requestOf(incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const protocol = (incoming.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  return new Request(`${protocol}://${incoming.headers.host ?? 'localhost'}${incoming.url ?? '/'}`, { headers });
}
