import type { Context } from 'hono';
import { HttpCall } from '../http-call.js';
import { openStream } from '../stream-chain.js';
import { errorResponse } from '../respond.js';
import type { HonoRouteHandler } from '../route-handler.js';
import type { HttpRoute } from '../../../http-route.js';
import type { HttpEnv } from '../../../served-http.js';
import { iteratorOf } from '../../../streaming/iterate.js';
import { isNodeUpgrade } from '../../node/websocket/node-upgrade-env.js';
import { EventStreamUpgradeException } from '../../../streaming/websocket/upgrade-exceptions.js';
import { EventPump } from '../../../streaming/sse/event-pump.js';
import { NodeEventSink, type NodeResponseLike } from '../../node/sse/node-sink.js';
import type { ErrorReport } from '../../../answer-rules.js';
import type { StreamServing } from '../../../streaming/stream-serving.js';
import { EVENT_STREAM_HEADERS, eventPumpOptions } from '../../../streaming/sse/sse-stream.js';
import { webEventSink } from './web-sink.js';
import { isWebResponse, nativeResponseClass } from '../../../../types/web-response.js';

/**
 * The Hono handler of an `@Sse()` route (Deno, `app.fetch`, and Node when forced through Hono; the
 * Node-native path has its own, `nodeSseRoute`). The chain (middleware, guards, throttling,
 * interceptors) runs once, before the first byte: a refusal is an ordinary error answer (403, 429…).
 * Its answer, the handler's iterable, becomes a `text/event-stream` response whose events are
 * pulled as the client reads (see `EventPump`).
 *
 * @example
 * app.get('/todo/events', sseRoute(spec, streaming, report));
 */
export function sseRoute(spec: HttpRoute, serving: StreamServing, report: ErrorReport): HonoRouteHandler {
  const { entry } = spec;
  const pump = eventPumpOptions(entry, serving, report);
  return async (c) => {
    if (isNodeUpgrade(c.env)) return errorResponse(c, new EventStreamUpgradeException(entry.path), entry.name, report);
    const call = new HttpCall(c, spec);
    const iterator = await openStream(c, call, spec, pump.where, report);
    if (isWebResponse(iterator)) return iterator;
    // HEAD (served here on every host): the head the GET would send, after the chain, and the
    // generator closed before its first step, so nothing keeps producing for a client that reads no body.
    if (c.req.method === 'HEAD') {
      closeUnstarted(iterator, call);
      return c.body(null, 200, EVENT_STREAM_HEADERS);
    }
    const outgoing = nodeResponseOf(c);
    if (outgoing) {
      // On @hono/node-server: events go straight to Node's response, without a Web stream.
      new EventPump(iterator, new NodeEventSink(outgoing, headersOf(c)), call, pump).start();
      return alreadySent();
    }
    const { body, sink } = webEventSink();
    new EventPump(iterator, sink, call, pump).start();
    // `transfer-encoding` makes @hono/node-server send the head at once instead of first reading the body to size it.
    return c.body(body, 200, { ...EVENT_STREAM_HEADERS, 'transfer-encoding': 'chunked' });
  };
}

/** Ends a stream nobody will read: its signal aborted, its generator closed (`finally` runs, if it started). */
function closeUnstarted(iterator: ReturnType<typeof iteratorOf>, call: HttpCall): void {
  call.abort(new Error('HEAD request: the event stream is not sent'));
  call.answered = true;
  // An async function: a `return` that throws synchronously is caught too.
  void (async () => iterator.return?.())().catch(() => undefined);
}

/** @hono/node-server's contract for a handler that wrote the response itself: it then writes nothing. */
let alreadySentResponse: Response | undefined;
// Built on first need (the Response class is not touched as the module loads), with the native
// class: @hono/node-server writes its own lighter Responses without reading this header.
const alreadySent = (): Response => (alreadySentResponse ??= new (nativeResponseClass())(null, { headers: { 'x-hono-already-sent': 'true' } }));

/** Node's response, when the call came through @hono/node-server's request listener. */
function nodeResponseOf(c: Context<HttpEnv>): NodeResponseLike | undefined {
  const outgoing = (c.env as { outgoing?: Partial<NodeResponseLike> } | undefined)?.outgoing;
  return typeof outgoing?.writeHead === 'function' && typeof outgoing.flushHeaders === 'function' ? (outgoing as NodeResponseLike) : undefined;
}

/** The stream's headers with those set on the context meanwhile (`setResponseHeader`, the throttler's). */
function headersOf(c: Context<HttpEnv>): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  c.newResponse(null).headers.forEach((value, name) => {
    const known = headers[name];
    headers[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  });
  return { ...headers, ...EVENT_STREAM_HEADERS };
}
