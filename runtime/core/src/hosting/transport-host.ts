import type { PreparedHandler } from '../chain/call.js';
import type { ErrorFilters } from '../chain/filters.js';
import type { Injector } from '../di/injector.js';
import type { HealthState } from '../health/application-health.js';
import type { ApplicationTables, HandlerEntry } from '../contract/tables.js';
import type { Logger } from '../types/logger.js';
import type { Observability } from '../telemetry/observability.js';

/** What an initialised application offers the transports that serve it. */
export interface TransportHost {
  readonly tables: ApplicationTables;
  readonly injector: Injector;
  readonly logger: Logger;
  /**
   * What the application observes: transports ask it at attach for each route's telemetry
   * (`httpRoute`, `grpcMethod`), `undefined` when nothing is observed.
   */
  readonly observability: Observability;
  /** The application's health state, which a transport's own health service reports (see `GrpcServer`). */
  readonly health: HealthState;
  /** The one chain (middleware, guards, parameters, handler, filters) of a handler. */
  prepare(entry: HandlerEntry, options: { readonly readsBody: boolean }): PreparedHandler;
  /**
   * The exception filters of the handler's chain as one function, for an error the transport
   * meets after the chain answered (a streamed answer failing while it is sent), so that the
   * filters see it as they see an error of the chain; `undefined` when the handler has none. Ask
   * once per handler at attach.
   */
  errorFilters(entry: HandlerEntry): ErrorFilters | undefined;
  /**
   * The handler alone when its chain adds nothing around it (no middleware, guards, interceptors,
   * filters or request scope): the transport may read the body itself and call it straight.
   */
  bareHandler(entry: HandlerEntry): PreparedHandler | undefined;
  /**
   * Whether the handler's chain adds nothing around it (`bareHandler` gives the handler): its
   * preparation then checks nothing, and the transport may prepare it on the handler's first call.
   */
  chainAddsNothing(entry: HandlerEntry): boolean;
}

/**
 * A server that serves the application's handlers: HTTP (`HttpTransport`, registered by the
 * application itself), gRPC (`GrpcServer` registers one), or a transport of your own. Registered
 * before `init`; attached during `init`, in registration order; closed by `app.close()`.
 *
 * @example
 * app.registerTransport({ name: 'grpc', attach(host) { … }, close: async () => { … } });
 */
export interface ApplicationTransport {
  readonly name: string;
  attach(host: TransportHost): void | Promise<void>;
  close(): Promise<void>;
}
