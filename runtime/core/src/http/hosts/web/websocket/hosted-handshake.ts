import type { HandshakeUpgrade, SocketLimits } from '../../../streaming/websocket/socket-port.js';

/** Where a host that opens sockets itself (Bun's listener) puts its handshake in the bindings of each request. */
export const SOCKET_HANDSHAKE = Symbol.for('framework.websocket.handshake');

/** Bindings of a host that opens sockets: the handshake of the request they came with. */
export interface SocketHandshakeBindings {
  [SOCKET_HANDSHAKE](limits: SocketLimits): HandshakeUpgrade;
}

/**
 * The handshake the host's bindings offer for their request, or undefined when the host opens no sockets.
 *
 * @example
 * const handshake = hostedHandshakeOf(bindings, limits); // Bun's listener: server.upgrade
 */
export function hostedHandshakeOf(bindings: unknown, limits: SocketLimits): HandshakeUpgrade | undefined {
  const host = bindings as Partial<SocketHandshakeBindings> | undefined;
  return typeof host?.[SOCKET_HANDSHAKE] === 'function' ? host[SOCKET_HANDSHAKE](limits) : undefined;
}
