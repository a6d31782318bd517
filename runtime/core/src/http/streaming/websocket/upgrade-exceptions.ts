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
