import type { RouteAwareInterceptor } from '../chain/contracts.js';
import type { ExecutionContext } from '../contract/execution-context.js';
import { HttpException } from '../exceptions/http-exception.js';
import { HandlerTimeoutException } from '../exceptions/request-exceptions.js';
import { SetMetadata } from '../metadata.js';
import type { HandlerEntry } from '../contract/tables.js';
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
  /**
   * Most handlers still running past their deadline (default 100). A handler that ignores
   * `context.signal` goes on after its caller got the 503; while this many are overdue, new calls
   * are refused at once with 503 (UNAVAILABLE on gRPC) instead of piling up more work.
   */
  readonly maxOverdue?: number;
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
  private readonly maxOverdue: number;
  private readonly limits = new RouteSetting(TIMEOUT_KEY);
  /** Handlers past their deadline that have not settled yet. */
  private overdueNow = 0;

  constructor(options: TimeoutOptions = {}) {
    this.defaultMs = positiveMs(options.ms ?? 5000, 'TimeoutInterceptor: `ms`');
    const { maxOverdue = 100 } = options;
    if (!Number.isSafeInteger(maxOverdue) || maxOverdue < 1) throw new TypeError(`TimeoutInterceptor: \`maxOverdue\` must be a positive integer, got ${String(maxOverdue)}.`);
    this.maxOverdue = maxOverdue;
  }

  /** How many handlers are running past their deadline now. */
  get overdue(): number {
    return this.overdueNow;
  }

  prepareRoute(route: HandlerEntry, controller: Class): void {
    this.limits.prepare(route, controller);
  }

  intercept(context: ExecutionContext, next: () => Promise<unknown>): Promise<unknown> {
    if (this.overdueNow >= this.maxOverdue) {
      return Promise.reject(new HttpException(503, `Too many handlers are still running past their deadline (${this.maxOverdue}); try again shortly`));
    }
    const ms = this.limits.of(context.getRoute(), context.getClass()) ?? this.defaultMs;
    const running = next();
    return withDeadline(running, ms, () => {
      this.overdueNow++;
      const settled = () => void this.overdueNow--;
      running.then(settled, settled);
      const error = new HandlerTimeoutException(ms);
      context.abort(error);
      return error;
    });
  }
}
