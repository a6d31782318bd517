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
 * The one place where errors become gRPC statuses: an HttpException gets the code of core's total
 * HTTP → gRPC table (404 NOT_FOUND, 403 PERMISSION_DENIED, 429 RESOURCE_EXHAUSTED, …) with its
 * message as details; anything else is UNKNOWN with its message (spec: a guard reading
 * `context.req` on gRPC yields UNKNOWN "Cannot read properties of undefined …").
 *
 * @example
 * statusOfError(new NotFoundException()); // { code: 5, details: 'Not found' }
 */
export function statusOfError(error: unknown): GrpcFailure {
  if (error instanceof HttpException) return failure(error.grpcCode ?? grpcCodeFor(error.status), error.message);
  if (error instanceof Error) return failure(GrpcCode.UNKNOWN, error.message);
  return failure(GrpcCode.UNKNOWN, String(error));
}

/** Whether an error is a bug rather than a deliberate answer, and so worth a log line with its stack. */
export function isUnexpected(error: unknown): boolean {
  return !(error instanceof HttpException);
}

/** UNIMPLEMENTED with the reason, for RPCs this server does not serve. */
export function unimplemented(details: string): GrpcFailure {
  return failure(GrpcCode.UNIMPLEMENTED, details);
}
