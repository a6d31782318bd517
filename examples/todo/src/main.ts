import { readFileSync } from 'node:fs';
import type { RequestLogOptions, TlsOptions } from '@framework/core';
import { ConfigService } from '@framework/core/config';
import { bootstrap } from './bootstrap.js';
import type { EnvSchema } from './config/env.schema.js';
import { startTelemetry } from './telemetry.js';

// The OpenTelemetry SDK, when OTEL_* asks for one (see telemetry.ts): registered before init.
const telemetry = await startTelemetry();

/** Stops the start with one line (no stack): what went wrong and what to do. */
function cannotStart(reason: string): never {
  console.error(`todo example: cannot start. ${reason}`);
  return process.exit(1);
}

/** A port already taken is said in one line naming the variable to change; anything else as it is. */
function listenFailure(variable: string, port: number, host: string): (error: unknown) => never {
  return (error) => {
    // node:http says it in `code`; grpc-js only inside its message.
    const code = (error as NodeJS.ErrnoException).code ?? /\b(EADDRINUSE|EADDRNOTAVAIL|EACCES)\b/.exec(String((error as Error).message))?.[1];
    if (code === 'EADDRINUSE') cannotStart(`${host}:${port} is already in use (${variable}); stop the process using it or set ${variable} to another port.`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') cannotStart(`HOST=${host} is not an address of this machine.`);
    if (code === 'EACCES') cannotStart(`${host}:${port} needs more privileges (${variable}); use a port above 1023.`);
    return cannotStart(error instanceof Error ? error.message : String(error));
  };
}

/** TLS_CERT_FILE and TLS_KEY_FILE together turn HTTPS (and HTTP/2) on; one without the other, or a file that cannot be read, stops the start. */
function readTls(certFile: string | undefined, keyFile: string | undefined): TlsOptions | undefined {
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined) cannotStart(`set both TLS_CERT_FILE and TLS_KEY_FILE to serve HTTPS (only ${certFile === undefined ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'} is set).`);
  const read = (variable: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      return cannotStart(`${variable}=${file} cannot be read: ${(error as Error).message}`);
    }
  };
  return { cert: read('TLS_CERT_FILE', certFile), key: read('TLS_KEY_FILE', keyFile) };
}

// PORT, GRPC_PORT, HOST, JWT_SECRET, DEMO_PASSWORD, REDIS_URL… are validated at init (see
// config/env.schema.ts): a missing or invalid one stops the start with one message naming them all.
// Every request and call is logged as one JSON line on stdout (LOG_LEVEL=warn keeps refusals and errors only).
const requestLog = { level: (process.env.LOG_LEVEL ?? 'info') as RequestLogOptions['level'] };
const { app, grpc } = await bootstrap({ requestLog }).catch((error: unknown) => cannotStart(error instanceof Error ? error.message : String(error)));
const config = app.get<ConfigService<EnvSchema>>(ConfigService);
const host = config.get('HOST');
const stopAfter = (fail: (error: unknown) => never) => async (error: unknown) => {
  await app.close().catch(() => undefined);
  return fail(error);
};
const tls = readTls(config.get('TLS_CERT_FILE'), config.get('TLS_KEY_FILE'));
const httpPort = await app.listen({ port: config.get('PORT'), host, tls }).catch(stopAfter(listenFailure('PORT', config.get('PORT'), host)));
const grpcPort = await grpc.listen(config.get('GRPC_PORT'), undefined, host).catch(stopAfter(listenFailure('GRPC_PORT', config.get('GRPC_PORT'), host)));
const shown = host.includes(':') ? `[${host}]` : host;
console.log(`todo example: HTTP on ${tls ? 'https' : 'http'}://${shown}:${httpPort}${tls ? ' (HTTP/2 and HTTP/1.1)' : ''}, gRPC on ${shown}:${grpcPort}`);

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
