import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { errorAnswer, type ErrorReport } from '../../../answer-rules.js';
import type { HttpRoute } from '../../../http-route.js';
import { NodeRequestFacts } from '../node-observed-route.js';
import { isThenable } from '../../../../types/thenable.js';
import { iteratorOf } from '../../../streaming/iterate.js';
import type { StreamServing } from '../../../streaming/stream-serving.js';
import { IncomingMessages } from '../../../streaming/websocket/incoming-messages.js';
import { acceptedByClosingServer, NodeSocketPort } from './node-socket-port.js';
import { PAUSE_AT, sessionOptionsFor } from '../../../streaming/websocket/session-options.js';
import { SocketSession } from '../../../streaming/websocket/socket-session.js';
import { UpgradeCall } from './upgrade-call.js';
import { UpgradeRequiredException } from '../../../streaming/websocket/upgrade-exceptions.js';
import { writeRefusal, writeResponseRefusal } from './upgrade-refusal.js';
import { isWebResponse } from '../../../../types/web-response.js';

/** Serves one upgrade request matched to a `@Ws()` route: `path` as requested, `values` its parameters in order. */
export type NodeUpgradeHandler = (incoming: IncomingMessage, socket: Duplex, head: Buffer, path: string, values: readonly string[]) => void;

/**
 * The Node-native handler of a `@Ws()` route's upgrade requests: the same answers as the Hono one
 * (`webSocketRoute`) without a Web `Request` or a Hono context. The chain runs once on an
 * `UpgradeCall`; a refusal (a guard's 403, a 429 with its `Retry-After`) is written to the
 * connection as an HTTP response; otherwise `ws` completes the handshake and a `SocketSession`
 * joins the handler to the socket, and the call lets the request go: an idle socket keeps its
 * session, its `ws` socket and the handler's generator, nothing of the upgrade. An observed
 * route's span lasts as long as the socket.
 *
 * @example
 * const handler = nodeSocketRoute(route, streaming, report, wss);
 * handler(incoming, socket, head, '/todo/ws', []);
 */
export function nodeSocketRoute(route: HttpRoute, serving: StreamServing, report: ErrorReport, wss: WebSocketServer): NodeUpgradeHandler {
  const { entry, run, telemetry } = route;
  const session = sessionOptionsFor(entry, serving, report);
  const refuse = (call: UpgradeCall, socket: Duplex, error: unknown): void => {
    call.answered = true;
    const { status, body } = errorAnswer(error, entry.name, report, { method: 'GET', path: call.path }, call.observation);
    call.observation?.end(status);
    const headers = { ...call.responseHeaders, ...(call.observation ? { 'x-request-id': call.observation.requestId } : {}), 'content-type': 'application/json' };
    writeRefusal(socket, status, Object.entries(headers), JSON.stringify(body));
  };
  const open = (call: UpgradeCall, messages: IncomingMessages, incoming: IncomingMessage, socket: Duplex, head: Buffer, answer: unknown): void => {
    // A guard, interceptor or filter may answer with a Response of its own.
    if (isWebResponse(answer)) {
      call.answered = true;
      call.observation?.end(answer.status);
      void writeResponseRefusal(socket, answer, call.responseHeaders);
      return;
    }
    let iterator: ReturnType<typeof iteratorOf>;
    try {
      iterator = iteratorOf(answer, session.where);
    } catch (error) {
      return refuse(call, socket, error);
    }
    wss.handleUpgrade(incoming, socket, head, (ws) => {
      const port = new NodeSocketPort(ws);
      const opened = new SocketSession(port, messages, iterator, call, session);
      port.listen(opened);
      opened.start();
      if (acceptedByClosingServer(socket)) opened.shutdown();
      const { observation } = call;
      if (observation) ws.once('close', () => observation.end(101));
      call.release(opened);
    });
  };
  return (incoming, socket, head, path, values) => {
    const call = new UpgradeCall(incoming, route, path, values);
    // What `@Messages()` reads (`a.body` in the generated call).
    const messages = new IncomingMessages(PAUSE_AT);
    call.body = messages;
    if (telemetry) call.observation = telemetry.begin(new NodeRequestFacts(incoming, path));
    if (incoming.headers.upgrade?.toLowerCase() !== 'websocket') return refuse(call, socket, new UpgradeRequiredException(entry.path));
    let answer: unknown;
    try {
      answer = call.observation ? call.observation.run(() => run(call)) : run(call);
    } catch (error) {
      return refuse(call, socket, error);
    }
    if (!isThenable(answer)) return open(call, messages, incoming, socket, head, answer);
    Promise.resolve(answer)
      .then(
        (value) => open(call, messages, incoming, socket, head, value),
        (error: unknown) => refuse(call, socket, error),
      )
      .then(undefined, (error: unknown) => {
        report.logger.error(`Unhandled error in the upgrade of ${session.where}`, error);
        socket.destroy();
      });
  };
}
