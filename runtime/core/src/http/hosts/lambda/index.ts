/**
 * `@framework/core/lambda`: serving an application from AWS Lambda.
 *
 * @example
 * import { lambdaHandler } from '@framework/core/lambda';
 * export const handler = lambdaHandler(async () => new FrameworkApplication(tables).init(AppModule));
 */
export { lambdaHandler, type LambdaHttpHandler } from './lambda-handler.js';
export type { ApplicationSource, FetchingApplication } from './lambda-serving.js';
export { lambdaStreamingHandler } from './streaming-handler.js';
export { UnknownLambdaEventError, type AlbEvent, type HttpApiEvent, type LambdaHttpEvent, type RestApiEvent } from './events.js';
export { MalformedLambdaEventError } from './event-members.js';
export type { LambdaHttpResult } from './response-result.js';
