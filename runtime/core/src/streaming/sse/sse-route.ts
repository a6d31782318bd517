import type { Context } from 'hono';
import { HttpException } from '../../exceptions/http-exception.js';
import { HttpCall } from '../../http/http-call.js';
import { errorResponse, respond, type ErrorReport } from '../../http/respond.js';
import { routeRuntimeOf, type HonoRouteHandler, type HttpRouteSpec } from '../../http/route-handler.js';
import type { HttpEnv } from '../../http/server-adapter.js';
import { iteratorOf } from '../iterate.js';
import type { OpenStreams } from '../open-streams.js';
import { eventStream } from './event-stream.js';

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
export function sseRoute(spec: HttpRouteSpec, options: SseRouteOptions): HonoRouteHandler {
  const { entry, run } = spec;
  const runtime = routeRuntimeOf(spec);
  const where = `${entry.name} (GET ${entry.path})`;
  const { report } = options;
  const failureEvent = (error: unknown): string => {
    if (!(error instanceof HttpException)) report.logger.error(`Unhandled error in the event stream of ${where}`, error);
    return `event: exception\ndata: ${JSON.stringify(error instanceof HttpException ? error.toJSON() : internalError)}\n\n`;
  };
  return async (c) => {
    const call = new HttpCall(c, runtime);
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
    return streamResponse(c, eventStream(iterator, call, { heartbeatMs: options.heartbeatMs, where, streams: options.streams, failureEvent }));
  };
}

function streamResponse(c: Context<HttpEnv>, body: ReadableStream<Uint8Array>): Response {
  return c.body(body, 200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    // Tells nginx not to buffer the stream; and makes @hono/node-server send the headers at once
    // instead of first reading the body to size it.
    'x-accel-buffering': 'no',
    'transfer-encoding': 'chunked',
  });
}
