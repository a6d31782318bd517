// What an application that observes anything loads at `init` (`Observability.create`), and one
// that observes nothing never does: the route telemetries, the instruments and the live API,
// which bring `@opentelemetry/api` with them.
export { GrpcMethodTelemetry } from './grpc-method-telemetry.js';
export { HttpRouteTelemetry } from './http-route-telemetry.js';
export { Instruments } from './instruments.js';
export { liveMeter, liveTracer } from './live-api.js';
