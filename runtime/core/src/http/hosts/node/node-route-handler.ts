import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PreparedHandler } from '../../../chain/call.js';
import { isThenable } from '../../../types/thenable.js';
import { BodyTooLargeException, type ValidationReason } from '../../../exceptions/request-exceptions.js';
import { invalidBodyAnswer, type ErrorReport } from '../../answer-rules.js';
import type { HttpRoute } from '../../http-route.js';
import { bodyReadFailure } from '../../json-body.js';
import { writeAnswer, writeError, writeJson } from './node-answer.js';
import { readBody } from './node-body.js';
import { NodeCall } from './node-call.js';
import { inObservation, observedNodeRoute, type NodeRouteHandler } from './node-observed-route.js';
import type { CallObservation } from '../../../telemetry/call-observation.js';

export type { NodeRouteHandler };

/** What every route handler of the Node-native path shares. */
export interface NodeRouteOptions {
  readonly bodyLimit: number;
  readonly report: ErrorReport;
}

/**
 * The Node-native handler of one route, built once at init: the same steps and answers as the
 * Hono handlers (`hono/route-handler.ts`, `hono/bare-body-route.ts`, `hono/body-limit.ts`) on
 * Node's request and response. A body route checks the declared length first (413 before any
 * layer runs), reads a body without one before the chain, and is served in one step when nothing
 * surrounds its handler. An observed route (`route.telemetry`) runs inside its observation.
 *
 * @example
 * const handler = nodeRouteHandler(route, { bodyLimit: 1 << 20, report });
 * handler(incoming, outgoing, '/todo/42', ['42']);
 */
export function nodeRouteHandler(route: HttpRoute, options: NodeRouteOptions): NodeRouteHandler {
  const handler = unobservedHandler(route, options);
  // Routes of an application that observes nothing keep their handler as it is.
  return route.telemetry ? observedNodeRoute(route.telemetry, handler) : handler;
}

function unobservedHandler(route: HttpRoute, options: NodeRouteOptions): NodeRouteHandler {
  const serve = route.servesBareBody ? bareBodyStep(route, options) : chainStep(route, options);
  if (!route.entry.readsBody) return serve;
  const { bodyLimit, report } = options;
  return (incoming, outgoing, path, values, observation) => {
    const declared = incoming.headers['content-length'];
    if (declared !== undefined && incoming.headers['transfer-encoding'] === undefined) {
      if (Number(declared) > bodyLimit) return tooLarge(outgoing, bodyLimit, observation);
      return serve(incoming, outgoing, path, values, observation);
    }
    // Without a declared length the body is read, within the limit, before any layer runs (as Hono's bodyLimit does).
    readBody(
      incoming,
      bodyLimit,
      inObservation(observation, (error, text) => {
        if (error === undefined) return serve(incoming, outgoing, path, values, observation, text);
        if (error instanceof BodyTooLargeException) return tooLarge(outgoing, bodyLimit, observation);
        writeError(outgoing, bodyReadFailure(error), 'the HTTP adapter', report, { incoming, path, observation }, undefined);
      }),
    );
  };
}

type Step = (incoming: IncomingMessage, outgoing: ServerResponse, path: string, values: readonly string[], observation: CallObservation | undefined, bodyText?: string) => void;

/** The 413 of a body over the limit; the unread rest makes the connection unusable, so it closes. */
function tooLarge(outgoing: ServerResponse, bodyLimit: number, observation: CallObservation | undefined): void {
  observation?.refuse('body_too_large', `body over ${bodyLimit} bytes`);
  writeJson(outgoing, 413, new BodyTooLargeException(bodyLimit).toJSON(), { connection: 'close' });
}

/** Runs the route's whole chain and writes its outcome. */
function chainStep(route: HttpRoute, { bodyLimit, report }: NodeRouteOptions): Step {
  const { run } = route;
  return (incoming, outgoing, path, values, observation, bodyText) => {
    const call = new NodeCall(incoming, outgoing, route, path, values, bodyLimit, observation);
    if (bodyText !== undefined) call.bodyText = bodyText;
    callAndAnswer(call, run, report);
  };
}

