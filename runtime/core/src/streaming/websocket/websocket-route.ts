import { HttpException } from '../../exceptions/http-exception.js';
import { HttpCall } from '../../http/hono/http-call.js';
import { errorResponse, respond, type ErrorReport } from '../../http/hono/respond.js';
import type { HonoRouteHandler } from '../../http/hono/route-handler.js';
import type { HttpRoute } from '../../http/http-route.js';
import { bodyValidatorFor } from '../../validation/body-validator.js';
import { iteratorOf } from '../iterate.js';
import type { OpenStreams } from '../open-streams.js';
import type { StreamingOptions } from '../options.js';
import { denoUpgrade } from './deno-upgrade.js';
import { IncomingMessages } from './incoming-messages.js';
import { nodeUpgradeOf } from './node-upgrade-env.js';
import { SocketSession } from './socket-session.js';
import type { SocketPort, SocketUpgrade } from './socket-port.js';

const NativeResponse = Response;
/** Messages queued for a handler that reads slowly before the socket stops reading. */
const PAUSE_AT = 32;

class UpgradeRequiredException extends HttpException {
  constructor(path: string) {
    super(426, `${path} is a WebSocket: open it with an upgrade request (new WebSocket(url)).`);
    this.name = 'UpgradeRequiredException';
  }
}

export interface WebSocketRouteOptions {
  readonly options: StreamingOptions;
  readonly streams: OpenStreams;
  readonly report: ErrorReport;
}

/**
 * The Hono handler of a `@Ws()` route. On the upgrade request the chain (middleware, guards,
 * throttling, interceptors) runs once; a refusal is answered as an ordinary HTTP response and no
 * socket opens. Then the handler's iterable and its `@Messages()` iterable are joined to the socket
 * by a `SocketSession`. A request without `Upgrade: websocket` is a 426.
 *
 * @example
 * app.get('/todo/ws', webSocketRoute(spec, { options, streams, report }));
 */
export function webSocketRoute(spec: HttpRoute, { options, streams, report }: WebSocketRouteOptions): HonoRouteHandler {
  const { entry, run } = spec;
  const where = `${entry.name} (GET ${entry.path})`;
  const validate = entry.messages ? bodyValidatorFor(entry.messages) : (value: unknown) => value;
  return async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') return errorResponse(c, new UpgradeRequiredException(entry.path), entry.name, report);
    const upgrade: SocketUpgrade | undefined = nodeUpgradeOf(c.env, options.maxMessageBytes) ?? denoUpgrade(c.req.raw, options);
    // In-process calls (`t.request`) and other hosts of `app.fetch` have no socket to upgrade.
    if (!upgrade) return errorResponse(c, new HttpException(501, `${entry.path} is a WebSocket, which only the application's own server (app.listen) can open.`), entry.name, report);
    const call = new HttpCall(c, spec);
    let port: SocketPort | undefined;
    const incoming = new IncomingMessages(PAUSE_AT, { pause: () => port?.pause(), resume: () => port?.resume() });
    // What `@Messages()` reads (`a.body` in the generated call).
    call.body = incoming;
    let answer: unknown;
    let iterator: ReturnType<typeof iteratorOf>;
    try {
      answer = await run(call);
      if (answer instanceof NativeResponse) {
        call.answered = true;
        return respond(c, answer, 200);
      }
      iterator = iteratorOf(answer, where);
    } catch (error) {
      call.answered = true;
      return errorResponse(c, error, entry.name, report);
    }
    return upgrade((opened) => {
      port = opened;
      const session = new SocketSession(opened, incoming, iterator, call, { limits: options, validate, streams, report, where });
      session.start();
      return session;
    });
  };
}
