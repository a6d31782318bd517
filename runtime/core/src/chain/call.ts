import type { RequestScope } from '../di/injector.js';
import type { CallObservation } from '../telemetry/call-observation.js';
import type { ArgumentSource } from '../contract/argument-source.js';
import type { GrpcExecutionContext, HttpExecutionContext } from '../contract/execution-context.js';

/** What the chain itself drives on a call, whatever its transport. */
export interface CallControl {
  /** Request-scoped instances; set by the chain only on routes that need them. */
  scope?: RequestScope;
  /** Reads (and validates) the body; the chain calls it after the guards, only on routes that read it. */
  loadBody(): Promise<void>;
  /** The call's observation (span, request line), when the application observes anything. */
  readonly observation?: CallObservation;
}

/** An HTTP call: its context, the source of its handler's parameters, and the chain's controls. */
export type HttpCallShape = HttpExecutionContext & ArgumentSource & CallControl;

/**
 * A gRPC call. Its parameter reads are those of `ArgumentSource` but `@Req()`, which the compiler
 * refuses on gRPC handlers: the context's `req` is absent there.
 */
export type GrpcCallShape = GrpcExecutionContext & Omit<ArgumentSource, 'req'> & CallControl;

/**
 * One call as a transport adapter hands it to the chain: the context guards see and the source
 * handler parameters are read from, in one object.
 *
 * @example
 * class HttpCall extends CallBase<HttpRouteEntry> implements HttpCallShape { … }
 */
export type Call = HttpCallShape | GrpcCallShape;

/** A prepared chain: returns the handler's (or a middleware's or filter's) answer, or throws. */
export type PreparedHandler = (call: Call) => unknown;
