// What an application loads at `init` when an OpenTelemetry SDK is registered, and only then:
// `@opentelemetry/api` itself, the live tracer and meter, the instruments. (The request log alone
// needs none of it: `observed-calls.ts` is loaded without it.)
import * as api from '@opentelemetry/api';

/** `@opentelemetry/api`, as the route telemetries use it once a tracer is live. */
export type OtelApi = typeof api;
export { api };
export { Instruments } from './instruments.js';
export { liveMeter, liveTracer } from './live-api.js';
