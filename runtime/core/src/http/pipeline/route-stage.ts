import type { PreparedHandler } from '../../chain/call.js';
import { BodyTooLargeException, type ValidationReason } from '../../exceptions/request-exceptions.js';
import type { CallObservation } from '../../telemetry/call-observation.js';
import { isThenable } from '../../types/thenable.js';
import { invalidBodyAnswer, type ErrorReport } from '../answer-rules.js';
import type { HttpRoute } from '../http-route.js';
import { bodyReadFailure } from '../json-body.js';
import { refuseCall, sendAnswer, sendError, sendJson } from './answer-stage.js';
import type { HostExchange } from './host-exchange.js';
import { PipelineCall } from './pipeline-call.js';
import type { RouteHeaderSource } from './extension-points.js';
import { prepareRouteHead, type RouteHead } from './route-headers.js';

export interface RouteStageOptions {
  readonly bodyLimit: number;
  readonly report: ErrorReport;
  readonly routeHeaders?: readonly RouteHeaderSource[];
}

/** Serves one matched request: `values` the parameters in order (decoded), `observation` the request's when observed. */
export type RouteStage = (exchange: HostExchange, path: string, values: readonly string[], observation: CallObservation | undefined) => void;

const decoder = new TextDecoder();

/**
 * The stages of one route after the match, the same on every host: the body limit (a declared
 * length over it is a 413; a body without one is read within it before the chain), the call, the
 * chain (or the bare body step), and the answer or the error answer.
 */
export function routeStage(route: HttpRoute, routeOptions: RouteStageOptions): RouteStage {
  if (route.prepared) return preparedRouteStage(route, routeOptions);
  // A route prepared on its first request (see `HttpRoute`) has its stages made then as well.
  let stage: RouteStage | undefined;
  return (exchange, path, values, observation) => (stage ??= preparedRouteStage(route, routeOptions))(exchange, path, values, observation);
}

function preparedRouteStage(route: HttpRoute, routeOptions: RouteStageOptions): RouteStage {
  // A route's `@BodyLimit(bytes)` takes the place of the application's body limit.
  const options = route.entry.bodyLimit === undefined ? routeOptions : { ...routeOptions, bodyLimit: route.entry.bodyLimit };
  const serve = route.servesBareBody ? bareBodyStep(route, options) : chainStep(route, options);
  // A form route's reader streams the body itself, within the route's limits (uploads/form-reader.ts).
  if (!route.entry.readsBody || route.form) return serve;
  const { bodyLimit, report } = options;
  // The 413 is answered before any call exists: it takes the route's headers itself, so that it
  // carries the security headers and, for an allowed origin, CORS (else a page cannot read why).
  const head = prepareRouteHead(options.routeHeaders ?? [], route);
  return (exchange, path, values, observation) => {
    const declared = exchange.header('content-length');
    if (declared !== undefined && exchange.header('transfer-encoding') === undefined) {
      if (Number(declared) > bodyLimit) return tooLarge(exchange, bodyLimit, observation, head);
      return serve(exchange, path, values, observation);
    }
    // Without a declared length the body is read, within the limit, before any layer runs.
    exchange.readBody(
      bodyLimit,
      inObservation(observation, (error, bytes) => {
        if (error === undefined) return serve(exchange, path, values, observation, decoder.decode(bytes));
        if (error instanceof BodyTooLargeException) return tooLarge(exchange, bodyLimit, observation, head);
        sendError(exchange, bodyReadFailure(error), 'the HTTP adapter', report, { path, observation }, undefined);
      }),
    );
  };
}

type Step = (exchange: HostExchange, path: string, values: readonly string[], observation: CallObservation | undefined, bodyText?: string) => void;

/** `done` run in the observation's context: a body's read ends in a host event outside it. */
function inObservation<Args extends unknown[]>(observation: CallObservation | undefined, done: (...args: Args) => void): (...args: Args) => void {
  return observation === undefined ? done : (...args) => observation.run(() => done(...args));
}

/** The 413 of a body over the limit; the unread rest makes the connection unusable, so it closes. */
function tooLarge(exchange: HostExchange, bodyLimit: number, observation: CallObservation | undefined, head: RouteHead | undefined): void {
  observation?.refuse('body_too_large', `body over ${bodyLimit} bytes`);
  sendJson(exchange, 413, new BodyTooLargeException(bodyLimit).toJSON(), { ...head?.perRequest?.(exchange), connection: 'close' }, undefined, head);
}

