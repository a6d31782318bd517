import { HttpException } from '../../../../exceptions/http-exception.js';
import { handshakeRefusal } from '../../../streaming/websocket/upgrade-exceptions.js';
import type { HandshakeUpgrade, SocketLimits, SocketPort } from '../../../streaming/websocket/socket-port.js';
import { offeredSubprotocol } from './offered-subprotocol.js';

// The members of Deno's API used here, so the package type-checks without Deno's types.
interface DenoWebSocketRuntime {
  upgradeWebSocket(request: Request, options?: { idleTimeout?: number; protocol?: string }): { socket: WebSocket; response: Response };
}

/** How often a Deno socket's `bufferedAmount` is looked at while the handler waits for it to drain. */
const DRAIN_POLL_MS = 5;

/** The upgrade of a request on Deno, or undefined elsewhere; Deno pings by itself and cannot pause reading. */
export function denoUpgrade(request: Request, options: SocketLimits): HandshakeUpgrade | undefined {
  const deno = (globalThis as { Deno?: DenoWebSocketRuntime }).Deno;
  if (!deno) return undefined;
  return (onOpen) => {
    const idleTimeout = Math.ceil(options.pingIntervalMs / 1000);
    const protocol = offeredSubprotocol(request);
    // Deno answers 101 to any key and version: refused here, so a broken client learns why.
    const refusal = handshakeRefusal(request.headers);
    if (refusal) throw refusal;
    let upgraded: ReturnType<DenoWebSocketRuntime['upgradeWebSocket']>;
    try {
      upgraded = deno.upgradeWebSocket(request, { ...(idleTimeout > 0 ? { idleTimeout } : {}), ...(protocol ? { protocol } : {}) });
    } catch (error) {
      // Deno refuses subprotocols listed as `a,b` (it reads `a, b`), or a request that is no handshake.
      throw new HttpException(400, `The WebSocket handshake cannot be answered: ${error instanceof Error ? error.message : String(error)}.`);
    }
    const { socket, response } = upgraded;
    const port: SocketPort = {
      send: (text) => socket.send(text),
      get bufferedAmount() {
        return socket.bufferedAmount;
      },
      close: (code, reason) => socket.close(code, reason),
      terminate: () => socket.close(),
      pause: () => undefined,
      resume: () => undefined,
      drained: (bytes) =>
        new Promise((resolve) => {
          const look = (): void => {
            if (socket.bufferedAmount <= bytes || socket.readyState >= WebSocket.CLOSING) resolve();
            else setTimeout(look, DRAIN_POLL_MS);
          };
          look();
        }),
    };
    socket.onopen = () => {
      const events = onOpen(port);
      socket.onmessage = (event: MessageEvent) => {
        const data: unknown = event.data;
        if (typeof data === 'string') events.receive(data, new TextEncoder().encode(data).length);
        else events.receive(undefined, (data as ArrayBuffer).byteLength ?? 0);
      };
      socket.onclose = () => events.closedByPeer();
    };
    return response;
  };
}
