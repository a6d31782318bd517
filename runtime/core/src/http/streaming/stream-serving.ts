import type { OpenStreams } from './open-streams.js';
import type { StreamingOptions } from './options.js';
import type { SharedInterval } from './shared-interval.js';
import type { EventPump } from './sse/event-pump.js';
import type { SocketSession } from './websocket/socket-session.js';

/**
 * What every streaming route of one application shares, whichever server path serves it: the
 * options, the streams open now (for shutdown and `app.stats()`), and the application's one timer
 * per periodic duty (heartbeats, pings, idle checks). `StreamingRoutes` holds it; each adapter
 * builds its handlers from it.
 */
export interface StreamServing {
  readonly options: StreamingOptions;
  readonly streams: OpenStreams;
  readonly heartbeats: SharedInterval<EventPump>;
  readonly pings: SharedInterval<SocketSession>;
  readonly idleChecks: SharedInterval<SocketSession>;
}
