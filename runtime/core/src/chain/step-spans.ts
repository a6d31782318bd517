// Types only: an application that observes nothing never loads @opentelemetry/api.
import type { Span, SpanKind, SpanStatusCode, Tracer } from '@opentelemetry/api';
import { isThenable } from '../types/thenable.js';
import type { Call, PreparedHandler } from './call.js';
import type { AuthGuard, Interceptor } from './contracts.js';
import type { ResolvedFilter } from './filters.js';
import type { InstanceOf } from './instances.js';
import type { ResolvedMiddleware } from './middleware.js';

/**
 * The dev dashboard's switch (`framework-build dev`): its preload, in the loop's app processes
 * only, sets this global to the tracer of the provider it registers. Nowhere else is it set, and
 * `prepareHandler` reads it once per handler at `init`: a chain built without it has no step
 * spans to check for per call.
 */
const DEV_CHAIN_SPANS = Symbol.for('framework.dev.chainSpans');
const INTERNAL = 0 as SpanKind.INTERNAL;
const ERROR = 2 as SpanStatusCode.ERROR;

/** What a chain's step is, in its span's name and `framework.step.kind` attribute. */
export type StepKind = 'middleware' | 'guard' | 'interceptor' | 'validation' | 'pipe' | 'handler' | 'filter';

/**
 * The tracer of the chain's step spans, when the dev dashboard asked for them; `undefined`
 * otherwise (always, outside the dev loop). Read at `init`.
 *
 * @example
 * const steps = chainStepTracer(); // at init
 * if (steps) run = tracedHandler(steps, 'TodoController.findOne', run);
 */
export function chainStepTracer(): Tracer | undefined {
  const tracer = (globalThis as Record<symbol, unknown>)[DEV_CHAIN_SPANS] as Partial<Tracer> | undefined;
  return typeof tracer?.startSpan === 'function' ? (tracer as Tracer) : undefined;
}

/** Runs `work` in a child span of the call's server span named `<kind> <name>`; only the work when the call has no span. */
function inSpan<T>(tracer: Tracer, call: Call, kind: StepKind, name: string, work: (span?: Span) => T): T {
  const parent = call.observation?.traceContext;
  if (parent === undefined) return work();
  const span = tracer.startSpan(`${kind} ${name}`, { kind: INTERNAL, attributes: { 'framework.step.kind': kind, 'framework.step.name': name } }, parent);
  let result: T;
  try {
    result = work(span);
  } catch (error) {
    endFailed(span, error);
    throw error;
  }
  if (!isThenable(result)) {
    span.end();
    return result;
  }
  return Promise.resolve(result).then(
    (value) => {
      span.end();
      return value;
    },
    (error: unknown) => {
      endFailed(span, error);
      throw error;
    },
  ) as T;
}

function endFailed(span: Span, error: unknown): void {
  span.setStatus({ code: ERROR, message: error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error) });
  span.end();
}

/** One method of an instance replaced by a traced one; the instance's class and other members stay (an object whose prototype it is). */
function withTraced<T extends object, K extends keyof T>(instance: T, method: K, traced: T[K]): T {
  return Object.create(instance, { [method]: { value: traced } }) as T;
}

/** Guards, each `canActivate` in a span; one that says no ends it as an error too (`refused`). */
export function tracedGuards(tracer: Tracer, guards: readonly InstanceOf<AuthGuard>[]): InstanceOf<AuthGuard>[] {
  return guards.map((guardOf) => (call: Call) => {
    const guard = guardOf(call);
    const verdictOf = (context: Parameters<AuthGuard['canActivate']>[0], span?: Span): boolean | Promise<boolean> => {
      const noted = (allowed: boolean): boolean => {
        span?.setAttribute('framework.guard.allowed', allowed === true);
        if (allowed !== true) span?.setStatus({ code: ERROR, message: 'refused' });
        return allowed;
      };
      const verdict = guard.canActivate(context);
      return isThenable(verdict) ? Promise.resolve(verdict).then(noted) : noted(verdict);
    };
    return withTraced(guard, 'canActivate', (context) => inSpan(tracer, call, 'guard', guard.constructor.name, (span) => verdictOf(context, span)));
  });
}

/** Interceptors, each `intercept` in a span (which holds the steps it wraps). */
export function tracedInterceptors(tracer: Tracer, interceptors: readonly InstanceOf<Interceptor>[]): InstanceOf<Interceptor>[] {
  return interceptors.map((interceptorOf) => (call: Call) => {
    const interceptor = interceptorOf(call);
    return withTraced(interceptor, 'intercept', (context, next) => inSpan(tracer, call, 'interceptor', interceptor.constructor.name, () => interceptor.intercept(context, next)));
  });
}

/** Middleware, each in a span (which holds the steps after its `next()`). */
export function tracedMiddleware(tracer: Tracer, middleware: readonly ResolvedMiddleware[]): ResolvedMiddleware[] {
  return middleware.map((m) => ({ name: m.name, invoke: (call, next) => inSpan(tracer, call, 'middleware', m.name, () => m.invoke(call, next)) }));
}

/** Filters, each `catch` that runs in a span. */
export function tracedFilters(tracer: Tracer, filters: readonly ResolvedFilter[]): ResolvedFilter[] {
  return filters.map(({ filter, catches }) => ({
    catches,
    filter: (call: Call) => {
      const instance = filter(call);
      return withTraced(instance, 'catch', (error, context) => inSpan(tracer, call, 'filter', instance.constructor.name, () => instance.catch(error, context)));
    },
  }));
}

/** Parameter pipes (singletons), each `transform` in a span. */
export function tracedPipes(tracer: Tracer, pipes: readonly unknown[], call: Call): unknown[] {
  return pipes.map((pipe) => {
    const p = pipe as { transform?: (value: unknown, metadata: unknown) => unknown; constructor: { name: string } };
    if (typeof p.transform !== 'function') return pipe;
    const transform = p.transform;
    return withTraced(p, 'transform', (value, metadata) => inSpan(tracer, call, 'pipe', p.constructor.name, () => transform.call(p, value, metadata)));
  });
}

/** The body's read and validation in a span. */
export function tracedBody(tracer: Tracer, call: Call): Promise<void> {
  return inSpan(tracer, call, 'validation', 'body', () => call.loadBody());
}

/** The handler itself in a span named by its controller and method (`handler TodoController.findOne`). */
export function tracedHandler(tracer: Tracer, name: string, handler: PreparedHandler): PreparedHandler {
  return function tracedHandlerCall(call) {
    return inSpan(tracer, call, 'handler', name, () => handler(call));
  };
}
