import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { HttpException } from '../../../exceptions/http-exception.js';
import type { ErrorReport } from '../../answer-rules.js';
import { sendError } from '../../pipeline/answer-stage.js';
import { NodeExchange } from './node-exchange.js';

/** Why a request with several `Host` headers is refused. */
export const REPEATED_HOST = 'A request carries exactly one Host header; this one has several.';

/** Refuses a request with several `Host` headers (RFC 9112 §3.2: a 400, connection closed); Node would pass the first on. */
export function refusingRepeatedHost(listener: RequestListener, report: ErrorReport): RequestListener {
  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (!hasRepeatedHost(incoming.rawHeaders)) return listener(incoming, outgoing);
    const exchange = new NodeExchange(incoming, outgoing);
    sendError(exchange, new HttpException(400, REPEATED_HOST), 'the HTTP server', report, { path: '/', observation: undefined }, { connection: 'close' });
  };
}

/** Whether `Host` is named twice in Node's raw header list (names at even indexes, any case). */
export function hasRepeatedHost(raw: readonly string[]): boolean {
  let seen = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    // The length first: most names pay one comparison.
    if (name.length !== 4 || name.toLowerCase() !== 'host') continue;
    if (seen) return true;
    seen = true;
  }
  return false;
}
