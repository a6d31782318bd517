import type { ApplicationOptions } from '@framework/core';

/**
 * The example's limits: its bodies and messages are small (a todo name has at most 200
 * characters), so it accepts 64 KiB HTTP bodies and 4 KiB gRPC and WebSocket messages; the server timeouts are
 * the framework's defaults; answers are compressed (br or gzip, from 1 KiB). On their own here so that the Worker entry takes them without the gRPC server.
 *
 * @example
 * new FrameworkApplication(tables, LIMITS)
 */
export const LIMITS: ApplicationOptions = { bodyLimit: 64 * 1024, streaming: { maxMessageBytes: 4 * 1024 }, compression: true };
