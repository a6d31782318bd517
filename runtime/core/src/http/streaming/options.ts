/**
 * How the application serves its streams: `@Sse()` event streams and `@WebSocket()` sockets.
 * Every field has a default; see `DEFAULT_STREAMING_OPTIONS`.
 *
 * @example
 * new FrameworkApplication(tables, { streaming: { heartbeatMs: 20_000, maxMessageBytes: 16 * 1024 } });
 */
export interface StreamingOptions {
  /**
   * An event stream quiet this long gets a comment line (`:`), so proxies and load balancers that
   * close idle connections (nginx's 60 s `proxy_read_timeout`, most cloud balancers) keep it open.
   * 0 sends none. Default 15 000 ms.
   */
  readonly heartbeatMs: number;
  /** The largest WebSocket message accepted, in bytes; a larger one closes the socket with 1009. Default 64 KiB. */
  readonly maxMessageBytes: number;
  /** Messages a socket may send per second (a token bucket of one second's worth); beyond it the socket is closed with 1008. Default 100. */
  readonly messagesPerSecond: number;
  /** How often a socket is pinged; one that did not answer the previous ping is closed (1006 on its side). Default 30 000 ms; 0 pings never. */
  readonly pingIntervalMs: number;
  /** A socket that sends nothing for this long is closed with 1000 ('idle'). Default 0: never. */
  readonly idleTimeoutMs: number;
  /** Bytes queued on a socket beyond which the handler's next message waits for the client to read. Default 1 MiB. */
  readonly highWaterMarkBytes: number;
}

export const DEFAULT_STREAMING_OPTIONS: StreamingOptions = Object.freeze({
  heartbeatMs: 15_000,
  maxMessageBytes: 64 * 1024,
  messagesPerSecond: 100,
  pingIntervalMs: 30_000,
  idleTimeoutMs: 0,
  highWaterMarkBytes: 1024 * 1024,
});

/** The defaults with the given fields over them; a field that is not a whole number 0 or more is a TypeError naming it. */
export function resolveStreamingOptions(given: Partial<StreamingOptions> = {}): StreamingOptions {
  const options = { ...DEFAULT_STREAMING_OPTIONS, ...given };
  for (const [name, value] of Object.entries(options)) {
    if (!Number.isInteger(value) || (value as number) < 0) {
      throw new TypeError(`FrameworkApplication: streaming.${name} must be a whole number, 0 or more; got ${String(value)}.`);
    }
  }
  if (options.maxMessageBytes === 0 || options.messagesPerSecond === 0 || options.highWaterMarkBytes === 0) {
    throw new TypeError('FrameworkApplication: streaming.maxMessageBytes, messagesPerSecond and highWaterMarkBytes must be at least 1.');
  }
  return options;
}
