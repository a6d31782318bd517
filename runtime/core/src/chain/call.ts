import type { RequestScope } from '../di/injector.js';
import type { ArgumentSource } from './argument-source.js';
import type { ExecutionContext } from './execution-context.js';

/**
 * One call as a transport adapter hands it to the chain: the context guards see and the source
 * handler parameters are read from, in one object.
 */
export interface Call extends ExecutionContext, ArgumentSource {
  /** Request-scoped instances; set by the chain only on routes that need them. */
  scope?: RequestScope;
  /** Reads (and validates) the body; the chain calls it after the guards, only on routes that read it. */
  loadBody(): Promise<void>;
}

/** A prepared chain: returns the handler's (or a middleware's or filter's) answer, or throws. */
export type PreparedHandler = (call: Call) => unknown;
