import type { Context } from 'hono';
import type { PreparedHandler } from '../chain/call.js';
import { isThenable } from '../chain/thenable.js';
import type { HttpRouteEntry } from '../tables.js';
import type { HttpRouteTelemetry } from '../telemetry/http-route-telemetry.js';
import { HttpCall, type HttpRouteRuntime } from './http-call.js';
import { bodyReaderFor } from './read-body.js';
import { errorResponse, respond, type ErrorReport } from './respond.js';
import type { HttpEnv } from './server-adapter.js';

/** One route as the HTTP transport registers it. */
export interface HttpRouteSpec {
  readonly entry: HttpRouteEntry;
  readonly controllerClass: HttpRouteRuntime['controllerClass'];
  /** The route's whole chain. */
  readonly run: PreparedHandler;
  /** The handler alone, when nothing surrounds it (see `TransportHost.bareHandler`). */
  readonly bare?: PreparedHandler;
  /** The route's telemetry, when the application observes anything (see `Observability`). */
  readonly telemetry?: HttpRouteTelemetry;
}

/** A Hono handler of one route. */
export type HonoRouteHandler = (c: Context<HttpEnv>) => Response | Promise<Response>;

/** The per-route facts of its calls, built once at init. */
export function routeRuntimeOf(spec: HttpRouteSpec): HttpRouteRuntime {
  return { entry: spec.entry, controllerClass: spec.controllerClass, readBody: bodyReaderFor(spec.entry) };
}

/** The Hono handler of one route: runs its prepared chain and turns the outcome into a Response. */
export function routeHandler(spec: HttpRouteSpec, report: ErrorReport): HonoRouteHandler {
  const { entry, run } = spec;
  const runtime = routeRuntimeOf(spec);
  // One closure doing the whole call: with the answer step in a second function, Deno's GET
  // routes measured 15% slower.
  return (c) => {
    const call = new HttpCall(c, runtime);
    try {
      const answer = run(call);
      if (isThenable(answer)) return answerLater(c, call, answer, report);
      call.answered = true;
      return respond(c, answer, entry.status);
    } catch (error) {
      call.answered = true;
      return errorResponse(c, error, entry.name, report);
    }
  };
}

/**
 * Answers a call whose chain or handler returned a promise, once it settles: the value through
 * `respond` with the route's status, an error through `errorResponse`.
 */
export function answerLater(c: Context<HttpEnv>, call: HttpCall, answer: PromiseLike<unknown>, report: ErrorReport): Promise<Response> {
  const entry = call.getRoute();
  return Promise.resolve(answer).then(
    (value) => {
      call.answered = true;
      return respond(c, value, entry.status);
    },
    (error: unknown) => {
      call.answered = true;
      return errorResponse(c, error, entry.name, report);
    },
  );
}
