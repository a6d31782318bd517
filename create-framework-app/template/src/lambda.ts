import { lambdaHandler } from '@framework/core/lambda';
import { bootstrap } from './bootstrap.js';

// The application starts while this module loads, in the container's INIT phase (with provisioned
// concurrency, before any request reaches it); every event of the container reuses it.
const app = await bootstrap();

/**
 * The app as an AWS Lambda function, for API Gateway (HTTP and REST APIs), function URLs and ALB
 * events: `npm run build:lambda` bundles it into dist/lambda/ (zip that folder; the handler is
 * `lambda.handler`).
 */
export const handler = lambdaHandler(app);
