import type { Context } from 'hono';
import type { ErrorReport } from '../../answer-rules.js';
import type { HttpRoute } from '../../http-route.js';
import { iteratorOf } from '../../streaming/iterate.js';
import { isWebResponse } from '../../../types/web-response.js';
import type { HttpCall } from './http-call.js';
import { errorResponse, respond } from './respond.js';

/**
 * Runs the chain of a stream route (`@Sse()`, `@Ws()`) once, before anything is streamed: the
 * handler's iterator, or the answer to send instead (a guard's or filter's own `Response`, or the
 * error answer of a refusal), with the call marked answered.
 *
 * @example
 * const opened = await openStream(c, call, route, 'TodoController.events (GET /todo/events)', report);
 * if (opened instanceof Response) return opened;
 */
export async function openStream(
  c: Context,
  call: HttpCall,
  route: HttpRoute,
  where: string,
  report: ErrorReport,
): Promise<ReturnType<typeof iteratorOf> | Response> {
  try {
    const answer = await route.run(call);
    if (!isWebResponse(answer)) return iteratorOf(answer, where);
    call.answered = true;
    return respond(c, answer, 200);
  } catch (error) {
    call.answered = true;
    return errorResponse(c, error, route.entry.name, report);
  }
}
