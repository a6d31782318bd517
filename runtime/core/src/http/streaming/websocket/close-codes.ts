import { HttpException } from '../../../exceptions/http-exception.js';

/**
 * The close codes a `@Ws()` socket ends with, each saying what happened. The 4xxx ones are in the
 * range RFC 6455 leaves to applications: 4000 + the HTTP status of the `HttpException` that ended
 * the stream (a handler throwing `ForbiddenException` closes with 4403).
 */
export const CloseCode = Object.freeze({
  /** The handler's stream ended. */
  normal: 1000,
  /** The application is shutting down (reconnect elsewhere, or later). */
  goingAway: 1001,
  /** A binary message: the route takes JSON text. */
  unsupportedData: 1003,
  /** A message that is not JSON, or breaks the rules of its DTO (the reason says which). */
  invalidMessage: 1007,
  /** Too many messages per second, or the token the socket was opened with expired. */
  policyViolation: 1008,
  /** A message larger than `maxMessageBytes`. */
  messageTooBig: 1009,
  /** The handler failed unexpectedly (logged on the server). */
  internalError: 1011,
  /** The socket sent nothing for `idleTimeoutMs`. */
  idleTimeout: 4408,
});

/** A close reason fits in a control frame: at most 123 bytes of UTF-8. */
export function closeReason(text: string): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= 123) return text;
  // Cut on a character boundary, with an ellipsis.
  let cut = new TextDecoder().decode(bytes.slice(0, 120));
  if (cut.endsWith('\uFFFD')) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Whether an `HttpException`'s status has a close code of its own (4000 + status stays in 4000–4999). */
const hasCloseCode = (status: number): boolean => Number.isInteger(status) && status >= 0 && status <= 999;

/**
 * The close code and reason of an error that ended a socket's stream. An `HttpException` whose
 * status is no HTTP status (`NaN` from `Number(undefined)`, 1200, 404.5) has no close code: a
 * socket cannot be closed with it, so it ends as an unexpected failure does (1011, logged).
 */
export function closeOfError(error: unknown): { code: number; reason: string; unexpected: boolean } {
  if (error instanceof HttpException && hasCloseCode(error.status)) return { code: 4000 + error.status, reason: closeReason(error.message), unexpected: false };
  return { code: CloseCode.internalError, reason: 'Internal server error', unexpected: true };
}
