import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Readable } from 'node:stream';
import type { SinkWatcher } from '../../streaming/sse/event-sink.js';
import type { AnswerHeaders, BodyDone, BodySink, HeadLines, HostExchange } from '../../pipeline/host-exchange.js';
import type { SocketLimits, SocketUpgrade } from '../../streaming/websocket/socket-port.js';
import type { BodySource } from '../../uploads/body-source.js';
import { readableSource } from '../../uploads/readable-source.js';
import { onExchangeClose } from './exchange-close.js';
import { readBodyBytes } from './node-body.js';
import { requestHeaderOf, requestHeadersOf } from './request-headers.js';
import { endResponse, responseReady, watchResponse, writeToResponse } from './sse/node-sink.js';
import { writeWebResponse } from './web-response.js';

/** The host port over Node's `IncomingMessage` and `ServerResponse` (also node:https, node:http2 in compatibility mode). */
export class NodeExchange implements HostExchange {
  constructor(
    readonly incoming: IncomingMessage,
    readonly outgoing: ServerResponse,
  ) {}

  get method(): string {
    return this.incoming.method!;
  }
  get target(): string {
    return this.incoming.url ?? '/';
  }
  get authority(): string | undefined {
    return this.incoming.headers.host;
  }
  get secure(): boolean {
    return (this.incoming.socket as TLSSocket).encrypted === true;
  }
  get protocolVersion(): string {
    const version = this.incoming.httpVersion;
    return version === '2.0' ? '2' : version;
  }
  header(lowerCaseName: string): string | undefined {
    // Node's parser refuses a repeated Content-Length: its parsed value is the only one (read on every body request).
    if (lowerCaseName === 'content-length') return this.incoming.headers['content-length'];
    // Asked on every body request, nearly always absent: absent from Node's parsed headers is absent.
    if (lowerCaseName === 'transfer-encoding' && this.incoming.headers['transfer-encoding'] === undefined) return undefined;
    return requestHeaderOf(this.incoming, lowerCaseName);
  }
  headers(): Record<string, string> {
    return requestHeadersOf(this.incoming);
  }
  remoteAddress(): string {
    return this.incoming.socket.remoteAddress ?? '';
  }

  readBody(limit: number, done: BodyDone): void {
    readBodyBytes(this.incoming, limit, done);
  }
  bodySource(limit: number): BodySource {
    return readableSource(this.incoming, limit);
  }

  send(status: number, headers: AnswerHeaders | HeadLines | undefined, body: string | Uint8Array | undefined): void {
    // Raw lines are Node's fastest head: no record walked (`writeHead` takes them as they are).
    this.outgoing.writeHead(status, headers as OutgoingHttpHeaders | string[] | undefined);
    this.outgoing.end(body);
  }
  openBody(status: number, headers: AnswerHeaders): BodySink {
    const { outgoing } = this;
    outgoing.writeHead(status, headers as OutgoingHttpHeaders);
    // The head now: the client learns that the body is on its way (an event stream's `open`).
    outgoing.flushHeaders();
    return {
      write: (chunk) => (typeof chunk === 'string' ? writeToResponse(outgoing, chunk) : outgoing.writableEnded || outgoing.destroyed || outgoing.write(chunk)),
      ready: () => responseReady(outgoing),
      end: (atShutdown) => endResponse(outgoing, atShutdown),
      onGone: (watcher: SinkWatcher) => watchResponse(outgoing, watcher),
    };
  }
  sendResponse(response: Response, headers: AnswerHeaders | undefined): Promise<void> {
    return writeWebResponse(this.outgoing, response, headers, this.incoming.method === 'HEAD');
  }
  setAnswerHeader(lowerCaseName: string, value: string): void {
    // Merged into the head by `writeHead`, whose own headers win.
    this.outgoing.setHeader(lowerCaseName, value);
  }
  get headSent(): boolean {
    return this.outgoing.headersSent;
  }
  cut(): void {
    this.outgoing.destroy();
  }

  onClose(listener: (complete: boolean) => void): void {
    onExchangeClose(this.incoming, this.outgoing, listener);
  }
  /** Before the head, Node's own once the request was read whole: a client gone while its handler ran is logged so. */
  get status(): number | undefined {
    const { outgoing } = this;
    return outgoing.headersSent || this.incoming.complete ? outgoing.statusCode : undefined;
  }
  /** Upgrades come by the server's `upgrade` event (`NodeUpgradeExchange`). */
  upgrade(_limits?: SocketLimits): SocketUpgrade | undefined {
    return undefined;
  }
  webRequest(signal: AbortSignal, bodyText: string | undefined): Request {
    const { incoming } = this;
    // Line by line, as @hono/node-server's headers hold them; HTTP/2's pseudo-headers (`:path`,
    // `:authority`…) are no header a `Request` takes, and its host is `:authority`.
    const headers: [string, string][] = [];
    for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
      const name = incoming.rawHeaders[i]!;
      if (name.charCodeAt(0) !== 58 /* : */) headers.push([name, incoming.rawHeaders[i + 1]!]);
    }
    const host = incoming.headers.host ?? incoming.headers[':authority'];
    const url = `${this.secure ? 'https' : 'http'}://${host}${incoming.url}`;
    const method = incoming.method!;
    if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers, signal });
    const body = bodyText !== undefined ? bodyText : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
    return new Request(url, { method, headers, body, signal, duplex: 'half' } as RequestInit);
  }
}
