import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { CallObservation } from '../../../telemetry/call-observation.js';
import type { HttpRequestFacts, HttpRouteTelemetry } from '../../../telemetry/http-route-telemetry.js';
import { RequestAbortedException } from '../../../exceptions/request-exceptions.js';
import { requestHeaderOf, requestHeadersOf } from './request-headers.js';

const ABORTED_STATUS = new RequestAbortedException().status;

/**
 * Serves one matched request of a route on the Node-native path: `path` as Hono's `c.req.path`
 * gives it (see `nativePathOf`), `values` its parameters in order, `observation` the request's
 * when its route is observed (handed down and kept by the call, never hung on Node's objects).
 * (Declared here, where the observation wraps one, so that this file imports nothing that imports it.)
 */
export type NodeRouteHandler = (incoming: IncomingMessage, outgoing: ServerResponse, path: string, values: readonly string[], observation?: CallObservation) => void;

/** The HTTP facts of a Node request, read only when the telemetry asks for them. */
export class NodeRequestFacts implements HttpRequestFacts {
  constructor(
    private readonly incoming: IncomingMessage,
    readonly path: string,
  ) {}
  get method(): string {
    return this.incoming.method!;
  }
  get scheme(): string {
    return (this.incoming.socket as TLSSocket).encrypted ? 'https' : 'http';
  }
  get protocolVersion(): string {
    const version = this.incoming.httpVersion;
    return version === '2.0' ? '2' : version;
  }
  get remoteAddress(): string {
    return this.incoming.socket.remoteAddress ?? '';
  }
  header(name: string): string | undefined {
    return requestHeaderOf(this.incoming, name);
  }
  headers(): Record<string, string> {
    return requestHeadersOf(this.incoming);
  }
}

/** The calls whose responses wait on a connection for the ones in front, each ended with it if it closes first. */
const queuedCalls = new WeakMap<Socket, Set<() => void>>();

/**
 * A response pipelined behind one still owed on its connection waits without a socket, and Node
 * never closes it if the connection dies first (behind a refused request, or a client gone): its
 * call then ends with the connection, as the one in front does. Once the response has the socket,
 * its own close ends the call. One listener per connection, however many requests a client queues.
 */
function endWithConnection(incoming: IncomingMessage, outgoing: ServerResponse, end: () => void): void {
  const connection = incoming.socket;
  const queued = queuedCalls.get(connection) ?? queueOn(connection);
  queued.add(end);
  outgoing.once('socket', () => queued.delete(end));
}

/** A new queue of calls waiting on `connection`, each ended if it closes. */
function queueOn(connection: Socket): Set<() => void> {
  const calls = new Set<() => void>();
  queuedCalls.set(connection, calls);
  connection.once('close', () => {
    for (const end of calls) end();
  });
  return calls;
}

/**
 * Wraps a route's Node handler (body limit included) in its observation, as `observedWebRoute`
 * does on the web adapter: the request id answered in `X-Request-Id`, the span the handler runs in,
 * and the end of the span, metrics and request line with the status written, once the response
 * has closed. Applied at `init` only to routes of an application that observes something.
 *
 * @example
 * const handler = route.telemetry ? observedNodeRoute(route.telemetry, inner) : inner;
 */
export function observedNodeRoute(telemetry: HttpRouteTelemetry, handler: NodeRouteHandler): NodeRouteHandler {
  return (incoming, outgoing, path, values) => {
    const observation = telemetry.begin(new NodeRequestFacts(incoming, path));
    // Merged into every answer's head by `writeHead`, whose own headers win (a handler's Response).
    outgoing.setHeader('x-request-id', observation.requestId);
    let ended = false;
    const end = (): void => {
      if (ended) return;
      ended = true;
      // Closed before the answer was complete: the client went away (mid-body, or while waiting),
      // which the body reader's own error would otherwise report only after the call has ended.
      // (An answer ended but not yet flushed when the connection died is complete, as on Hono.)
      if (!outgoing.writableEnded) {
        observation.clientGone();
        // Gone mid-body with nothing written: the status of the answer its call gets (as on
        // Hono's path), not Node's default 200.
        if (!outgoing.headersSent && !incoming.complete) return observation.end(ABORTED_STATUS);
      }
      observation.end(outgoing.statusCode);
    };
    outgoing.once('close', end);
    if (outgoing.socket === null) endWithConnection(incoming, outgoing, end);
    // Node handlers answer their errors themselves: nothing is thrown out of them.
    observation.run(() => handler(incoming, outgoing, path, values, observation));
  };
}
