import { GrpcCode } from './grpc-status.js';
import { HttpException } from './http-exception.js';

/** One failed validation rule of a body member. */
export interface ValidationReason {
  /** Member path: `name`, or `address.street` / `items.0.title` for nested DTOs. */
  readonly property: string;
  readonly errorMessage: string;
  /** The rule's arguments (`[5]` for `@Min(5)`; empty for `@IsString()`). */
  readonly constraints: readonly unknown[];
}

export function invalidBodyMessage(reasons: readonly ValidationReason[]): string {
  return `Invalid request body: ${reasons.map((r) => r.errorMessage).join('; ')}`;
}

/**
 * 400 sent when a body does not match its DTO class: one reason per failed rule, in declaration order.
 *
 * @example
 * { "status": 400, "name": "NotValidBodyException", "message": "…", "reasons": [{ "property": "name", … }] }
 */
export class NotValidBodyException extends HttpException {
  constructor(
    readonly reasons: readonly ValidationReason[],
    message = invalidBodyMessage(reasons),
  ) {
    super(400, message);
    this.name = 'NotValidBodyException';
  }

  /**
   * The 400 body this exception answers with, built without the exception: for the paths where no
   * filter or interceptor could see it, so nothing pays for an Error.
   *
   * @example
   * c.json(NotValidBodyException.bodyFor(reasons), 400); // the same JSON as `new NotValidBodyException(reasons).toJSON()`
   */
  static bodyFor(reasons: readonly ValidationReason[]): Record<string, unknown> {
    return { status: 400, name: 'NotValidBodyException', message: invalidBodyMessage(reasons), reasons };
  }

  override toJSON(): Record<string, unknown> {
    return { status: this.status, name: this.name, message: this.message, reasons: this.reasons };
  }
}

/**
 * 400 sent when the body cannot be read as the JSON the handler expects (malformed, empty,
 * wrong content type). The message says which.
 */
export class MalformedBodyException extends HttpException {
  constructor(message: string) {
    super(400, message);
    this.name = 'MalformedBodyException';
  }
}

/**
 * A request whose body could not be read to its end because the client closed or reset the
 * connection. Not a fault of the server: it is counted (`app.stats().abortedRequests`), never
 * logged, and its 400 answer usually reaches nobody.
 */
export class RequestAbortedException extends HttpException {
  constructor(options?: { cause?: unknown }) {
    super(400, 'Request body was not received completely: the client closed the connection');
    this.name = 'RequestAbortedException';
    if (options && 'cause' in options) this.cause = options.cause;
  }
}

/** 413 sent when a body exceeds the application's `bodyLimit` (bytes) or `maxBodyValues` (values). */
export class BodyTooLargeException extends HttpException {
  constructor(limit: number, unit: 'bytes' | 'values' = 'bytes') {
    super(
      413,
      unit === 'bytes' ? `Request body is larger than the limit of ${limit} bytes` : `Request body holds more than the limit of ${limit} values (array items and object members)`,
    );
    this.name = 'BodyTooLargeException';
  }
}

/** 429 thrown by the throttler when a caller is over a limit. */
export class ThrottlerException extends HttpException {
  constructor() {
    super(429, 'ThrottlerException: Too Many Requests');
    this.name = 'ThrottlerException';
  }
}

/**
 * 503 sent when a handler did not answer within its deadline (`TimeoutInterceptor`); over gRPC it
 * is DEADLINE_EXCEEDED rather than the UNAVAILABLE other 503s map to.
 *
 * @example
 * { "status": 503, "name": "HandlerTimeoutException", "message": "The handler did not answer within 2000 ms" }
 */
export class HandlerTimeoutException extends HttpException {
  override readonly grpcCode = GrpcCode.DEADLINE_EXCEEDED;

  constructor(readonly timeoutMs: number) {
    super(503, `The handler did not answer within ${timeoutMs} ms`);
    this.name = 'HandlerTimeoutException';
  }
}

/** Where a handler parameter is read from, as messages name it. */
export type ParameterPlace = 'path' | 'query' | 'header' | 'cookie';

const placeNames: Readonly<Record<ParameterPlace, string>> = { path: 'Path parameter', query: 'Query parameter', header: 'Header', cookie: 'Cookie' };

/**
 * 400 sent when a path or query parameter is missing or cannot be converted to the handler's
 * declared type (or a pipe refuses it); names the parameter and what was expected.
 *
 * @example
 * { "status": 400, "name": "InvalidParameterException", "message": "Query parameter 'limit' must be a number, got 'ten'", "parameter": "limit", "in": "query" }
 */
export class InvalidParameterException extends HttpException {
  constructor(
    readonly parameter: string,
    readonly place: ParameterPlace,
    problem: string,
  ) {
    super(400, `${placeNames[place]} '${parameter}' ${problem}`);
    this.name = 'InvalidParameterException';
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), parameter: this.parameter, in: this.place };
  }
}

/**
 * 400 sent when the query of a `@Query() q: SomeQueryDto` handler does not match the class: the
 * body's validation answer (one reason per failed rule), said of the query.
 */
export class NotValidQueryException extends NotValidBodyException {
  constructor(reasons: readonly ValidationReason[]) {
    super(reasons, `Invalid query: ${reasons.map((r) => r.errorMessage).join('; ')}`);
    this.name = 'NotValidQueryException';
  }
}
