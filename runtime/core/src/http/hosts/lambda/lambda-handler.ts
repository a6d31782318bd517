import { kindOf, type LambdaHttpEvent } from './events.js';
import { eventRequestOf } from './event-request.js';
import { BufferedAnswer } from './buffered-answer.js';
import { LambdaExchange } from './lambda-exchange.js';
import { servingOnce, type ApplicationSource } from './lambda-serving.js';
import type { LambdaHttpResult } from './response-result.js';

/** A Lambda handler of HTTP events: the Node.js runtime calls it with each event. */
export type LambdaHttpHandler = (event: unknown, context?: unknown) => Promise<LambdaHttpResult>;

/**
 * The AWS Lambda handler of an application, for API Gateway's HTTP API (payload 2.0) and REST
 * API (1.0), function URLs and Application Load Balancers: each event is served by the
 * application's HTTP pipeline (the same routes, chain and answers as on a server; no Web
 * `Request` is made unless a handler asks for one), and the answer becomes the result the event's
 * kind expects (cookies, repeated headers, base64 for binary bodies). Given a function, it starts
 * the application once per container, on the first event, and every later event of the container
 * reuses it; a start that fails is retried by the next event. An event of no known shape is an
 * `UnknownLambdaEventError` naming the shape, not a crash; one with a member of the wrong type a
 * `MalformedLambdaEventError` naming the member; what a client sent that no request can carry (a
 * header name that is not a token, a body marked base64 that is not) a 400.
 *
 * @example
 * // handler.ts, the function's entry (`handler.handler`)
 * import { lambdaHandler } from '@framework/core/lambda';
 * export const handler = lambdaHandler(async () => new FrameworkApplication(tables).init(AppModule));
 */
export function lambdaHandler(source: ApplicationSource): LambdaHttpHandler {
  const serving = servingOnce(source);
  return async (event) => {
    const kind = kindOf(event);
    const serve = await serving();
    const request = eventRequestOf(event as LambdaHttpEvent, kind);
    const answer = new BufferedAnswer(kind, 'refused' in request ? undefined : request);
    if ('refused' in request) answer.refuse(request);
    else await serve(new LambdaExchange(request, answer));
    return answer.result;
  };
}
