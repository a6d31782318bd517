/**
 * `@framework/core/transport`: what a transport package (`@framework/grpc`, a test harness, a
 * WebSocket server) needs to serve an application's handlers through the one request chain.
 * Application authors import from `@framework/core` instead.
 *
 * A transport registers itself with `app.registerTransport(...)` before `init`; `init` hands its
 * `attach` a `TransportHost`, from which it prepares one chain per handler and runs each call
 * (a `CallBase` subclass of its own; `HttpCallBase` for HTTP calls, which gives the context's cookies,
 * headers and redirects) through it; `app.close()` calls its `close`.
 *
 * @example
 * import { CallBase, type ApplicationTransport, type TransportHost } from '@framework/core/transport';
 *
 * class InProcessTransport implements ApplicationTransport {
 *   readonly name = 'in-process';
 *   attach(host: TransportHost) {
 *     for (const route of host.tables.routes) this.runs.set(route.id, host.prepare(route, { readsBody: route.readsBody }));
 *   }
 *   async close() {}
 * }
 */
export type { ApplicationTransport, TransportHost } from './hosting/transport-host.js';
export type { Call, CallControl, HttpCallShape, GrpcCallShape, PreparedHandler } from './chain/call.js';
export type { ErrorFilters } from './chain/filters.js';
export { CallBase, type HandlerRuntime } from './chain/call-base.js';
export { GrpcCallBase } from './chain/grpc-call-base.js';
export { HttpCallBase } from './http/context/http-call-base.js';
export { isThenable } from './types/thenable.js';
export { Injector, type RequestScope } from './di/injector.js';
export { recordGrpcService, grpcServiceOf } from './decorators/records.js';
export { listenTurn } from './application/listen-turn.js';
export { HttpTransport, type HttpTransportOptions, type FetchHandler } from './http/http-transport.js';
export type { Observability } from './telemetry/observability.js';
export type { CallObservation } from './telemetry/call-observation.js';
export type { GrpcCallFacts, GrpcMethodTelemetry } from './telemetry/grpc-method-telemetry.js';
