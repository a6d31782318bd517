import { OpenStreams, type StreamCounters } from './open-streams.js';
import type { StreamingOptions } from './options.js';
import { SharedInterval } from './shared-interval.js';
import type { EventPump } from './sse/event-pump.js';
import { idleCheckPeriod, type SocketSession } from './websocket/socket-session.js';

/**
 * What every streaming route of one application shares, whichever adapter serves it: the options,
 * the streams open now (for shutdown and `app.stats()`), and one timer per periodic duty
 * (heartbeats, pings, idle checks). The HTTP transport ends its streams at shutdown, before the
 * server drains: an open stream never ends by itself.
 */
export class StreamServing {
  /** What `app.stats()` reports. */
  readonly counters: StreamCounters = { open: 0, closedAtShutdown: 0 };
  readonly streams = new OpenStreams(this.counters);
  readonly heartbeats: SharedInterval<EventPump>;
  readonly pings: SharedInterval<SocketSession>;
  readonly idleChecks: SharedInterval<SocketSession>;

  constructor(readonly options: StreamingOptions) {
    this.heartbeats = new SharedInterval(options.heartbeatMs, (pump) => pump.beat());
    this.pings = new SharedInterval(options.pingIntervalMs, (session) => session.ping());
    this.idleChecks = new SharedInterval(idleCheckPeriod(options.idleTimeoutMs), (session, now) => session.checkIdle(now));
  }

  /** Ends every open stream (event streams end their body; sockets close with 1001); returns how many. */
  shutdown(): number {
    return this.streams.shutdownAll();
  }
}
