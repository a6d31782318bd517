/**
 * The framework's bench app. HTTP on PORT; with GRPC_PORT set, gRPC instead (tables built with
 * `--root GrpcAppModule`, which holds the gRPC controller alone, as the gRPC peers serve gRPC alone). Module paths are variables so that tsc compiles the gRPC half only
 * when framework-build could generate its tables (see bench/lib/setup.mjs). With
 * BENCH_GLOBAL_INTERCEPTOR=1 every route runs through one pass-through global interceptor (the
 * `framework-interceptor` peer: the cost of the layer, against the same app without it).
 * BENCH_OTEL=1 and BENCH_REQUEST_LOG=1 turn on the OpenTelemetry SDK and the request log.
 * BENCH_CORS=1 turns CORS on for one origin with credentials (the `framework-cors` peer); the
 * security headers are on in every other flavour, as they are by default; BENCH_SECURITY_HEADERS=off
 * turns them off (the `framework-no-security-headers` peer: their cost, against the same app with them).
 * BENCH_BYTES=1 serves BENCH_STATIC_DIR at /static and compresses (gzip level 6, as the Fastify
 * peer's); BENCH_TLS=1 listens with the certificate of BENCH_TLS_CERT_FILE / BENCH_TLS_KEY_FILE.
 */
import { readFileSync } from 'node:fs';
import { FrameworkApplication, type ApplicationTables, type Class, type ExecutionContext, type Interceptor } from '@framework/core';

const grpcPort = process.env.GRPC_PORT;
const flavour = grpcPort === undefined ? 'http' : 'grpc';
const [rootFile, rootName] = grpcPort === undefined ? ['./http/app.module.js', 'AppModule'] : ['./grpc/grpc-app.module.js', 'GrpcAppModule'];
const grpcPackage = '@framework/grpc';

/** The part of @framework/grpc used here (structural, so the HTTP-only build does not need the package). */
interface GrpcPackage {
  GrpcServer: new (app: FrameworkApplication) => { listen(port: number, credentials?: undefined, hostname?: string): Promise<number> };
}

const { tables } = (await import(`../generated/${flavour}/tables.js`)) as { tables: ApplicationTables };
const rootModule = ((await import(rootFile)) as Record<string, Class>)[rootName]!;

// `framework-otel`: the bench's OpenTelemetry SDK (the same as Fastify's), started before init;
// `framework-log`: the request log, to the same destination as Fastify's logger.
const shared = '../../../../peers/shared/';
if (process.env.BENCH_OTEL === '1') ((await import(`${shared}otel-sdk.mjs`)) as { startBenchSdk(): unknown }).startBenchSdk();
const requestLog =
  process.env.BENCH_REQUEST_LOG === '1' ? { destination: ((await import(`${shared}log-destination.mjs`)) as { benchLogDestination(): never }).benchLogDestination() } : undefined;
const cors = process.env.BENCH_CORS === '1' ? { origins: ['http://localhost:5173'], credentials: true, maxAge: 600 } : undefined;
const bytes = process.env.BENCH_BYTES === '1';
const securityHeaders = process.env.BENCH_SECURITY_HEADERS !== 'off';
const app = new FrameworkApplication(tables, { requestLog, securityHeaders, ...(cors && { cors }), ...(bytes ? { compression: { gzipLevel: 6 } } : {}) });
if (bytes) app.serveStatic('/static', process.env.BENCH_STATIC_DIR!);
const tls = process.env.BENCH_TLS === '1' ? { key: readFileSync(process.env.BENCH_TLS_KEY_FILE!), cert: readFileSync(process.env.BENCH_TLS_CERT_FILE!) } : undefined;
if (process.env.BENCH_GLOBAL_INTERCEPTOR === '1') {
  class PassThrough implements Interceptor {
    intercept(_context: ExecutionContext, next: () => Promise<unknown>): Promise<unknown> {
      return next();
    }
  }
  app.useGlobalInterceptors(new PassThrough());
}
// The gRPC server must exist before init.
const grpc = grpcPort === undefined ? undefined : new ((await import(grpcPackage)) as GrpcPackage).GrpcServer(app);
await app.init(rootModule);
// The gRPC flavour serves gRPC only (its root has no HTTP controller), as the gRPC peers do.
const port = grpc ? '-' : await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1', tls });
const boundGrpc = grpc ? await grpc.listen(Number(grpcPort), undefined, '127.0.0.1') : '-';
console.log(`ready ${port} ${boundGrpc}`);
