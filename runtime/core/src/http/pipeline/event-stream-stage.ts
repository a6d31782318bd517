import type { PreparedHandler } from '../../chain/call.js';
import { HttpException } from '../../exceptions/http-exception.js';
import { isThenable } from '../../types/thenable.js';
import { isWebResponse } from '../../types/web-response.js';
import { eventStreamCoding, openEventStream } from '../encoding/event-stream-encoding.js';
import { INTERNAL_ERROR, type ErrorReport } from '../answer-rules.js';
import type { HttpRoute } from '../http-route.js';
import { closeIterator, iteratorOf } from '../streaming/iterate.js';
import { EventPump, type EventPumpOptions } from '../streaming/sse/event-pump.js';
import type { StreamServing } from '../streaming/stream-serving.js';
import { refuseCall, sendChainResponse, sendError } from './answer-stage.js';
import { PipelineCall } from './pipeline-call.js';
import type { RouteStage } from './route-stage.js';
import type { RouteHeaderSource } from './extension-points.js';
import { routeHeadersOf } from './route-headers.js';

/**
 * The stages of an `@Sse()` route: the chain once before the first byte (a refusal is the ordinary
 * error answer), then the handler's iterable as a `text/event-stream` body (`EventPump`). HEAD gets
 * the GET's head (its coding included), the generator closed before its first step.
 */
export function eventStreamStage(route: HttpRoute, { heartbeats, streams }: StreamServing, report: ErrorReport, routeHeaders: readonly RouteHeaderSource[] = []): RouteStage {
  const { entry, run } = route;
  const startHeaders = routeHeadersOf(routeHeaders, route);
  const where = `${entry.name} (GET ${entry.path})`;
  // A handler failing mid-stream: its last event is an HttpException's body, or a logged 500's.
  const failureEvent = (error: unknown): string => {
    if (!(error instanceof HttpException)) report.logger.error(`Unhandled error in the event stream of ${where}`, error);
    return `event: exception\ndata: ${JSON.stringify(error instanceof HttpException ? error.toJSON() : INTERNAL_ERROR)}\n\n`;
  };
  const pump: EventPumpOptions = { where, streams, heartbeats, failureEvent };
  return (exchange, path, values, observation) => {
    const call = new PipelineCall(exchange, route, path, values, 0, observation);
    if (startHeaders) call.responseHeaders = startHeaders(exchange);
    const begin = (iterator: StreamIterator): void => {
      const headers = call.responseHeaders ? { ...call.responseHeaders, ...EVENT_STREAM_HEADERS } : { ...EVENT_STREAM_HEADERS };
      if (exchange.method === 'HEAD') {
        call.abort(new Error('HEAD request: the event stream is not sent'));
        call.answered = true;
        closeIterator(iterator);
        eventStreamCoding(exchange, headers, route.encoding);
        return exchange.send(200, headers, undefined);
      }
      new EventPump(iterator, openEventStream(exchange, headers, route.encoding), call, pump).start();
    };
    afterStreamChain(call, run, where, report, begin, (error) => sendError(exchange, error, 'the HTTP adapter', report, call, undefined));
  };
}

type StreamIterator = ReturnType<typeof iteratorOf>;

/**
 * Runs a stream route's chain once, then `begin` with its handler's iterator; a refusal is the
 * ordinary error answer, a `Response` from the chain is sent instead. `failed`: `begin` threw after a wait.
 */
export function afterStreamChain(
  call: PipelineCall,
  run: PreparedHandler,
  where: string,
  report: ErrorReport,
  begin: (iterator: StreamIterator) => void,
  failed: (error: unknown) => void,
): void {
  const next = (answer: unknown): void => {
    if (isWebResponse(answer)) return sendChainResponse(call.exchange, answer, call, report);
    let iterator: StreamIterator;
    try {
      iterator = iteratorOf(answer, where);
    } catch (error) {
      return refuseCall(call, error, report);
    }
    begin(iterator);
  };
  let answer: unknown;
  try {
    answer = run(call);
  } catch (error) {
    return refuseCall(call, error, report);
  }
  if (!isThenable(answer)) return next(answer);
  Promise.resolve(answer)
    .then(next, (error: unknown) => refuseCall(call, error, report))
    .then(undefined, failed);
}

/** The head of every event stream (`x-accel-buffering` keeps nginx from buffering it). */
const EVENT_STREAM_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
});
