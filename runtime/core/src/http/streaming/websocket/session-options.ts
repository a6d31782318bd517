import type { ErrorReport } from '../../answer-rules.js';
import type { HttpRouteEntry } from '../../../contract/tables.js';
import { bodyValidatorFor } from '../../../validation/body-validator.js';
import type { StreamServing } from '../stream-serving.js';
import type { SessionOptions } from './socket-session.js';

/** Messages queued for a handler that reads slowly before the socket stops reading. */
export const PAUSE_AT = 32;

const unchecked = (value: unknown): unknown => value;

/** The `SocketSession` options of one `@Ws()` route, built at init and shared by its sockets. */
export function sessionOptionsFor(entry: HttpRouteEntry, serving: StreamServing, report: ErrorReport): SessionOptions {
  return {
    limits: serving.options,
    validate: entry.messages ? bodyValidatorFor(entry.messages) : unchecked,
    streams: serving.streams,
    pings: serving.pings,
    idleChecks: serving.idleChecks,
    report,
    where: `${entry.name} (GET ${entry.path})`,
  };
}
