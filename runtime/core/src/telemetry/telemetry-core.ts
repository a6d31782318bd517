import type { Tracer } from '@opentelemetry/api';
import type { OtelApi } from './live-telemetry.js';
import type { RequestLog } from '../logging/request-log.js';
import type { TrustedProxies } from '../network/trusted-proxies.js';
import type { Instruments } from './instruments.js';

/**
 * What every route's telemetry reads from the application's `Observability`, decided once at
 * `init`. (An interface of its own, so that the route telemetries and `Observability`, which
 * creates them, do not import each other.)
 *
 * @example
 * const telemetry = new HttpRouteTelemetry(observability, { method: 'GET', path: '/todo/:id' }); // an Observability is one
 */
export interface TelemetryCore {
  /** The live tracer when an SDK is registered. */
  readonly tracer: Tracer | undefined;
  /** `@opentelemetry/api`, loaded when an SDK is registered (the request log alone does without it). */
  readonly api: OtelApi | undefined;
  /** The live instruments when an SDK is registered. */
  readonly instruments: Instruments | undefined;
  /** The request log when asked for. */
  readonly log: RequestLog | undefined;
  /** The proxies whose forwarding headers are believed. */
  readonly trusted: TrustedProxies | undefined;
  /** The request id of a call: the forwarded one when usable and from a trusted proxy, else a new one. */
  requestId(forwarded: string | undefined): string;
  /** The caller's address after the proxy-trust rules. */
  clientAddress(remoteAddress: string, headers: { header(name: string): string | undefined }): string;
}
