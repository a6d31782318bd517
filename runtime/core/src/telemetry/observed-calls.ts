// What an application that observes anything loads at `init` (`Observability.create`), and one
// that observes nothing never does: the route telemetries. The instruments and the live API, which
// bring `@opentelemetry/api` with them, are in `live-telemetry.ts`, loaded only with an SDK.
export { GrpcMethodTelemetry } from './grpc-method-telemetry.js';
export { HttpRouteTelemetry } from './http-route-telemetry.js';