/**
 * Reads, parses and checks the body and calls the bare handler, in one step: callbacks rather than
 * promises, so that a valid body is answered in the read's own `end` event.
 */
function bareBodyStep(route: HttpRoute, { bodyLimit, report }: NodeRouteOptions): Step {
  const { bare, entry } = route;
  /** Answers a failure before the handler: the body's read, parse or check. */
  const refuse = (call: NodeCall, error: unknown) => {
    call.answered = true;
    writeError(call.outgoing, error, entry.name, report, call, call.responseHeaders);
  };
  /** Answers the reasons of an invalid body, or calls the handler with the checked one. */
  const answerChecked = (call: NodeCall, body: unknown, reasons: readonly ValidationReason[]) => {
    call.body = body;
    if (reasons.length === 0) return callAndAnswer(call, bare!, report);
    call.answered = true;
    writeJson(call.outgoing, 400, invalidBodyAnswer(reasons, call.observation), call.responseHeaders);
  };
  const serveText = (call: NodeCall, text: string) => {
    call.bodyText = text;
    const reasons: ValidationReason[] = [];
    let checked: unknown;
    try {
      checked = route.checkedBody(call.incoming.method!, call.incoming.headers['content-type'], text, reasons);
    } catch (error) {
      return refuse(call, error);
    }
    // Only an async Standard Schema answers with a promise; its reasons are known when it settles.
    if (!isThenable(checked)) return answerChecked(call, checked, reasons);
    Promise.resolve(checked).then((body) => answerChecked(call, body, reasons), (error: unknown) => refuse(call, error));
  };
  return (incoming, outgoing, path, values, observation, bodyText) => {
    // The call is created before the read: allocated inside the read's callback, it measured slower (on Hono's path).
    const call = new NodeCall(incoming, outgoing, route, path, values, bodyLimit, observation);
    if (bodyText !== undefined) return serveText(call, bodyText);
    readBody(incoming, bodyLimit, inObservation(observation, (error, text) => (error === undefined ? serveText(call, text) : refuse(call, bodyReadFailure(error)))));
  };
}

/** Calls `handler` (the chain, or the bare handler) and writes its answer or its error. */
function callAndAnswer(call: NodeCall, handler: PreparedHandler, report: ErrorReport): void {
  const { entry } = call.route;
  try {
    const answer = handler(call);
    if (isThenable(answer)) return answerLater(call, answer, report);
    call.answered = true;
    finish(call, writeAnswer(call.outgoing, answer, entry.status, call.responseHeaders, call.route.encoding), report);
  } catch (error) {
    call.answered = true;
    writeError(call.outgoing, error, entry.name, report, call, call.responseHeaders);
  }
}

/** Writes the answer of a call whose chain or handler returned a promise, once it settles. */
function answerLater(call: NodeCall, answer: PromiseLike<unknown>, report: ErrorReport): void {
  const { entry } = call.route;
  Promise.resolve(answer).then(
    (value) => {
      call.answered = true;
      finish(call, writeAnswer(call.outgoing, value, entry.status, call.responseHeaders, call.route.encoding), report);
    },
    (error: unknown) => {
      call.answered = true;
      writeError(call.outgoing, error, entry.name, report, call, call.responseHeaders);
    },
  ).then(undefined, (error: unknown) => writeError(call.outgoing, error, 'the HTTP adapter', report, call, call.responseHeaders));
}

/** A streamed Response's failure: the answer has started, so the connection is cut. */
function finish(call: NodeCall, writing: void | Promise<void>, report: ErrorReport): void {
  if (writing) writing.catch((error: unknown) => writeError(call.outgoing, error, 'the HTTP adapter', report, call, undefined));
}
