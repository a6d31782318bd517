/**
 * The example's OpenTelemetry wiring, as an application does it: the framework only speaks
 * `@opentelemetry/api`, the application chooses and starts an SDK. Here the Node SDK starts when the
 * standard variables ask for an export (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_TRACES_EXPORTER` or
 * `OTEL_METRICS_EXPORTER`), and reads every other standard `OTEL_*` variable itself: the service
 * name (`OTEL_SERVICE_NAME`), the protocol (`OTEL_EXPORTER_OTLP_PROTOCOL`: `http/protobuf`,
 * `http/json`, `grpc`), the exporters (`otlp`, `prometheus`, `console`, `none`), the sampler
 * (`OTEL_TRACES_SAMPLER`, `OTEL_TRACES_SAMPLER_ARG`). Without them no SDK is loaded at all.
 *
 * The SDK's own errors (a collector that refuses the connection, a metrics port already taken)
 * are printed on stderr, and `shutdown()` waits at most `shutdownTimeoutMs` for the last export:
 * an SDK left to itself says nothing of either, retries an unreachable collector for seconds and
 * then rejects. The Prometheus exporter's port listens where the app does:
 * `OTEL_EXPORTER_PROMETHEUS_HOST` defaults to `HOST` (127.0.0.1 unless set), where the SDK's own
 * default is every interface.
 *
 * It must run before `app.init()`: the framework looks for a registered SDK there, once.
 *
 * @example
 * // OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318 OTEL_SERVICE_NAME=todo node dist/…/main.js
 * const telemetry = await startTelemetry();
 * // … on shutdown: await telemetry?.shutdown(); (flushes the last spans and metrics, 2 s at most)
 */
export async function startTelemetry(env: NodeJS.ProcessEnv = process.env, shutdownTimeoutMs = 2_000): Promise<{ shutdown(): Promise<void> } | undefined> {
  const asked = env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_TRACES_EXPORTER || env.OTEL_METRICS_EXPORTER;
  if (!asked || env.OTEL_SDK_DISABLED === 'true') return undefined;
  // The SDK reads its exporters' settings from process.env itself, whatever `env` is.
  process.env.OTEL_EXPORTER_PROMETHEUS_HOST ??= env.OTEL_EXPORTER_PROMETHEUS_HOST ?? (env.HOST || '127.0.0.1');
  // An optional dependency, imported only when asked for: a process without OTEL_* loads none of it.
  const { NodeSDK, api } = await import('@opentelemetry/sdk-node');
  // Errors at least (the SDK sets its own logger when OTEL_LOG_LEVEL is given).
  if (!env.OTEL_LOG_LEVEL) api.diag.setLogger(new api.DiagConsoleLogger(), api.DiagLogLevel.ERROR);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? 'todo-example',
    // The host and process resource detectors read facts Deno guards behind --allow-sys (hostname,
    // OS release…); under Deno the resource is the service name alone.
    ...('Deno' in globalThis ? { autoDetectResources: false } : {}),
  });
  sdk.start();
  return { shutdown: () => boundedShutdown(sdk, shutdownTimeoutMs) };
}

/** `sdk.shutdown()`, given up after `timeoutMs`; a failure is printed, never thrown. */
async function boundedShutdown(sdk: { shutdown(): Promise<void> }, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`gave up after ${timeoutMs} ms`), timeoutMs);
    timer.unref();
  });
  const outcome = await Promise.race([sdk.shutdown().then(() => undefined, (error: unknown) => (error instanceof Error ? error.message : String(error))), gaveUp]);
  clearTimeout(timer);
  if (outcome) console.error(`telemetry: the last spans and metrics were not exported (${outcome})`);
}
