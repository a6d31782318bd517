import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** A connection idle at `close` may be carrying a request already on its way: it gets this long before it is closed. */
const IDLE_LINGER_MS = 250;

/** The response a Node HTTP/1.1 socket is writing (Node's own link, read only at close), undefined while idle. */
function currentResponse(socket: Socket): ServerResponse | undefined {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}

interface ConnectionList {
  all(): ReadonlyArray<{ socket?: Socket | null }>;
}

/** A server's open HTTP connections, from Node's list behind a symbol: a `close` listener each would cost ~140 bytes per connection. */
function openConnections(server: Server): Socket[] {
  const key = Object.getOwnPropertySymbols(server).find((symbol) => symbol.description === 'http.server.connections');
  const list = key === undefined ? undefined : (server as unknown as Record<symbol, ConnectionList | undefined>)[key];
  if (typeof list?.all !== 'function') return [];
  const sockets: Socket[] = [];
  for (const parser of list.all()) if (parser.socket) sockets.push(parser.socket);
  return sockets;
}

/**
 * Graceful shutdown of a Node HTTP/1.1 server, free per request before `close`: then answers not
 * started get `Connection: close`, idle connections `IDLE_LINGER_MS`, and what is left after the grace period is cut.
 */
export class NodeDrain {
  private readonly lingering = new Map<Socket, ReturnType<typeof setTimeout>>();

  constructor(private readonly server: Server) {}

  private readonly lateRequest = (request: IncomingMessage, response: ServerResponse): void => {
    response.shouldKeepAlive = false;
    const socket = request.socket;
    clearTimeout(this.lingering.get(socket));
    this.lingering.delete(socket);
  };

  private closeWhenIdle(socket: Socket): void {
    const timer = setTimeout(() => {
      this.lingering.delete(socket);
      if (!socket.destroyed && currentResponse(socket) === undefined) socket.destroySoon();
    }, IDLE_LINGER_MS);
    timer.unref();
    this.lingering.set(socket, timer);
  }

  /** Resolves with the connections open at `close` (upgraded ones included) once every one ended. */
  close(graceMs: number): Promise<number> {
    // First, so the flag is set before a response can be written.
    this.server.prependListener('request', this.lateRequest);
    let open = 0;
    this.server.getConnections((_error, count) => (open = count));
    return new Promise<number>((done, fail) => {
      const force = setTimeout(() => this.server.closeAllConnections(), graceMs);
      // net.Server's close: http.Server's would drop idle connections at once, resetting a request on its way.
      NetServer.prototype.close.call(this.server, (error?: Error) => {
        clearTimeout(force);
        for (const timer of this.lingering.values()) clearTimeout(timer);
        this.lingering.clear();
        // Only stops http.Server's timeout checks now.
        this.server.close();
        if (error) fail(error);
        else done(open);
      });
      // Sockets were ended by `app.close()` before (they are not in Node's list).
      for (const socket of openConnections(this.server)) {
        const response = currentResponse(socket);
        if (response === undefined) this.closeWhenIdle(socket);
        // Busy: closed after its answer, or once idle again when its head went out already.
        else if (!response.headersSent) response.shouldKeepAlive = false;
        else response.once('finish', () => this.closeWhenIdle(socket));
      }
    });
  }
}
