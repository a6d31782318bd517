import type { RequestLogOptions } from '@framework/core';
import { ConfigService } from '@framework/core/config';
import { bootstrap } from './bootstrap.js';
import type { EnvSchema } from './config/env.schema.js';
import { startTelemetry } from './telemetry.js';

// The OpenTelemetry SDK, when OTEL_* asks for one (see telemetry.ts): registered before init.
const telemetry = await startTelemetry();

// PORT, GRPC_PORT, JWT_SECRET and DEMO_PASSWORD are validated at init (see config/env.schema.ts):
// a missing or invalid one stops the start with one message naming them all. Every request and
// call is logged as one JSON line on stdout (LOG_LEVEL=warn keeps refusals and errors only).
const requestLog = { level: (process.env.LOG_LEVEL ?? 'info') as RequestLogOptions['level'] };
const { app, grpc } = await bootstrap({ requestLog }).catch((error: unknown) => {
  console.error(`todo example: cannot start. ${error instanceof Error ? error.message : String(error)}`);
  return process.exit(1);
});
const config = app.get<ConfigService<EnvSchema>>(ConfigService);
const httpPort = await app.listen(config.get('PORT'));
const grpcPort = await grpc.listen(config.get('GRPC_PORT'));
console.log(`todo example: HTTP on http://localhost:${httpPort}, gRPC on localhost:${grpcPort}`);

// On Ctrl-C or a container stop: stop accepting, answer every call already received (each HTTP
// response says `Connection: close`, gRPC connections get a GOAWAY), then exit 0 as soon as the
// last one is answered (app.close() waits shutdownTimeoutMs, 5 s, at most).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const started = Date.now();
    app.close().then(
      async () => {
        await telemetry?.shutdown();
        console.log(`todo example: ${signal}, closed in ${Date.now() - started} ms`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`todo example: ${signal}, close failed:`, error);
        process.exit(1);
      },
    );
  });
}
