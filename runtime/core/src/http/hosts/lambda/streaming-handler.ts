import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { kindOf, UnknownLambdaEventError, type HttpApiEvent } from './events.js';
import { requestOf, sourceIpOf } from './event-request.js';
import { refusalResponse, startOnce, type ApplicationSource } from './lambda-handler.js';

/** The members of the Lambda Node.js runtime's `awslambda` global that response streaming uses. */
interface StreamingRuntime {
  streamifyResponse(handler: (event: unknown, stream: Writable, context: unknown) => Promise<void>): unknown;
  HttpResponseStream: { from(stream: Writable, prelude: { statusCode: number; headers: Record<string, string>; cookies: string[] }): Writable };
}

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
  const started = startOnce(source);
  return runtime.streamifyResponse(async (event, stream) => {
    if (kindOf(event) !== 'http-api') throw new UnknownLambdaEventError(event);
    const app = await started();
    const http = event as HttpApiEvent;
    const address = sourceIpOf(http, 'http-api');
    const request = requestOf(http, 'http-api');
    const response = request instanceof Request ? await app.fetch(request, { remoteAddress: () => address }) : refusalResponse(request);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers[name] = value;
    });
    const body = runtime.HttpResponseStream.from(stream, { statusCode: response.status, headers, cookies: response.headers.getSetCookie() });
    if (!response.body) return void body.end();
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), body);
  });
}
