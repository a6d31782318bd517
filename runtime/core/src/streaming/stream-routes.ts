import type { ErrorReport } from '../http/hono/respond.js';
import type { HonoRouteHandler } from '../http/hono/route-handler.js';
import type { HttpRoute } from '../http/http-route.js';
import { OpenStreams, type StreamCounters } from './open-streams.js';
import type { StreamingOptions } from './options.js';
import { sseRoute } from './sse/sse-route.js';
import { webSocketRoute } from './websocket/websocket-route.js';

/**
 * The streaming routes of one application (`@Sse()` event streams, `@Ws()` sockets) and the streams
 * they hold open. The HTTP transport asks it for the handler of each route and tells it when the
 * application shuts down, before the server drains: an open stream never ends by itself.
 *
 * @example
 * const streaming = new StreamingRoutes(resolveStreamingOptions(), report);
 * buildHonoApp(routes, { …, streamRoute: (spec) => streaming.handlerOf(spec) });
 * streaming.shutdown(); // in close(), before the server's drain
 */
export class StreamingRoutes {
  /** What `app.stats()` reports. */
  readonly counters: StreamCounters = { open: 0, closedAtShutdown: 0 };
  private readonly streams = new OpenStreams(this.counters);

  constructor(
    private readonly options: StreamingOptions,
    private readonly report: ErrorReport,
  ) {}

  /** The handler of a streaming route; undefined for any other route. */
  handlerOf(spec: HttpRoute): HonoRouteHandler | undefined {
    switch (spec.entry.stream) {
      case 'sse':
        return sseRoute(spec, { heartbeatMs: this.options.heartbeatMs, streams: this.streams, report: this.report });
      case 'websocket':
        return webSocketRoute(spec, { options: this.options, streams: this.streams, report: this.report });
      default:
        return undefined;
    }
  }

  /** Ends every open stream (event streams end their body; sockets close with 1001); returns how many. */
  shutdown(): number {
    return this.streams.shutdownAll();
  }
}
