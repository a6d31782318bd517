import { readFileSync } from 'node:fs';
import type { FrameworkApplication, TlsOptions } from '@framework/core';

/** Stops the start with one line (no stack): what went wrong and what to do. */
export function cannotStart(reason: string): never {
  console.error(`todo example: cannot start. ${reason}`);
  return process.exit(1);
}

/**
 * A port already taken is said in one line naming the variable to change; anything else as it is.
 *
 * @example
 * await app.listen(port).catch(listenFailure('PORT', port, host));
 */
export function listenFailure(variable: string, port: number, host: string): (error: unknown) => never {
  return (error) => {
    // node:http says it in `code`; grpc-js only inside its message.
    const code = (error as NodeJS.ErrnoException).code ?? /\b(EADDRINUSE|EADDRNOTAVAIL|EACCES)\b/.exec(String((error as Error).message))?.[1];
    if (code === 'EADDRINUSE') cannotStart(`${host}:${port} is already in use (${variable}); stop the process using it or set ${variable} to another port.`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') cannotStart(`HOST=${host} is not an address of this machine.`);
    if (code === 'EACCES') cannotStart(`${host}:${port} needs more privileges (${variable}); use a port above 1023.`);
    return cannotStart(error instanceof Error ? error.message : String(error));
  };
}

/**
 * TLS_CERT_FILE and TLS_KEY_FILE together turn HTTPS (and HTTP/2) on; one without the other, or a
 * file that cannot be read, stops the start.
 *
 * @example
 * const tls = readTls(process.env.TLS_CERT_FILE, process.env.TLS_KEY_FILE); // undefined: plain HTTP
 */
export function readTls(certFile: string | undefined, keyFile: string | undefined): TlsOptions | undefined {
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

/** A listen failure after `init`: the application is closed first, then the start stops. */
export function closeThen(app: FrameworkApplication, fail: (error: unknown) => never): (error: unknown) => Promise<never> {
  return async (error) => {
    await app.close().catch(() => undefined);
    return fail(error);
  };
}

/**
 * On Ctrl-C or a container stop: stop accepting, answer every call already received (each HTTP
 * response says `Connection: close`, gRPC connections get a GOAWAY), then exit 0 as soon as the
 * last one is answered (app.close() waits shutdownTimeoutMs, 5 s, at most).
 *
 * @example
 * closeOnSignals(app, telemetry);
 */
export function closeOnSignals(app: FrameworkApplication, telemetry?: { shutdown(): Promise<void> }): void {
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
}
