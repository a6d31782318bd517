import type { Server } from '@grpc/grpc-js';
import { constants, type Http2Server, type ServerHttp2Session } from 'node:http2';
import { Server as NetServer } from 'node:net';

/**
 * What grpc-js keeps of each listener: its open HTTP/2 sessions. Not public API, so it is only
 * read, and a grpc-js without it gets the plain `tryShutdown` (see `drainGrpcServer`).
 */
export interface ListenerSessions {
  readonly http2Servers?: Map<Http2Server, { readonly sessions: Set<ServerHttp2Session> }>;
}

/** The longest a drain waits for one peer to answer its PING before closing the connection anyway. */
const BARRIER_MS = 1000;

/**
 * Resolves once `session` has read every frame its peer sent before it received a PING from us
 * (the peer answers a PING after the frames it wrote earlier, and TCP keeps their order), or when
 * the session closes, or after `waitMs`.
 */
function pingBarrier(session: ServerHttp2Session, waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (session.closed || session.destroyed) return resolve();
    const done = () => {
      clearTimeout(timer);
      session.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    session.once('close', done);
    let sent = false;
    try {
      sent = session.ping(done);
    } catch {
      // The session is closing already: nothing more can arrive on it.
    }
    if (!sent) done();
  });
}

/**
 * Shuts a grpc-js server down without refusing a call a peer has already sent.
 *
 * grpc-js's `tryShutdown` closes each connection at once with a GOAWAY naming the last stream
 * the server has *read*. A call whose HEADERS are still in the socket (a balancer such as nginx
 * opens a connection per call and writes the call right behind the handshake) is then refused,
 * and a balancer may not retry it: it is a POST it has sent. HTTP/2 has no other way to say "I
 * read everything you sent" than a PING round trip, and Node's HTTP/2 cannot send the shutdown
 * notice (a GOAWAY that still admits new streams), so the drain is:
 *
 * 1. close the listeners: a new connection is refused, which a balancer retries elsewhere;
 * 2. send every open connection a PING and wait for its answer (at most `BARRIER_MS`): by then
 *    every call the peer sent before it saw the PING has been read, and is served;
 * 3. `tryShutdown`: a GOAWAY naming the last call read, and the calls in flight finish.
 *
 * Resolves when the last call has finished, or cuts what is left after `timeoutMs`.
 *
 * @example
 * await drainGrpcServer(server, 5000);
 */
export async function drainGrpcServer(server: Server, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const listeners = (server as unknown as ListenerSessions).http2Servers;
  const sessions: ServerHttp2Session[] = [];
  if (listeners instanceof Map) {
    for (const [listener, entry] of listeners) {
      // net.Server's own close: Http2Server's (Node 22+) also closes every session at once, with
      // the GOAWAY this drain delays. tryShutdown's close() later is harmless: it reports once
      // the connections are gone.
      if (listener.listening) NetServer.prototype.close.call(listener);
      sessions.push(...entry.sessions);
    }
    await Promise.all(sessions.map((session) => pingBarrier(session, Math.min(BARRIER_MS, timeoutMs / 2))));
  }
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => {
      server.forceShutdown();
      // grpc-js's forceShutdown destroys only the sessions channelz tracked, and channelz is off
      // by default here (grpc-limits.ts): the connections found above are cut the same way.
      for (const session of sessions) if (!session.destroyed) session.destroy(undefined, constants.NGHTTP2_CANCEL);
      resolve();
    }, Math.max(0, deadline - Date.now()));
    server.tryShutdown(() => {
      clearTimeout(force);
      resolve();
    });
  });
}
