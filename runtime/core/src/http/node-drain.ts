import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/**
 * How long a connection must have been idle before the drain closes it. A keep-alive client may
 * be sending its next request at the very moment the server sees the connection idle; closing it
 * then would reset that request. One that stays quiet this long is not sending one.
 */
const IDLE_LINGER_MS = 250;

/** What the drain knows of one connection. */
interface Connection {
  /** Responses started and not yet finished on it. */
  readonly responses: Set<ServerResponse>;
  /** When its last response finished (or it opened). */
  idleSince: number;
  /** Set once its closing is scheduled. */
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Graceful shutdown of a Node HTTP/1.1 server. From `close` on, no connection is accepted; every
 * response not yet started, and every request that still arrives on an open connection, is answered
 * with `Connection: close` and its connection closed after it, so no busy keep-alive connection is
 * cut and none is handed further requests. Connections idle at least `IDLE_LINGER_MS` close at
 * once, the others when they reach it. `close` resolves when the last connection has closed, or
 * cuts what is left after the grace period.
 *
 * @example
 * const drain = new NodeDrain(server);
 * await drain.close(5000); // resolves as soon as the last in-flight request is answered
 */
export class NodeDrain {
  private readonly connections = new Map<Socket, Connection>();
  private closing = false;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, { responses: new Set(), idleSince: Date.now() });
      socket.once('close', () => {
        clearTimeout(this.connections.get(socket)?.timer);
        this.connections.delete(socket);
      });
    });
    // Before Hono's listener, so the flag is set before a response can be written.
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => this.track(request.socket, response));
  }

  private track(socket: Socket, response: ServerResponse): void {
    const connection = this.connections.get(socket);
    if (this.closing) response.shouldKeepAlive = false;
    if (!connection) return;
    connection.responses.add(response);
    clearTimeout(connection.timer);
    connection.timer = undefined;
    response.once('close', () => {
      connection.responses.delete(response);
      connection.idleSince = Date.now();
      // A response whose headers went out before close() kept its connection alive: close it once idle.
      if (this.closing && connection.responses.size === 0) this.closeWhenIdle(socket, connection);
    });
  }

  private closeWhenIdle(socket: Socket, connection: Connection): void {
    const wait = connection.idleSince + IDLE_LINGER_MS - Date.now();
    if (wait <= 0) {
      socket.destroySoon();
      return;
    }
    connection.timer ??= setTimeout(() => {
      connection.timer = undefined;
      if (connection.responses.size === 0) socket.destroySoon();
    }, wait);
  }

  /** Stops accepting and drains as described above; `graceMs` bounds the wait. */
  close(graceMs: number): Promise<void> {
    this.closing = true;
    return new Promise<void>((done, fail) => {
      // One slow or stuck call must not keep close() (and the onAppClose hooks after it) waiting forever.
      const force = setTimeout(() => this.server.closeAllConnections(), graceMs);
      // net.Server's close: stop listening and call back once every connection has ended. (http.Server's
      // own close would also drop idle connections at once, resetting a request already on its way.)
      NetServer.prototype.close.call(this.server, (error?: Error) => {
        clearTimeout(force);
        // Now that nothing is open, http.Server's close only stops its timeout checks (the server is closed already).
        this.server.close();
        if (error) fail(error);
        else done();
      });
      for (const [socket, connection] of this.connections) {
        if (connection.responses.size === 0) this.closeWhenIdle(socket, connection);
        // Busy ones: each current response says `Connection: close`, unless its headers went out already.
        for (const response of connection.responses) if (!response.headersSent) response.shouldKeepAlive = false;
      }
    });
  }
}
