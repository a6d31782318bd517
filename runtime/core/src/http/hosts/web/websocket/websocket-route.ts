import { HttpException } from '../../../../exceptions/http-exception.js';
import type { ErrorReport } from '../../../answer-rules.js';
import { HttpCall } from '../http-call.js';
import { openStream } from '../stream-chain.js';
import { errorResponse } from '../respond.js';
import type { Context } from 'hono';
import type { HttpEnv } from '../../../served-http.js';
import type { HttpRoute } from '../../../http-route.js';
import type { StreamServing } from '../../../streaming/stream-serving.js';
import { denoUpgrade } from './deno-upgrade.js';
import { IncomingMessages } from '../../../streaming/websocket/incoming-messages.js';
import { nodeUpgradeOf } from '../../node/websocket/node-upgrade-env.js';
import { PAUSE_AT, sessionOptionsFor } from '../../../streaming/websocket/session-options.js';
import { SocketSession } from '../../../streaming/websocket/socket-session.js';
import type { SocketUpgrade } from '../../../streaming/websocket/socket-port.js';
import { UpgradeRequiredException } from '../../../streaming/websocket/upgrade-exceptions.js';
import { isWebResponse } from '../../../../types/web-response.js';

/**
 * The Hono handler of a `@Ws()` route (Deno, and Node when forced through Hono; the Node-native
 * path has its own, `nodeSocketRoute`). On the upgrade request the chain (middleware, guards,
 * throttling, interceptors) runs once; a refusal is answered as an ordinary HTTP response and no
 * socket opens. Then the handler's iterable and its `@Messages()` iterable are joined to the socket
 * by a `SocketSession`. A request without `Upgrade: websocket` is a 426.
 *
 * @example
 * app.get('/todo/ws', webSocketRoute(spec, streaming, report));
 */
export function webSocketRoute(spec: HttpRoute, serving: StreamServing, report: ErrorReport): (c: Context<HttpEnv>) => Promise<Response> {
  const { entry } = spec;
  const session = sessionOptionsFor(entry, serving, report);
  const { options } = serving;
  return async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') return errorResponse(c, new UpgradeRequiredException(entry.path), entry.name, report);
    const upgrade: SocketUpgrade | undefined = nodeUpgradeOf(c.env, options.maxMessageBytes) ?? denoUpgrade(c.req.raw, options);
    // In-process calls (`t.request`) and other hosts of `app.fetch` have no socket to upgrade.
    if (!upgrade) return errorResponse(c, new HttpException(501, notOpened(entry.path)), entry.name, report);
    const call = new HttpCall(c, spec);
    const incoming = new IncomingMessages(PAUSE_AT);
    // What `@Messages()` reads (`a.body` in the generated call).
    call.body = incoming;
    const iterator = await openStream(c, call, spec, session.where, report);
    if (isWebResponse(iterator)) return iterator;
    return upgrade((port) => {
      const opened = new SocketSession(port, incoming, iterator, call, session);
      opened.start();
      return opened;
    });
  };
}

/** Why no socket opens here: on Bun the adapter does not upgrade yet; elsewhere only `app.listen`'s own server can. */
function notOpened(path: string): string {
  return 'Bun' in globalThis
    ? `${path} is a WebSocket, which the framework does not open on Bun yet (Node and Deno open it through app.listen).`
    : `${path} is a WebSocket, which only the application's own server (app.listen) can open.`;
}
