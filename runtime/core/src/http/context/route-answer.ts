import type { ExecutionContext, HttpExecutionContext } from '../../contract/execution-context.js';
import { isThenable } from '../../types/thenable.js';

/** What `@SetHeader` and `@Redirect` add to a handler's successful answer, prepared by `framework-build`. */
export interface RouteAnswer {
  /** `@SetHeader(name, value)` pairs, in the order written. */
  readonly headers?: readonly (readonly [string, string])[];
  /** `@Redirect(url, status)`. */
  readonly redirect?: { readonly url: string; readonly status: number };
}

function settle(context: HttpExecutionContext, value: unknown, plan: RouteAnswer): unknown {
  if (plan.headers) for (const [name, value] of plan.headers) context.setResponseHeader(name, value);
  if (!plan.redirect) return value;
  // A handler of a @Redirect route may return `{ url, status }` to redirect elsewhere this once.
  const override = typeof value === 'object' && value !== null ? (value as { url?: unknown; status?: unknown }) : {};
  const url = typeof override.url === 'string' ? override.url : plan.redirect.url;
  const status = typeof override.status === 'number' ? override.status : plan.redirect.status;
  context.redirect(url, status);
  return undefined;
}

/**
 * A handler's answer with its `@SetHeader` headers and its `@Redirect`, applied once it succeeds
 * (a promise is awaited): the generated `invoke` of such a route wraps the handler's call in it.
 *
 * @example
 * invoke: (c: DocsController, a: ArgumentSource) => routeAnswer(a.context, c.docs(), answer0),
 */
export function routeAnswer(context: ExecutionContext, value: unknown, plan: RouteAnswer): unknown {
  const http = context as HttpExecutionContext;
  return isThenable(value) ? Promise.resolve(value).then((settled) => settle(http, settled, plan)) : settle(http, value, plan);
}
