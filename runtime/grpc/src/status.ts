import { GrpcCode, HttpException, grpcCodeFor } from '@framework/core';
import type { ServerErrorResponse } from '@grpc/grpc-js';

/** The status a failed call is answered with. */
export interface GrpcFailure extends ServerErrorResponse {
  readonly code: number;
  readonly details: string;
}

function failure(code: number, details: string): GrpcFailure {
  // grpc-js reads `code` and `details`; `name`/`message` only satisfy its Error-shaped type.
  return { name: 'GrpcFailure', message: details, code, details };
}

/**
 * A thrown status object that is no `Error`: `{ code, details }` as a grpc-js handler passes to its
 * callback, or `{ code, message }` as NestJS's `RpcException` carries; `code` a status other than OK.
 */
function statusObjectOf(error: unknown): GrpcFailure | undefined {
  if (typeof error !== 'object' || error === null || error instanceof Error) return undefined;
  const { code, details, message } = error as { code?: unknown; details?: unknown; message?: unknown };
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 1 || code > 16) return undefined;
  const text = typeof details === 'string' ? details : typeof message === 'string' ? message : undefined;
  return text === undefined ? undefined : failure(code, text);
}

/**
 * The one place where errors become gRPC statuses: an HttpException gets the code of core's total
 * HTTP → gRPC table (404 NOT_FOUND, 403 PERMISSION_DENIED, 429 RESOURCE_EXHAUSTED, …) with its
 * message as details; a thrown status object (`{ code: 5, details: 'no such todo' }`, no `Error`)
 * gets its own; anything else is UNKNOWN with its message (spec: a guard reading `context.req` on
 * gRPC yields UNKNOWN "Cannot read properties of undefined …").
 *
 * @example
 * statusOfError(new NotFoundException()); // { code: 5, details: 'Not found' }
 * statusOfError({ code: 6, message: 'exists' }); // { code: 6, details: 'exists' }
 */
export function statusOfError(error: unknown): GrpcFailure {
  if (error instanceof HttpException) return failure(error.grpcCode ?? grpcCodeFor(error.status), error.message);
  if (error instanceof Error) return failure(GrpcCode.UNKNOWN, error.message);
  return statusObjectOf(error) ?? failure(GrpcCode.UNKNOWN, String(error));
}

/** Whether an error is a bug rather than a deliberate answer (an HttpException, a status object), and so worth a log line with its stack. */
export function isUnexpected(error: unknown): boolean {
  return !(error instanceof HttpException) && statusObjectOf(error) === undefined;
}

/** UNIMPLEMENTED with the reason, for RPCs this server does not serve. */
export function unimplemented(details: string): GrpcFailure {
  return failure(GrpcCode.UNIMPLEMENTED, details);
}
