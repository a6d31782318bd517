import type { Context } from 'hono';
import { HttpException } from '../../exceptions/http-exception.js';
import { HttpCall } from '../../http/hono/http-call.js';
import { errorResponse, respond, type ErrorReport } from '../../http/hono/respond.js';
import type { HonoRouteHandler } from '../../http/hono/route-handler.js';
import type { HttpRoute } from '../../http/http-route.js';
import type { HttpEnv } from '../../http/served-http.js';
import { iteratorOf } from '../iterate.js';
import type { OpenStreams } from '../open-streams.js';
import { pumpEvents } from './event-pump.js';
import { nodeEventSink, type NodeResponseLike } from './node-sink.js';
import { webEventSink } from './web-sink.js';

const NativeResponse = Response;
const internalError = { status: 500, name: 'InternalServerErrorException', message: 'Internal server error' };

/** What every `@Sse()` route shares. */
export interface SseRouteOptions {
  readonly heartbeatMs: number;
  readonly streams: OpenStreams;
  readonly report: ErrorReport;
}

/**
 * The Hono handler of an `@Sse()` route. The chain (middleware, guards, throttling,
 * interceptors) runs once, before the first byte: a refusal is an ordinary error answer (403, 429…).
 * Its answer, the handler's iterable, becomes a `text/event-stream` response whose events are
 * pulled as the client reads (see `eventStream`). An error the handler throws mid-stream, after the
 * 200 went out, is sent as a last `event: exception` whose data is the error body (an
 * `HttpException`'s own, else a 500 without details, logged).
 *
 * @example
 * app.get('/todo/events', sseRoute(spec, { heartbeatMs: 15_000, streams, report }));
 */
export function sseRoute(spec: HttpRoute, options: SseRouteOptions): HonoRouteHandler {
  const { entry, run } = spec;
  const where = `${entry.name} (GET ${entry.path})`;
  const { report } = options;
  const failureEvent = (error: unknown): string => {
    if (!(error instanceof HttpException)) report.logger.error(`Unhandled error in the event stream of ${where}`, error);
    return `event: exception\ndata: ${JSON.stringify(error instanceof HttpException ? error.toJSON() : internalError)}\n\n`;
  };
  return async (c) => {
    const call = new HttpCall(c, spec);
    let answer: unknown;
    try {
      answer = await run(call);
    } catch (error) {
      call.answered = true;
      return errorResponse(c, error, entry.name, report);
    }
    // A guard, interceptor or filter may answer with a Response of its own.
    if (answer instanceof NativeResponse) {
      call.answered = true;
      return respond(c, answer, 200);
    }
    let iterator: ReturnType<typeof iteratorOf>;
    try {
      iterator = iteratorOf(answer, where);
    } catch (error) {
      call.answered = true;
      return errorResponse(c, error, entry.name, report);
    }
    const pump = { heartbeatMs: options.heartbeatMs, where, streams: options.streams, failureEvent };
    const outgoing = nodeResponseOf(c);
    if (outgoing) {
      // The framework's own Node server: events go straight to the socket, without a Web stream.
      pumpEvents(iterator, nodeEventSink(outgoing, headersOf(c)), call, pump);
      return ALREADY_SENT;
    }
    const { body, sink } = webEventSink();
    pumpEvents(iterator, sink, call, pump);
    return c.body(body, 200, STREAM_HEADERS);
  };
}

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  // Tells nginx not to buffer the stream; and makes @hono/node-server send the headers at once
  // instead of first reading the body to size it.
  'x-accel-buffering': 'no',
  'transfer-encoding': 'chunked',
};

/** @hono/node-server's contract for a handler that wrote the response itself: it then writes nothing. */
const ALREADY_SENT = new Response(null, { headers: { 'x-hono-already-sent': 'true' } });

/** Node's response, when the call came through @hono/node-server's request listener. */
function nodeResponseOf(c: Context<HttpEnv>): NodeResponseLike | undefined {
  const outgoing = (c.env as { outgoing?: Partial<NodeResponseLike> } | undefined)?.outgoing;
  return typeof outgoing?.writeHead === 'function' && typeof outgoing.cork === 'function' ? (outgoing as NodeResponseLike) : undefined;
}

/** The stream's headers with those set on the context meanwhile (`setResponseHeader`, the throttler's). */
function headersOf(c: Context<HttpEnv>): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  c.newResponse(null).headers.forEach((value, name) => {
    const known = headers[name];
    headers[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  });
  const { 'transfer-encoding': _chunked, ...own } = STREAM_HEADERS;
  return { ...headers, ...own };
}
