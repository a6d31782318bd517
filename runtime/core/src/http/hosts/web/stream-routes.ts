import type { ErrorReport } from '../../answer-rules.js';
import { OpenStreams, type StreamCounters } from '../../streaming/open-streams.js';
import type { StreamingOptions } from '../../streaming/options.js';
import { SharedInterval } from '../../streaming/shared-interval.js';
import type { EventPump } from '../../streaming/sse/event-pump.js';
import type { RouteHeaderSource } from '../../pipeline/extension-points.js';
import type { StreamServing } from '../../streaming/stream-serving.js';
import { idleCheckPeriod, type SocketSession } from '../../streaming/websocket/socket-session.js';

/**
 * The streaming routes of one application (`@Sse()` event streams, `@Ws()` sockets), the streams
 * they hold open and the timers those share. Each adapter builds the streaming routes' handlers
 * from it (a `StreamServing`), and the HTTP transport tells it when the application shuts down,
 * before the server drains: an open stream never ends by itself.
 */
export class StreamingRoutes implements StreamServing {
  /** What `app.stats()` reports. */
  readonly counters: StreamCounters = { open: 0, closedAtShutdown: 0 };
  readonly streams = new OpenStreams(this.counters);
  readonly heartbeats: SharedInterval<EventPump>;
  readonly pings: SharedInterval<SocketSession>;
  readonly idleChecks: SharedInterval<SocketSession>;

  constructor(
    readonly options: StreamingOptions,
    private readonly report: ErrorReport,
    /** The route header sources (extension point c), read when a handler is built. */
    private readonly routeHeaders: readonly RouteHeaderSource[] = [],
  ) {
    this.heartbeats = new SharedInterval(options.heartbeatMs, (pump) => pump.beat());
    this.pings = new SharedInterval(options.pingIntervalMs, (session) => session.ping());
    this.idleChecks = new SharedInterval(idleCheckPeriod(options.idleTimeoutMs), (session, now) => session.checkIdle(now));
  }

  /** Ends every open stream (event streams end their body; sockets close with 1001); returns how many. */
  shutdown(): number {
    return this.streams.shutdownAll();
  }
}
