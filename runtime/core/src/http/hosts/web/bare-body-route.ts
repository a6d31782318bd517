import type { ValidationReason } from '../../../exceptions/request-exceptions.js';
import { invalidBodyAnswer } from '../../answer-rules.js';
import { isThenable } from '../../../types/thenable.js';
import type { HttpRoute } from '../../http-route.js';
import { bodyReadFailure } from '../../json-body.js';
import { HttpCall } from './http-call.js';
import { requestHeader } from './request-header.js';
import { observationOf } from './observed-route.js';
import { errorResponse, respond, type ErrorReport } from './respond.js';
import { answerLater, type HonoRouteHandler } from './route-handler.js';

/**
 * The Hono handler of a body route whose chain adds nothing around the handler: the read, the
 * parse, the compiled check and the handler run in one promise step, with the answers of the
 * chain (a 400 for a malformed or invalid body, the handler's value or error). An invalid body is
 * answered from its reasons, without a NotValidBodyException: no filter or interceptor is there to
 * see one. `undefined` for a route the chain must serve (a layer around the handler, or a DTO left
 * on class-validator).
 *
 * @example
 * const handler = bareBodyRoute(route, report) ?? routeHandler(route, report);
 */
export function bareBodyRoute(route: HttpRoute, report: ErrorReport): HonoRouteHandler | undefined {
  const { entry, bare } = route;
  if (!route.servesBareBody || !bare) return undefined;
  // The call is created before the read: allocated inside the read's callback, it measured slower.
  return async (c) => {
    const call = new HttpCall(c, route);
    let text: string;
    try {
      text = await c.req.text();
    } catch (error) {
      return errorResponse(c, bodyReadFailure(error), entry.name, report);
    }
    try {
      const reasons: ValidationReason[] = [];
      const checked = route.checkedBody(c.req.method, requestHeader(c, 'content-type'), text, reasons);
      // Only an async Standard Schema answers with a promise; its reasons are known when it settles.
      call.body = isThenable(checked) ? await checked : checked;
      if (reasons.length > 0) {
        call.answered = true;
        return c.json(invalidBodyAnswer(reasons, observationOf(c)), 400);
      }
      // The same answer lines as `routeHandler`'s, kept inline for the reason given there.
      const answer = bare(call);
      if (isThenable(answer)) return answerLater(c, call, answer, report);
      call.answered = true;
      return respond(c, answer, call.answerStatus ?? entry.status);
    } catch (error) {
      call.answered = true;
      return errorResponse(c, error, entry.name, report);
    }
  };
}
