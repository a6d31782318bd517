import { HttpException } from '../../../exceptions/http-exception.js';
import type { ErrorReport } from '../../answer-rules.js';
import type { HttpRouteEntry } from '../../../contract/tables.js';
import type { StreamServing } from '../stream-serving.js';
import type { EventPumpOptions } from './event-pump.js';

/** The head of every event stream. */
export const EVENT_STREAM_HEADERS: Readonly<Record<string, string>> = Object.freeze({
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
export function eventPumpOptions(entry: HttpRouteEntry, { heartbeats, streams }: StreamServing, report: ErrorReport): EventPumpOptions {
  const where = `${entry.name} (GET ${entry.path})`;
  const failureEvent = (error: unknown): string => {
    if (!(error instanceof HttpException)) report.logger.error(`Unhandled error in the event stream of ${where}`, error);
    return `event: exception\ndata: ${JSON.stringify(error instanceof HttpException ? error.toJSON() : internalError)}\n\n`;
  };
  return { where, streams, heartbeats, failureEvent };
}
