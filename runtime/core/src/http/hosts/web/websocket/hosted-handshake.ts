import type { HandshakeUpgrade, SocketLimits } from '../../../streaming/websocket/socket-port.js';

/**
 * The key under which a host that serves `app.fetch` and opens sockets itself (Bun's listener)
 * puts its handshake into the bindings it passes beside each request.
 */
export const SOCKET_HANDSHAKE = Symbol.for('framework.websocket.handshake');

/** Bindings of a host that opens sockets: the handshake of the request they came with. */
export interface SocketHandshakeBindings {
  [SOCKET_HANDSHAKE](limits: SocketLimits): HandshakeUpgrade;
}

/**
 * The handshake the host's bindings offer for their request, or undefined when the host opens no
 * sockets (in-process calls, a server of the user's own hosting `app.fetch`).
 *
 * @example
 * const handshake = hostedHandshakeOf(bindings, limits); // Bun's listener: server.upgrade
 */
export function hostedHandshakeOf(bindings: unknown, limits: SocketLimits): HandshakeUpgrade | undefined {
  const host = bindings as Partial<SocketHandshakeBindings> | undefined;
  return typeof host?.[SOCKET_HANDSHAKE] === 'function' ? host[SOCKET_HANDSHAKE](limits) : undefined;
}
