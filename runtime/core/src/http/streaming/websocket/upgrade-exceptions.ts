import { HttpException } from '../../../exceptions/http-exception.js';

/** A request to a `@Ws()` route that is not a WebSocket upgrade. */
export class UpgradeRequiredException extends HttpException {
  constructor(path: string) {
    super(426, `${path} is a WebSocket: open it with an upgrade request (new WebSocket(url)).`);
    this.name = 'UpgradeRequiredException';
  }
}

/** An upgrade request to an `@Sse()` route: a stream cannot be served to a client that asked for another protocol. */
export class EventStreamUpgradeException extends HttpException {
  constructor(path: string) {
    super(400, `${path} is an event stream: request it without an Upgrade header (new EventSource(url), fetch).`);
    this.name = 'EventStreamUpgradeException';
  }
}

/** A key as RFC 6455 §4.2.1 has it: 16 bytes in base64. */
const VALID_KEY = /^[A-Za-z0-9+/]{22}==$/;

/**
 * The 400 for a WebSocket handshake whose `Sec-WebSocket-Key` is not 16 bytes in base64 or whose
 * `Sec-WebSocket-Version` is not 13 (RFC 6455 §4.2.1), or undefined when both are right. The hosts
 * that answer a handshake themselves check it first: Deno answers 101 to any key and version, Bun
 * a bodiless 426 to another version; Node's `ws` refuses them alike.
 *
 * @example
 * const refusal = handshakeRefusal(request.headers);
 * if (refusal) throw refusal;
 */
export function handshakeRefusal(headers: Headers): HttpException | undefined {
  if (VALID_KEY.test(headers.get('sec-websocket-key') ?? '') && headers.get('sec-websocket-version') === '13') return undefined;
  return new HttpException(400, 'The WebSocket handshake cannot be answered: it needs a Sec-WebSocket-Key of 16 bytes in base64 and Sec-WebSocket-Version 13.');
}
