import { HttpException } from '../../exceptions/http-exception.js';
import { bodyValidatorFor } from '../../validation/body-validator.js';
import type { ErrorReport } from '../answer-rules.js';
import type { HttpRoute } from '../http-route.js';
import { closeIterator, iteratorOf } from '../streaming/iterate.js';
import type { StreamServing } from '../streaming/stream-serving.js';
import { IncomingMessages } from '../streaming/websocket/incoming-messages.js';
import { SocketSession, type SessionOptions } from '../streaming/websocket/socket-session.js';
import type { SocketUpgrade } from '../streaming/websocket/socket-port.js';
import { UpgradeRequiredException } from '../streaming/websocket/upgrade-exceptions.js';
import { refuseCall } from './answer-stage.js';
import { afterStreamChain } from './event-stream-stage.js';
import { PipelineCall } from './pipeline-call.js';
import type { RouteStage } from './route-stage.js';
import { UpgradeExchange } from './upgrade-exchange.js';

/**
 * The stages of a `@Ws()` route: a 426 without `Upgrade: websocket`, a 501 on a host that opens no
 * sockets; the chain once on the upgrade request (a refusal is an HTTP answer), then a
 * `SocketSession` joins the handler's iterable and its `@Messages()` to the socket.
 */
export function upgradeStage(route: HttpRoute, serving: StreamServing, report: ErrorReport): RouteStage {
  const { entry, run } = route;
  const { options, streams, pings, idleChecks } = serving;
  const validate = entry.messages ? bodyValidatorFor(entry.messages) : (value: unknown) => value;
  const session: SessionOptions = { limits: options, validate, readsMessages: entry.messages !== undefined, streams, pings, idleChecks, report, where: `${entry.name} (GET ${entry.path})` };
  return (host, path, values, observation) => {
    const exchange = new UpgradeExchange(host, session.where);
    const call = new PipelineCall(exchange, route, path, values, 0, observation);
    if (host.header('upgrade')?.toLowerCase() !== 'websocket') return refuseCall(call, new UpgradeRequiredException(entry.path), report);
    let upgrade: SocketUpgrade | undefined;
    try {
      upgrade = host.upgrade(options);
    } catch (error) {
      return refuseCall(call, error, report);
    }
    const accept = upgrade;
    // In-process calls (`t.request`) and other hosts of `app.fetch` have no socket to upgrade.
    if (!accept) return refuseCall(call, new HttpException(501, `${entry.path} is a WebSocket, which only the application's own server (app.listen) can open.`), report);
    // What `@Messages()` reads (`a.body` in the generated call).
    const messages = new IncomingMessages(PAUSE_AT);
    call.body = messages;
    const open = (iterator: ReturnType<typeof iteratorOf>): void => {
      try {
        accept((port) => {
          const opened = new SocketSession(port, messages, iterator, call, session);
          opened.start();
          exchange.release(opened, call.reqBuilt);
          return opened;
        });
      } catch (error) {
        // A handshake the host cannot answer (Deno's, for subprotocols listed as `a,b`): the generator never starts.
        closeIterator(iterator);
        refuseCall(call, error, report);
      }
    };
    afterStreamChain(call, run, session.where, report, open, (error: unknown) => {
      report.logger.error(`Unhandled error in the upgrade of ${session.where}`, error);
      host.cut();
    });
  };
}

/** Messages queued for a handler that reads slowly before the socket stops reading. */
const PAUSE_AT = 32;
