import { HttpException } from '../../../exceptions/http-exception.js';

// The answers of upgrade requests a route cannot serve, shared by every server path (the raw
// connection writers in upgrade-refusal.ts are Node's own).

/** A request to a `@Ws()` route that is not a WebSocket upgrade. */
export class UpgradeRequiredException extends HttpException {
  constructor(path: string) {
    super(426, `${path} is a WebSocket: open it with an upgrade request (new WebSocket(url)).`);
    this.name = 'UpgradeRequiredException';
  }
}

/**
 * An upgrade request to an `@Sse()` route: the stream cannot be served on a connection whose
 * client asked for another protocol (and would never end, so its answer could never be written).
 */
export class EventStreamUpgradeException extends HttpException {
  constructor(path: string) {
    super(400, `${path} is an event stream: request it without an Upgrade header (new EventSource(url), fetch).`);
    this.name = 'EventStreamUpgradeException';
  }
}
