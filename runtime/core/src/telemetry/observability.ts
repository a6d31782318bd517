import type { Tracer } from '@opentelemetry/api';
import { RequestLog, type RequestLogOptions } from '../logging/request-log.js';
import { requestIdOf } from '../logging/request-id.js';
import { clientAddress } from '../network/client-address.js';
import { DEFAULT_TRUSTED_PROXIES, TrustedProxies } from '../network/trusted-proxies.js';
import type { GrpcMethodRoute, GrpcMethodTelemetry } from './grpc-method-telemetry.js';
import type { HttpRouteTelemetry, ObservedRoute } from './http-route-telemetry.js';
import type { Instruments } from './instruments.js';
import type { OtelApi } from './live-telemetry.js';
import { registeredApi } from './registered-api.js';
import type { TelemetryCore } from './telemetry-core.js';

type ObservedCalls = typeof import('./observed-calls.js');

/**
 * What an application observes of its calls (part of `ApplicationOptions`).
 *
 * @example
 * new FrameworkApplication(tables, { requestLog: true, trustProxy: ['10.0.0.0/8'] });
 */
export interface ObservabilityOptions {
  /**
   * Spans and metrics through `@opentelemetry/api` when an OpenTelemetry SDK is registered before
   * `init` (default true; false ignores a registered SDK). Without an SDK nothing is observed and
   * the routes run exactly as they would without this option.
   */
  readonly telemetry?: boolean;
  /** One JSON line per HTTP request and gRPC call through pino: `true`, or its options. Default off. */
  readonly requestLog?: boolean | RequestLogOptions;
  /**
   * The proxies whose `X-Forwarded-For`, `X-Real-IP` and `X-Request-Id` are believed for the
   * client address and the request id of spans and request lines: `true` (the default) trusts
   * loopback (a proxy on the same host), `false` none, or a list of addresses and CIDR ranges.
   * The throttler has its own `trustProxy`.
   */
  readonly trustProxy?: boolean | readonly string[];
}

/**
 * What an initialised application observes, decided once at `init`: the live tracer and
 * instruments (when an SDK is registered), the request log (when asked for), the trusted proxies.
 * Transports ask it for the telemetry of each route at `init`; it answers `undefined` when nothing
 * is observed, so that those routes run with no observation at all, and `@opentelemetry/api` and
 * the telemetry classes are not even loaded.
 *
 * @example
 * const observability = await Observability.create(options, '2.11.0');
 * const telemetry = observability.httpRoute({ method: 'GET', path: '/todo/:id' });
 */
export class Observability implements TelemetryCore {
  private constructor(
    readonly api: OtelApi | undefined,
    readonly tracer: Tracer | undefined,
    readonly instruments: Instruments | undefined,
    readonly log: RequestLog | undefined,
    readonly trusted: TrustedProxies | undefined,
    /** The telemetry classes, loaded only when something is observed. */
    private readonly observed: ObservedCalls | undefined,
  ) {}

  /** Nothing observed: no SDK, no request log. */
  static readonly off = new Observability(undefined, undefined, undefined, undefined, undefined, undefined);

  /** `credentials`: the application's credential headers, which the request log never shows. */
  static async create(options: ObservabilityOptions, version?: string, credentials?: ReadonlySet<string>): Promise<Observability> {
    const registered = (options.telemetry ?? true) ? registeredApi() : undefined;
    const sdk = registered?.trace !== undefined || registered?.metrics !== undefined;
    const logOptions = options.requestLog === true ? {} : options.requestLog || undefined;
    const log = logOptions ? await RequestLog.create(logOptions, credentials) : undefined;
    const trustProxy = options.trustProxy ?? true;
    const trusted = trustProxy === false ? undefined : new TrustedProxies(trustProxy === true ? DEFAULT_TRUSTED_PROXIES : trustProxy, 'trustProxy');
    if (!sdk && log === undefined) return new Observability(undefined, undefined, undefined, undefined, trusted, undefined);
    const [observed, live] = await Promise.all([import('./observed-calls.js'), sdk ? import('./live-telemetry.js') : undefined]);
    const tracer = live?.liveTracer(version);
    const meter = live?.liveMeter(version);
    return new Observability(live?.api, tracer, meter && new live!.Instruments(meter), log, trusted, observed);
  }

  /** Whether anything is observed; when not, no route pays for an observation. */
  get enabled(): boolean {
    return this.tracer !== undefined || this.instruments !== undefined || this.log !== undefined;
  }

  /**
   * The telemetry of one HTTP route, prepared now; of the requests no route matches when `route`
   * is `undefined`. `undefined` when nothing is observed.
   */
  httpRoute(route: ObservedRoute | undefined): HttpRouteTelemetry | undefined {
    return this.enabled ? new this.observed!.HttpRouteTelemetry(this, route) : undefined;
  }

  /** The telemetry of one gRPC method, prepared now; `undefined` when nothing is observed. */
  grpcMethod(method: GrpcMethodRoute): GrpcMethodTelemetry | undefined {
    return this.enabled ? new this.observed!.GrpcMethodTelemetry(this, method) : undefined;
  }

  /** The request id of a call: the forwarded one when usable and from a trusted proxy, else a new one. */
  requestId(forwarded: string | undefined): string {
    return requestIdOf(forwarded);
  }

  /** The caller's address after the proxy-trust rules. */
  clientAddress(remoteAddress: string, headers: { header(name: string): string | undefined }): string {
    return clientAddress(remoteAddress, headers, this.trusted);
  }

  /** Counts connections a graceful shutdown closed. */
  countDrained(connections: number): void {
    if (connections > 0) this.instruments?.drained.add(connections);
  }

  /** Writes what the request log still buffers. */
  async flush(): Promise<void> {
    await this.log?.flush();
  }
}
