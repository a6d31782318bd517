import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/**
 * How long a connection idle at `close` stays open before the drain closes it. A keep-alive client
 * may be sending its next request at the very moment the server sees the connection idle; closing
 * it then would reset that request. One that stays quiet this long is not sending one.
 */
const IDLE_LINGER_MS = 250;

/** The response a Node HTTP/1.1 socket is currently writing (`undefined` while it is idle). */
function currentResponse(socket: Socket): ServerResponse | undefined {
  // Node's own link from a socket to its response in progress (what `server.closeIdleConnections`
  // and connection-draining libraries read): reading it at close costs nothing per request.
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}

/** Node's own list of a server's HTTP connections (each parser with its socket); upgraded ones leave it. */
interface ConnectionList {
  all(): ReadonlyArray<{ socket?: Socket | null }>;
}

/**
 * The open HTTP connections of a listening server, from the list Node keeps for its timeouts and
 * `closeAllConnections` (behind a symbol since Node 18.2). Read only at close: tracking them
 * ourselves would cost every connection a `close` listener, which grows the socket's listener array
 * from 2 slots to 19 (about 140 bytes an idle event stream keeps). Empty where there is no such list.
 */
function openConnections(server: Server): Socket[] {
  const key = Object.getOwnPropertySymbols(server).find((symbol) => symbol.description === 'http.server.connections');
  const list = key === undefined ? undefined : (server as unknown as Record<symbol, ConnectionList | undefined>)[key];
  if (typeof list?.all !== 'function') return [];
  const sockets: Socket[] = [];
  for (const parser of list.all()) if (parser.socket) sockets.push(parser.socket);
  return sockets;
}

/**
 * Graceful shutdown of a Node HTTP/1.1 server. Until `close` it does nothing per request; from
 * `close` on, no connection is accepted; every response not yet started, and every request that
 * still arrives on an open connection, is answered with `Connection: close` and its connection
 * closed after it, so no busy keep-alive connection is cut and none is handed further requests.
 * Connections idle at `close` get `IDLE_LINGER_MS` for a request already on its way, then close.
 * `close` resolves when the last connection has closed, or cuts what is left after the grace period.
 */
export class NodeDrain {
  /** The idle-close timer of each connection idle at `close` (none before `close`: nothing is kept per connection until then). */
  private readonly lingering = new Map<Socket, ReturnType<typeof setTimeout>>();

  constructor(private readonly server: Server) {}

  /** A request arriving during the drain: answered, with `Connection: close`, so its connection ends after it. */
  private readonly lateRequest = (request: IncomingMessage, response: ServerResponse): void => {
    response.shouldKeepAlive = false;
    const socket = request.socket;
    clearTimeout(this.lingering.get(socket));
    this.lingering.delete(socket);
  };

  /** Closes an idle connection after the linger, unless a request arrived on it meanwhile. */
  private closeWhenIdle(socket: Socket): void {
    const timer = setTimeout(() => {
      this.lingering.delete(socket);
      if (!socket.destroyed && currentResponse(socket) === undefined) socket.destroySoon();
    }, IDLE_LINGER_MS);
    timer.unref();
    this.lingering.set(socket, timer);
  }

  /** Stops accepting and drains as described above; `graceMs` bounds the wait. Resolves with the connections open at `close`. */
  close(graceMs: number): Promise<number> {
    // Before Hono's listener, so the flag is set before a response can be written.
    this.server.prependListener('request', this.lateRequest);
    // Every connection, upgraded ones included: the count is taken now and handed to the callback on the next tick.
    let open = 0;
    this.server.getConnections((_error, count) => (open = count));
    return new Promise<number>((done, fail) => {
      // One slow or stuck call must not keep close() (and the onAppClose hooks after it) waiting forever.
      const force = setTimeout(() => this.server.closeAllConnections(), graceMs);
      // net.Server's close: stop listening and call back once every connection has ended. (http.Server's
      // own close would also drop idle connections at once, resetting a request already on its way.)
      NetServer.prototype.close.call(this.server, (error?: Error) => {
        clearTimeout(force);
        for (const timer of this.lingering.values()) clearTimeout(timer);
        this.lingering.clear();
        // Now that nothing is open, http.Server's close only stops its timeout checks (the server is closed already).
        this.server.close();
        if (error) fail(error);
        else done(open);
      });
      // Upgraded connections (WebSockets) are not in Node's list: their sessions closed them already
      // (`app.close()` ends every stream first, and cuts a socket whose peer does not answer its close).
      for (const socket of openConnections(this.server)) {
        const response = currentResponse(socket);
        if (response === undefined) this.closeWhenIdle(socket);
        // A busy one: its current response says `Connection: close`, so Node closes it after that
        // answer; one whose headers went out already is closed once it is idle again.
        else if (!response.headersSent) response.shouldKeepAlive = false;
        else response.once('finish', () => this.closeWhenIdle(socket));
      }
    });
  }
}
