import type { SocketLimits, SocketUpgrade } from '../streaming/websocket/socket-port.js';
import type { StreamCall } from '../streaming/open-streams.js';
import type { AnswerHeaders, BodyDone, BodySink, HostExchange } from './host-exchange.js';
import { streamSource, type BodySource } from '../uploads/body-source.js';

/** What the exchange asks of its socket's session (a `SocketSession`). */
export interface CallWatcher {
  forgetCall(): void;
  watchCall(call: StreamCall): void;
}

/**
 * The exchange of a `@Ws()` route's call: the host's until the socket opens, then let go (`release`,
 * unless `@Req()` holds it), so an idle socket keeps nothing of the request. The call's signal goes to the session.
 */
export class UpgradeExchange implements HostExchange {
  private host?: HostExchange;
  private signalRead = false;
  private watcher?: CallWatcher;
  /** Read at once: some hosts (Deno) no longer tell it once the request is upgraded. */
  private readonly address: string;

  constructor(
    host: HostExchange,
    private readonly where: string,
  ) {
    this.host = host;
    this.address = host.remoteAddress();
  }

  release(session: CallWatcher, keepRequest: boolean): void {
    if (!keepRequest) this.host = undefined;
    this.watcher = session;
    if (!this.signalRead) session.forgetCall();
  }

  private get open(): HostExchange {
    if (this.host) return this.host;
    throw new Error(
      `${this.where}: the upgrade request is let go once the socket is open (an idle socket keeps nothing of it); ` +
        'read what the handler needs of it through its parameters (@Header(), @Query(), @Param(), @Req()), which are read before.',
    );
  }

  get method(): string {
    return this.open.method;
  }
  get target(): string {
    return this.open.target;
  }
  get authority(): string | undefined {
    return this.open.authority;
  }
  get secure(): boolean {
    return this.open.secure;
  }
  get protocolVersion(): string | undefined {
    return this.open.protocolVersion;
  }
  header(lowerCaseName: string): string | undefined {
    return this.open.header(lowerCaseName);
  }
  headers(): Record<string, string> {
    return this.open.headers();
  }
  remoteAddress(): string {
    return this.address;
  }
  /** The messages come from the socket (`@Messages()`). */
  readBody(_limit: number, done: BodyDone): void {
    done(undefined, new Uint8Array(0));
  }
  bodySource(): BodySource {
    return streamSource(null);
  }
  send(status: number, headers: AnswerHeaders | undefined, body: string | Uint8Array | undefined): void {
    this.open.send(status, headers, body);
  }
  openBody(status: number, headers: AnswerHeaders): BodySink {
    return this.open.openBody(status, headers);
  }
  sendResponse(response: Response, headers: AnswerHeaders | undefined): void | Promise<void> {
    return this.open.sendResponse(response, headers);
  }
  setAnswerHeader(lowerCaseName: string, value: string): void {
    this.open.setAnswerHeader(lowerCaseName, value);
  }
  get headSent(): boolean {
    return this.host ? this.host.headSent : true;
  }
  get status(): number | undefined {
    return this.host ? this.host.status : 101;
  }
  cut(): void {
    this.host?.cut();
  }
  onClose(listener: (complete: boolean) => void): void {
    if (!this.watcher) {
      this.signalRead = true;
      return this.open.onClose(listener);
    }
    this.watcher?.watchCall({ answered: false, abort: () => listener(false) });
  }
  upgrade(limits: SocketLimits): SocketUpgrade | undefined {
    return this.open.upgrade(limits);
  }
  webRequest(signal: AbortSignal, bodyText: string | undefined): Request {
    return this.open.webRequest(signal, bodyText);
  }
}
