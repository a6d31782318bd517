import type { RouteAwareInterceptor } from '../chain/contracts.js';
import type { ExecutionContext } from '../chain/execution-context.js';
import { HandlerTimeoutException } from '../exceptions/request-exceptions.js';
import { SetMetadata } from '../metadata.js';
import type { HandlerEntry } from '../tables.js';
import type { Class } from '../types/class.js';
import { withDeadline } from '../timing/deadline.js';
import { positiveMs, RouteSetting } from './route-setting.js';

const TIMEOUT_KEY = Symbol('timeout');

/**
 * The deadline of one handler or of every handler of a controller, for the `TimeoutInterceptor`
 * (handler over controller, both over the interceptor's default). Read once at init.
 *
 * @example
 * @Timeout(200) @Get('/report') report(@Ctx() context: ExecutionContext) { return this.reports.build(context.signal); }
 */
export const Timeout = (ms: number): ClassDecorator & MethodDecorator => SetMetadata(TIMEOUT_KEY, positiveMs(ms, '@Timeout(ms)'));

export interface TimeoutOptions {
  /** Deadline of routes without `@Timeout(ms)`, in milliseconds (default 5000). */
  readonly ms?: number;
}

/**
 * Answers 503 `HandlerTimeoutException` (gRPC: DEADLINE_EXCEEDED) when the rest of the chain
 * (inner interceptors, body validation, handler) has not answered within the route's deadline,
 * and aborts the call's `context.signal` so the handler can stop its work. A late result is dropped.
 *
 * @example
 * app.useGlobalInterceptors(new TimeoutInterceptor({ ms: 5000 }));
 * // or per controller, with the default deadline or @Timeout(ms):
 * @UseInterceptors(TimeoutInterceptor) @Controller('/reports') export class ReportController {}
 */
export class TimeoutInterceptor implements RouteAwareInterceptor {
  private readonly defaultMs: number;
  private readonly limits = new RouteSetting(TIMEOUT_KEY);

  constructor(options: TimeoutOptions = {}) {
    this.defaultMs = positiveMs(options.ms ?? 5000, 'TimeoutInterceptor: `ms`');
  }

  prepareRoute(route: HandlerEntry, controller: Class): void {
    this.limits.prepare(route, controller);
  }

  intercept(context: ExecutionContext, next: () => Promise<unknown>): Promise<unknown> {
    const ms = this.limits.of(context.getRoute(), context.getClass()) ?? this.defaultMs;
    return withDeadline(next(), ms, () => {
      const error = new HandlerTimeoutException(ms);
      context.abort(error);
      return error;
    });
  }
}
