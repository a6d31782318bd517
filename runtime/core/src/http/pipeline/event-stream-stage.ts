import { HttpException } from '../../exceptions/http-exception.js';
import type { HttpRouteEntry } from '../../contract/tables.js';
import { isThenable } from '../../types/thenable.js';
import { isWebResponse } from '../../types/web-response.js';
import { openEventStream } from '../encoding/event-stream-encoding.js';
import type { ErrorReport } from '../answer-rules.js';
import type { HttpRoute } from '../http-route.js';
import { closeIterator, iteratorOf } from '../streaming/iterate.js';
import { EventPump, type EventPumpOptions } from '../streaming/sse/event-pump.js';
import type { StreamServing } from '../streaming/stream-serving.js';
import { sendChainResponse, sendError } from './answer-stage.js';
import { PipelineCall } from './pipeline-call.js';
import type { RouteStage } from './route-stage.js';
import type { RouteHeaderSource } from './extension-points.js';
import { routeHeadersOf } from './route-headers.js';

/**
 * The stages of an `@Sse()` route after the match, over the host port: the chain runs once before
 * the first byte (a refusal is the ordinary error answer), then the handler's iterable is written
 * as a `text/event-stream` body (`EventPump`), compressed per event with
 * `compression.eventStreams`. HEAD gets the GET's head, the generator closed before its first step.
 */
export function eventStreamStage(route: HttpRoute, serving: StreamServing, report: ErrorReport, routeHeaders: readonly RouteHeaderSource[] = []): RouteStage {
  const { entry, run } = route;
  const startHeaders = routeHeadersOf(routeHeaders, route);
  const pump = eventPumpOptions(entry, serving, report);
  const refuse = (call: PipelineCall, error: unknown): void => {
    call.answered = true;
    sendError(call.exchange, error, entry.name, report, call, call.responseHeaders);
  };
  const begin = (call: PipelineCall, answer: unknown): void => {
    if (isWebResponse(answer)) return sendChainResponse(call.exchange, answer, call, report);
    let iterator: ReturnType<typeof iteratorOf>;
    try {
      iterator = iteratorOf(answer, pump.where);
    } catch (error) {
      return refuse(call, error);
    }
    const headers = call.responseHeaders ? { ...call.responseHeaders, ...EVENT_STREAM_HEADERS } : { ...EVENT_STREAM_HEADERS };
    if (call.exchange.method === 'HEAD') {
      call.abort(new Error('HEAD request: the event stream is not sent'));
      call.answered = true;
      closeIterator(iterator);
      return call.exchange.send(200, headers, undefined);
    }
    new EventPump(iterator, openEventStream(call.exchange, headers, route.encoding), call, pump).start();
  };
  return (exchange, path, values, observation) => {
    const call = new PipelineCall(exchange, route, path, values, 0, observation);
    if (startHeaders) call.responseHeaders = startHeaders(exchange);
    let answer: unknown;
    try {
      answer = run(call);
    } catch (error) {
      return refuse(call, error);
    }
    if (!isThenable(answer)) return begin(call, answer);
    Promise.resolve(answer)
      .then(
        (value) => begin(call, value),
        (error: unknown) => refuse(call, error),
      )
      .then(undefined, (error: unknown) => sendError(exchange, error, 'the HTTP adapter', report, call, undefined));
  };
}

/** The head of every event stream. */
const EVENT_STREAM_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  // Tells nginx not to buffer the stream.
  'x-accel-buffering': 'no',
});

const internalError = { status: 500, name: 'InternalServerErrorException', message: 'Internal server error' };

/**
 * The `EventPump` options of one `@Sse()` route, built at init; the last event of a handler
 * failing mid-stream is an `HttpException`'s body, or a 500 without details (logged).
 */
function eventPumpOptions(entry: HttpRouteEntry, { heartbeats, streams }: StreamServing, report: ErrorReport): EventPumpOptions {
  const where = `${entry.name} (GET ${entry.path})`;
  const failureEvent = (error: unknown): string => {
    if (!(error instanceof HttpException)) report.logger.error(`Unhandled error in the event stream of ${where}`, error);
    return `event: exception\ndata: ${JSON.stringify(error instanceof HttpException ? error.toJSON() : internalError)}\n\n`;
  };
  return { where, streams, heartbeats, failureEvent };
}
