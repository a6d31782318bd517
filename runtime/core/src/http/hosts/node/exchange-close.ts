import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The exchanges whose answers wait on a connection for the ones in front, each told if it closes first. */
const queuedExchanges = new WeakMap<Socket, Set<() => void>>();

/**
 * Calls `listener` once when Node's exchange is over: `true` when its answer was ended. A pipelined
 * answer waiting without a socket, which Node never closes, is told with its connection.
 */
export function onExchangeClose(incoming: IncomingMessage, outgoing: ServerResponse, listener: (complete: boolean) => void): void {
  let told = false;
  const tell = (): void => {
    if (told) return;
    told = true;
    listener(outgoing.writableEnded);
  };
  // Asked after the exchange closed (a signal first read once a slow guard let the call through):
  // told at once, as the web port does with an aborted request.
  if (outgoing.destroyed) return tell();
  outgoing.once('close', tell);
  if (outgoing.socket !== null) return;
  const connection = incoming.socket;
  const queued = queuedExchanges.get(connection) ?? queueOn(connection);
  queued.add(tell);
  outgoing.once('socket', () => queued.delete(tell));
}

function queueOn(connection: Socket): Set<() => void> {
  const waiting = new Set<() => void>();
  queuedExchanges.set(connection, waiting);
  connection.once('close', () => {
    for (const tell of waiting) tell();
  });
  return waiting;
}
