import type { PreparedHandler } from '../chain/call.js';
import type { Injector } from '../di/injector.js';
import type { HandlerEntry } from '../tables.js';
import type { ApplicationTables } from '../tables.js';
import type { Logger } from '../http/respond.js';

/** What an initialised application offers the transports that serve it. */
export interface TransportHost {
  readonly tables: ApplicationTables;
  readonly injector: Injector;
  readonly logger: Logger;
  /** The one chain (middleware, guards, parameters, handler, filters) of a handler. */
  prepare(entry: HandlerEntry, options: { readonly readsBody: boolean }): PreparedHandler;
}

/**
 * A server that serves the application's handlers (gRPC registers one; HTTP is built in).
 * Registered before `init`; attached during `init`.
 *
 * @example
 * app.registerTransport({ name: 'grpc', attach(host) { … }, close: async () => { … } });
 */
export interface ApplicationTransport {
  readonly name: string;
  attach(host: TransportHost): void | Promise<void>;
  close(): Promise<void>;
}