function chainStep(route: HttpRoute, { bodyLimit, report, routeHeaders }: RouteStageOptions): Step {
  const { run } = route;
  const head = prepareRouteHead(routeHeaders ?? [], route);
  return (exchange, path, values, observation, bodyText) => {
    const call = new PipelineCall(exchange, route, path, values, bodyLimit, observation);
    if (head) startHead(call, head);
    if (bodyText !== undefined) call.bodyText = bodyText;
    callAndAnswer(call, run, report);
  };
}

/** Reads, parses and checks the body and calls the bare handler: callbacks, so a valid body is answered in the read's end event. */
function bareBodyStep(route: HttpRoute, { bodyLimit, report, routeHeaders }: RouteStageOptions): Step {
  const { bare, entry } = route;
  const head = prepareRouteHead(routeHeaders ?? [], route);
  /** Answers the reasons of an invalid body, or calls the handler with the checked one. */
  const answerChecked = (call: PipelineCall, body: unknown, reasons: readonly ValidationReason[]) => {
    call.body = body;
    if (reasons.length === 0) return callAndAnswer(call, bare!, report);
    call.answered = true;
    sendJson(call.exchange, 400, invalidBodyAnswer(reasons, call.observation), call.responseHeaders, undefined, call.routeHead);
  };
  const serveText = (call: PipelineCall, text: string) => {
    call.bodyText = text;
    const reasons: ValidationReason[] = [];
    let checked: unknown;
    try {
      checked = route.checkedBody(call.exchange.method, call.exchange.header('content-type'), text, reasons);
    } catch (error) {
      return refuseCall(call, error, report);
    }
    // Only an async Standard Schema answers with a promise; its reasons are known when it settles.
    if (!isThenable(checked)) return answerChecked(call, checked, reasons);
    Promise.resolve(checked).then((body) => answerChecked(call, body, reasons), (error: unknown) => refuseCall(call, error, report));
  };
  return (exchange, path, values, observation, bodyText) => {
    // The call is created before the read: allocated inside the read's callback, it measured slower.
    const call = new PipelineCall(exchange, route, path, values, bodyLimit, observation);
    if (head) startHead(call, head);
    if (bodyText !== undefined) return serveText(call, bodyText);
    exchange.readBody(
      bodyLimit,
      inObservation(observation, (error, bytes) => (error === undefined ? serveText(call, decoder.decode(bytes)) : refuseCall(call, bodyReadFailure(error), report))),
    );
  };
}

function startHead(call: PipelineCall, head: RouteHead): void {
  call.routeHead = head;
  if (head.perRequest) call.responseHeaders = head.perRequest(call.exchange);
}

function callAndAnswer(call: PipelineCall, handler: PreparedHandler, report: ErrorReport): void {
  const { entry } = call.route;
  try {
    const answer = handler(call);
    if (isThenable(answer)) return answerLater(call, answer, report);
    call.answered = true;
    finish(call, sendAnswer(call.exchange, answer, call.answerStatus ?? entry.status, call.responseHeaders, call.route.encoding, call.routeHead), report);
  } catch (error) {
    // Inline: the throttler's refusals come this way on every refused request.
    call.answered = true;
    sendError(call.exchange, error, entry.name, report, call, call.responseHeaders, call.routeHead);
  }
}

function answerLater(call: PipelineCall, answer: PromiseLike<unknown>, report: ErrorReport): void {
  const { entry } = call.route;
  Promise.resolve(answer)
    .then(
      (value) => {
        call.answered = true;
        finish(call, sendAnswer(call.exchange, value, call.answerStatus ?? entry.status, call.responseHeaders, call.route.encoding, call.routeHead), report);
      },
      (error: unknown) => refuseCall(call, error, report),
    )
    .then(undefined, (error: unknown) => sendError(call.exchange, error, 'the HTTP adapter', report, call, call.responseHeaders, call.routeHead));
}

/** A streamed Response's failure: the answer has started, so the connection is cut. */
function finish(call: PipelineCall, writing: void | Promise<void>, report: ErrorReport): void {
  if (writing) writing.catch((error: unknown) => sendError(call.exchange, error, 'the HTTP adapter', report, call, undefined));
}
