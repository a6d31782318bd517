// The servers the bench starts. Paths are relative to bench/. `runtime` is 'node' unless it says
// 'deno'; `floor` marks the reference of a transport on that runtime; `read` lists the files a
// Deno peer may read (its --allow-read), per transport; `env` is added to the server's environment.

const proto = { ours: 'apps/framework/dist/src/grpc/todo.proto', peers: 'apps/framework/src/grpc/todo.proto' };

export const peers = [
  { id: 'framework', label: 'Framework (ours)', http: 'apps/framework/dist/src/main.js', grpc: 'apps/framework/dist/src/main.js', ours: true },
  // The same app with one pass-through global interceptor on every route (`env` is added to the server's).
  { id: 'framework-interceptor', label: 'Framework (ours), one global interceptor', http: 'apps/framework/dist/src/main.js', ours: true, env: { BENCH_GLOBAL_INTERCEPTOR: '1' } },
  // The same app forced through Hono on @hono/node-server (the path before the Node-native one): before and after in one run.
  { id: 'framework-hono', label: 'Framework (ours) through the web adapter (Hono) on Node', http: 'apps/framework/dist/src/main.js', ours: true, env: { FRAMEWORK_HTTP_ADAPTER: 'web' } },
  // Opt-in peers (measured only when named in --only): the cost of observability. The baseline is
  // the same app on the runtime before a change (lib/baseline.mjs); the others turn on the
  // OpenTelemetry SDK (every span sampled, batch OTLP export to the runner's sink) or the request log.
  { id: 'framework-baseline', label: 'Framework (ours) on the baseline runtime', http: '.tmp/baseline/app/dist/src/main.js', grpc: '.tmp/baseline/app/dist/src/main.js', ours: true, optIn: true },
  { id: 'framework-otel', label: 'Framework (ours) + OpenTelemetry SDK', http: 'apps/framework/dist/src/main.js', grpc: 'apps/framework/dist/src/main.js', ours: true, optIn: true, env: { BENCH_OTEL: '1' } },
  { id: 'framework-log', label: 'Framework (ours) + request log', http: 'apps/framework/dist/src/main.js', grpc: 'apps/framework/dist/src/main.js', ours: true, optIn: true, env: { BENCH_REQUEST_LOG: '1' } },
  { id: 'fastify-otel', label: 'Fastify 5 + @fastify/otel, same SDK', http: 'peers/fastify/server.mjs', optIn: true, env: { BENCH_OTEL: '1' } },
  { id: 'fastify-log', label: 'Fastify 5 + its pino request log', http: 'peers/fastify/server.mjs', optIn: true, env: { BENCH_REQUEST_LOG: '1' } },
  // CORS (one allowed origin, credentials) and the security headers on: ours, and Fastify with @fastify/cors and @fastify/helmet.
  // The same app with the security headers off (`securityHeaders: false`): what they cost on the plain rows.
  { id: 'framework-no-security-headers', label: 'Framework (ours), security headers off', http: 'apps/framework/dist/src/main.js', ours: true, optIn: true, env: { BENCH_SECURITY_HEADERS: 'off' } },
  { id: 'framework-cors', label: 'Framework (ours), CORS + security headers', http: 'apps/framework/dist/src/main.js', ours: true, optIn: true, env: { BENCH_CORS: '1' } },
  { id: 'fastify-cors', label: 'Fastify 5 + @fastify/cors + @fastify/helmet', http: 'peers/fastify/server.mjs', optIn: true, env: { BENCH_CORS: '1' } },
  // Files and bytes (the `bytesScenarios`): opt-in peers, each the same app with the feature on.
  { id: 'framework-bytes', label: 'Framework (ours), app.serveStatic + compression', http: 'apps/framework/dist/src/main.js', ours: true, optIn: true, env: { BENCH_BYTES: '1' } },
  { id: 'fastify-bytes', label: 'Fastify 5 + @fastify/static + @fastify/compress', http: 'peers/fastify/server.mjs', optIn: true, env: { BENCH_BYTES: '1' } },
  // The upload row with the same work in both handlers: Fastify's tells the file's type from its bytes with file-type too.
  { id: 'fastify-bytes-typed', label: 'Fastify 5 + @fastify/multipart, the type told by file-type', http: 'peers/fastify/server.mjs', optIn: true, env: { BENCH_BYTES: '1', BENCH_UPLOAD_TYPE: 'bytes' } },
  { id: 'framework-tls', label: 'Framework (ours), app.listen({ tls })', http: 'apps/framework/dist/src/main.js', ours: true, optIn: true, scheme: 'https', env: { BENCH_TLS: '1' } },
  { id: 'fastify-tls', label: 'Fastify 5 with https', http: 'peers/fastify/server.mjs', optIn: true, scheme: 'https', env: { BENCH_TLS: '1' } },
  { id: 'fastify-h2', label: 'Fastify 5 with http2: true, https', http: 'peers/fastify/server.mjs', optIn: true, scheme: 'https', env: { BENCH_TLS: '1', BENCH_HTTP2: '1' } },
  { id: 'hono', label: 'bare Hono (floor)', http: 'peers/hono/server.mjs', floor: 'http' },
  // Hand-written handlers on IncomingMessage/ServerResponse: the Node floor beside bare Hono's.
  { id: 'node-http', label: 'raw node:http (Node floor)', http: 'peers/node-http/server.mjs' },
  { id: 'fastify', label: 'Fastify 5', http: 'peers/fastify/server.mjs' },
  { id: 'nest-express', label: 'NestJS 12 + Express', http: 'peers/nest/dist/main-express.cjs' },
  { id: 'nest-fastify', label: 'NestJS 12 + Fastify', http: 'peers/nest/dist/main-fastify.cjs' },
  { id: 'grpc-js', label: 'raw grpc-js (floor)', grpc: 'peers/grpc-js/server.mjs', floor: 'grpc' },
  { id: 'nest-grpc', label: 'NestJS 12 gRPC', grpc: 'peers/nest/dist/main-grpc.cjs' },
  // The bench app picks its tables and @framework/grpc with computed import() specifiers, which
  // Deno loads only under --allow-read (literal ones need none): hence its dist/ folder and the
  // gRPC package's. The todo example imports literally and needs neither.
  {
    id: 'framework-deno', label: 'Framework (ours) on Deno', runtime: 'deno', ours: true,
    http: 'apps/framework/dist/src/main.js', grpc: 'apps/framework/dist/src/main.js', read: { http: ['apps/framework/dist', '../runtime/core/dist/bundle'], grpc: ['apps/framework/dist', '../runtime/core/dist/bundle', '../runtime/grpc/dist', proto.ours, '../node_modules/grpc-health-check/proto/health/v1/health.proto'] }, sys: { grpc: ['uid'] },
  },
  // What the security headers cost on Deno, whose static fast path takes an answer with a content type alone.
  {
    id: 'framework-deno-no-security-headers', label: 'Framework (ours) on Deno, security headers off', runtime: 'deno', ours: true, optIn: true, env: { BENCH_SECURITY_HEADERS: 'off' },
    http: 'apps/framework/dist/src/main.js', grpc: 'apps/framework/dist/src/main.js', read: { http: ['apps/framework/dist', '../runtime/core/dist/bundle'], grpc: ['apps/framework/dist', '../runtime/core/dist/bundle', '../runtime/grpc/dist', proto.ours, '../node_modules/grpc-health-check/proto/health/v1/health.proto'] }, sys: { grpc: ['uid'] },
  },
  // The baseline of `framework-baseline` (lib/baseline.mjs) run by Deno: Deno's rows before and after a change.
  { id: 'framework-baseline-deno', label: 'Framework (ours) on the baseline runtime, on Deno', runtime: 'deno', ours: true, optIn: true, http: '.tmp/baseline/app/dist/src/main.js', read: { http: ['.tmp/baseline'] } },
  { id: 'hono-deno', label: 'bare Hono on Deno.serve (Deno floor)', runtime: 'deno', http: 'peers/hono/server-deno.mjs', floor: 'http' },
  { id: 'grpc-js-deno', label: 'raw grpc-js on Deno (Deno floor)', runtime: 'deno', grpc: 'peers/grpc-js/server.mjs', floor: 'grpc', read: { grpc: [proto.peers] } },
];

/** The runtime a peer runs on. */
export const runtimeOf = (peer) => peer.runtime ?? 'node';

/**
 * Ratio columns of a row: the floor of its transport on its runtime, then (Node rows only) the
 * NestJS references, which run on Node.
 */
export function referencesOf(peerId, transport) {
  const peer = peers.find((p) => p.id === peerId);
  const runtime = peer ? runtimeOf(peer) : 'node';
  const floor = peers.find((p) => p.floor === transport && runtimeOf(p) === runtime)?.id;
  const nest = runtime !== 'node' ? [] : transport === 'http' ? ['nest-express', 'nest-fastify'] : ['nest-grpc'];
  return { floor, nest };
}
