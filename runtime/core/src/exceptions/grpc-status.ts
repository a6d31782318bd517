import type { FrameworkErrorStatus } from './error-status.js';

/**
 * The gRPC status of every HttpException status: one total table, so each transport answers the
 * same error the same way. Codes are the standard gRPC numbers (no transport import needed).
 */
export const GrpcCode = {
  OK: 0, CANCELLED: 1, UNKNOWN: 2, INVALID_ARGUMENT: 3, DEADLINE_EXCEEDED: 4, NOT_FOUND: 5,
  ALREADY_EXISTS: 6, PERMISSION_DENIED: 7, RESOURCE_EXHAUSTED: 8, FAILED_PRECONDITION: 9, ABORTED: 10,
  OUT_OF_RANGE: 11, UNIMPLEMENTED: 12, INTERNAL: 13, UNAVAILABLE: 14, DATA_LOSS: 15, UNAUTHENTICATED: 16,
} as const;

export type GrpcCodeNumber = (typeof GrpcCode)[keyof typeof GrpcCode];

/**
 * Closest gRPC code of each of the framework's error statuses (spec: Errors / gRPC status
 * mapping). Typed as a total map: the checker refuses a missing or an extra status.
 */
export const grpcCodeOfHttpStatus: { readonly [Status in FrameworkErrorStatus]: GrpcCodeNumber } = {
  400: GrpcCode.INVALID_ARGUMENT,
  401: GrpcCode.UNAUTHENTICATED,
  402: GrpcCode.FAILED_PRECONDITION,
  403: GrpcCode.PERMISSION_DENIED,
  404: GrpcCode.NOT_FOUND,
  405: GrpcCode.UNIMPLEMENTED,
  406: GrpcCode.INVALID_ARGUMENT,
  407: GrpcCode.UNAUTHENTICATED,
  408: GrpcCode.DEADLINE_EXCEEDED,
  409: GrpcCode.ALREADY_EXISTS,
  410: GrpcCode.NOT_FOUND,
  411: GrpcCode.INVALID_ARGUMENT,
  412: GrpcCode.FAILED_PRECONDITION,
  413: GrpcCode.RESOURCE_EXHAUSTED,
  414: GrpcCode.INVALID_ARGUMENT,
  415: GrpcCode.INVALID_ARGUMENT,
  416: GrpcCode.OUT_OF_RANGE,
  417: GrpcCode.FAILED_PRECONDITION,
  418: GrpcCode.UNKNOWN,
  421: GrpcCode.UNAVAILABLE,
  422: GrpcCode.INVALID_ARGUMENT,
  423: GrpcCode.FAILED_PRECONDITION,
  424: GrpcCode.FAILED_PRECONDITION,
  425: GrpcCode.UNAVAILABLE,
  426: GrpcCode.FAILED_PRECONDITION,
  428: GrpcCode.FAILED_PRECONDITION,
  429: GrpcCode.RESOURCE_EXHAUSTED,
  431: GrpcCode.RESOURCE_EXHAUSTED,
  451: GrpcCode.PERMISSION_DENIED,
  499: GrpcCode.CANCELLED,
  500: GrpcCode.INTERNAL,
  501: GrpcCode.UNIMPLEMENTED,
  502: GrpcCode.UNAVAILABLE,
  503: GrpcCode.UNAVAILABLE,
  504: GrpcCode.DEADLINE_EXCEEDED,
  505: GrpcCode.UNIMPLEMENTED,
  507: GrpcCode.RESOURCE_EXHAUSTED,
  508: GrpcCode.INTERNAL,
  511: GrpcCode.UNAUTHENTICATED,
};

function isFrameworkErrorStatus(status: number): status is FrameworkErrorStatus {
  return Object.hasOwn(grpcCodeOfHttpStatus, status);
}

/**
 * The gRPC code for an HTTP status: the table's entry for the framework's statuses; a status
 * of the application's own (`new HttpException(420, …)`) by its class, 5xx INTERNAL and any
 * other FAILED_PRECONDITION.
 *
 * @example
 * grpcCodeFor(404); // GrpcCode.NOT_FOUND
 */
export function grpcCodeFor(status: number): GrpcCodeNumber {
  if (isFrameworkErrorStatus(status)) return grpcCodeOfHttpStatus[status];
  return status >= 500 ? GrpcCode.INTERNAL : GrpcCode.FAILED_PRECONDITION;
}
