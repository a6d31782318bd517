import type { RequestLogOptions } from '@framework/core';
import { ConfigService } from '@framework/core/config';
import { bootstrapHttp } from './bootstrap-http.js';
import type { EnvSchema } from './config/env.schema.js';
import { cannotStart, closeOnSignals, closeThen, listenFailure, readTls } from './start-up.js';
import { startTelemetry } from './telemetry.js';

// The example serving HTTP only: `main.ts` without its gRPC server (GRPC_PORT is not used). For a
// deployment that answers HTTP alone it starts faster: grpc-js, Node's HTTP/2 and protobufjs are
// not loaded. `npm run build:prod` bundles both entries.

const telemetry = await startTelemetry();
const requestLog = { level: (process.env.LOG_LEVEL ?? 'info') as RequestLogOptions['level'] };
const app = await bootstrapHttp({ requestLog }).catch((error: unknown) => cannotStart(error instanceof Error ? error.message : String(error)));
const config = app.get<ConfigService<EnvSchema>>(ConfigService);
const host = config.get('HOST');
const tls = readTls(config.get('TLS_CERT_FILE'), config.get('TLS_KEY_FILE'));
const httpPort = await app.listen({ port: config.get('PORT'), host, tls }).catch(closeThen(app, listenFailure('PORT', config.get('PORT'), host)));
const shown = host.includes(':') ? `[${host}]` : host;
console.log(`todo example: HTTP on ${tls ? 'https' : 'http'}://${shown}:${httpPort}${tls ? ' (HTTP/2 and HTTP/1.1)' : ''}`);

closeOnSignals(app, telemetry);
