import type { RequestLogOptions } from '@framework/core';
import { ConfigService } from '@framework/core/config';
import { bootstrap } from './bootstrap.js';
import type { EnvSchema } from './config/env.schema.js';
import { cannotStart, closeOnSignals, closeThen, listenFailure, readTls } from './start-up.js';
import { startTelemetry } from './telemetry.js';

// The example serving HTTP and gRPC. `main-http.ts` is the same without gRPC, for a process that
// serves HTTP only (it starts faster: no grpc-js, no HTTP/2, no protobufjs).

// The OpenTelemetry SDK, when OTEL_* asks for one (see telemetry.ts): registered before init.
const telemetry = await startTelemetry();

// PORT, GRPC_PORT, HOST, JWT_SECRET, DEMO_PASSWORD, REDIS_URL… are validated at init (see
// config/env.schema.ts): a missing or invalid one stops the start with one message naming them all.
// Every request and call is logged as one JSON line on stdout (LOG_LEVEL=warn keeps refusals and errors only).
const requestLog = { level: (process.env.LOG_LEVEL ?? 'info') as RequestLogOptions['level'] };
const { app, grpc } = await bootstrap({ requestLog }).catch((error: unknown) => cannotStart(error instanceof Error ? error.message : String(error)));
const config = app.get<ConfigService<EnvSchema>>(ConfigService);
const host = config.get('HOST');
const tls = readTls(config.get('TLS_CERT_FILE'), config.get('TLS_KEY_FILE'));
const httpPort = await app.listen({ port: config.get('PORT'), host, tls }).catch(closeThen(app, listenFailure('PORT', config.get('PORT'), host)));
const grpcPort = await grpc.listen(config.get('GRPC_PORT'), undefined, host).catch(closeThen(app, listenFailure('GRPC_PORT', config.get('GRPC_PORT'), host)));
const shown = host.includes(':') ? `[${host}]` : host;
console.log(`todo example: HTTP on ${tls ? 'https' : 'http'}://${shown}:${httpPort}${tls ? ' (HTTP/2 and HTTP/1.1)' : ''}, gRPC on ${shown}:${grpcPort}`);

closeOnSignals(app, telemetry);
