// The OpenTelemetry SDK every "+ SDK" peer starts, the same for ours and Fastify's: the Node SDK,
// every span sampled, a batch span processor exporting OTLP/HTTP (protobuf) to the runner's sink.
// Imported before the server is built, as an SDK must be. `instrumentations` are the peer's own
// (@fastify/otel for Fastify; ours needs none: the framework reports through @opentelemetry/api).
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { AlwaysOnSampler, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';

export function startBenchSdk(instrumentations = []) {
  const sdk = new NodeSDK({
    serviceName: 'bench',
    sampler: new AlwaysOnSampler(),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${process.env.BENCH_OTLP_ENDPOINT}/v1/traces` }))],
    instrumentations,
    autoDetectResources: false,
  });
  sdk.start();
  return sdk;
}
