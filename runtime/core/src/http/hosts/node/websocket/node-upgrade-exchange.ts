import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import type { AnswerHeaders, BodyDone, BodySink } from '../../../pipeline/host-exchange.js';
import type { SocketLimits, SocketUpgrade } from '../../../streaming/websocket/socket-port.js';
import { NodeExchange } from '../node-exchange.js';
import { openNodeSocket } from './node-socket-port.js';
import { writeRefusal, writeResponseRefusal } from './upgrade-refusal.js';
import { streamSource, type BodySource } from '../../../uploads/body-source.js';

/**
 * The host port over an upgrade request of Node's server: read as `NodeExchange` reads any; with
 * no `ServerResponse`, an answer that opens no socket (a guard's 403, a 426) is written to the
 * connection as an HTTP/1.1 response, and `upgrade` completes the handshake through `ws`.
 */
export class NodeUpgradeExchange extends NodeExchange {
  private answeredWith?: number;
  /** Headers of every answer (`setAnswerHeader`). */
  private preset?: Record<string, string>;

  constructor(
    incoming: IncomingMessage,
    private readonly socket: Duplex,
    private readonly head: Buffer,
    private readonly wssFor: (maxPayload: number) => WebSocketServer,
  ) {
    super(incoming, undefined as unknown as ServerResponse);
  }

  override readBody(_limit: number, done: BodyDone): void {
    done(undefined, new Uint8Array(0));
  }
  override bodySource(): BodySource {
    return streamSource(null);
  }
  override send(status: number, headers: AnswerHeaders | undefined, body: string | Uint8Array | undefined): void {
    this.answeredWith = status;
    writeRefusal(this.socket, status, { ...this.preset, ...headers }, body === undefined ? '' : typeof body === 'string' ? body : Buffer.from(body));
  }
  override openBody(): BodySink {
    throw new Error('An upgrade request is answered whole or with a socket, not with a streamed body.');
  }
  override sendResponse(response: Response, headers: AnswerHeaders | undefined): Promise<void> {
    this.answeredWith = response.status;
    return writeResponseRefusal(this.socket, response, { ...this.preset, ...(headers as Record<string, string | string[]> | undefined) });
  }
  override setAnswerHeader(lowerCaseName: string, value: string): void {
    (this.preset ??= {})[lowerCaseName] = value;
  }
  override get headSent(): boolean {
    return this.answeredWith !== undefined;
  }
  override get status(): number | undefined {
    return this.answeredWith;
  }
  override cut(): void {
    this.socket.destroy();
  }
  /** Complete when answered (a refusal, or the socket's life after its 101). */
  override onClose(listener: (complete: boolean) => void): void {
    const { socket } = this;
    const tell = (): void => listener(this.answeredWith !== undefined);
    if (socket.destroyed) tell();
    else socket.once('close', tell);
  }
  override upgrade(limits: SocketLimits): SocketUpgrade {
    return (onOpen) => {
      this.answeredWith = 101;
      openNodeSocket(this.wssFor(limits.maxMessageBytes), this.incoming, this.socket, this.head, onOpen);
    };
  }
}
