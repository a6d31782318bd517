import { kindOf, UnknownLambdaEventError, type HttpApiEvent } from './events.js';
import { eventRequestOf } from './event-request.js';
import { shapeOf } from './event-members.js';
import { LambdaExchange } from './lambda-exchange.js';
import { servingOnce, type ApplicationSource } from './lambda-serving.js';
import { StreamedAnswer, type StreamingRuntime } from './streamed-answer.js';

/**
 * The Lambda handler of an application for a function URL whose invoke mode is
 * `RESPONSE_STREAM`: the answer's head is sent first and its body streamed as the application
 * writes it (an `@Sse()` stream, a large list), through the runtime's `awslambda.streamifyResponse`.
 * Only payload 2.0 events (function URLs) stream; the application starts once per container, as
 * with `lambdaHandler`. Outside the Lambda Node.js runtime (no `awslambda` global) it throws at once.
 *
 * @example
 * export const handler = lambdaStreamingHandler(async () => new FrameworkApplication(tables).init(AppModule));
 */
export function lambdaStreamingHandler(source: ApplicationSource): unknown {
  const runtime = (globalThis as { awslambda?: StreamingRuntime }).awslambda;
  if (!runtime) throw new Error('lambdaStreamingHandler: the `awslambda` global is missing: it runs in the AWS Lambda Node.js runtime only (use lambdaHandler elsewhere).');
  const serving = servingOnce(source);
  return runtime.streamifyResponse(async (event, stream) => {
    const kind = kindOf(event);
    if (kind !== 'http-api') {
      const message = `lambdaStreamingHandler: this event is ${shapeOf(kind)}, which cannot stream: only a function URL in RESPONSE_STREAM mode (payload 2.0) streams its answer. Serve this event with lambdaHandler.`;
      throw new UnknownLambdaEventError(event, message);
    }
    const serve = await serving();
    const request = eventRequestOf(event as HttpApiEvent, 'http-api');
    const answer = new StreamedAnswer(runtime, stream);
    if ('refused' in request) answer.refuse(request);
    else await serve(new LambdaExchange(request, answer));
    await answer.done;
  });
}
