import { HttpException } from '../../../exceptions/http-exception.js';
import type { ServerBindings } from '../../served-http.js';
import type { HandshakeUpgrade } from '../../streaming/websocket/socket-port.js';
import { handshakeRefusal } from '../../streaming/websocket/upgrade-exceptions.js';
import { CUT_ANSWER, type AnswerCutBindings } from '../web/sse/answer-cut.js';
import { SOCKET_HANDSHAKE, type SocketHandshakeBindings } from '../web/websocket/hosted-handshake.js';
import { offeredSubprotocol } from '../web/websocket/offered-subprotocol.js';
import { BunSocketPort } from './bun-socket-port.js';

/** The members of Bun's server the bindings use. */
export interface BunRequestServer {
  requestIP(request: Request): { readonly address: string } | null;
  /** Answers the request with the handshake once `fetch` returns; false when it is no valid upgrade request. */
  upgrade(request: Request, options: { data: BunSocketPort; headers?: Record<string, string> }): boolean;
  /** Seconds the request's connection may stay idle; 0: no limit. */
  timeout(request: Request, seconds: number): void;
}

/**
 * What Bun's listener passes `app.fetch` beside a request: the peer's address, and the handshake
 * of a `@Ws()` route (`server.upgrade`, with the socket's port as its data). Once it upgraded, the
 * listener returns nothing to Bun, which then answers 101 itself.
 *
 * @example
 * const bindings = new BunBindings(server, request);
 * const response = await app.fetch(request, bindings);
 * return bindings.upgraded ? undefined : response;
 */
export class BunBindings implements ServerBindings, SocketHandshakeBindings, AnswerCutBindings {
  upgraded = false;

  constructor(
    private readonly server: BunRequestServer,
    private readonly request: Request,
  ) {}

  remoteAddress(): string {
    return this.server.requestIP(this.request)?.address ?? '';
  }

  /** Cuts an event stream's stalled connection at shutdown: Bun closes it once it has been idle (nothing written or read) for a second. */
  [CUT_ANSWER](): void {
    this.server.timeout(this.request, 1);
  }

  [SOCKET_HANDSHAKE](): HandshakeUpgrade {
    return (onOpen) => {
      const { request } = this;
      const protocol = offeredSubprotocol(request);
      const port = new BunSocketPort(onOpen);
      // Bun answers another version with a bodiless 426 itself: refused here, saying why.
      const refusal = handshakeRefusal(request.headers);
      if (refusal) throw refusal;
      if (!this.server.upgrade(request, { data: port, ...(protocol && { headers: { 'sec-websocket-protocol': protocol } }) })) {
        throw new HttpException(400, 'The WebSocket handshake cannot be answered: Bun refused the upgrade.');
      }
      this.upgraded = true;
      // A stand-in: Bun writes the 101 itself once `fetch` returns nothing.
      return new Response(null);
    };
  }
}
