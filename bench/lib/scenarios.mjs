// What every peer serves. HTTP scenarios are driven by wrk, gRPC ones by h2load.

export const VALID_TODO = { name: 'bench', priority: 1, colorLabel: '#00ff00' };
export const INVALID_TODO = { name: 42, priority: 'high', colorLabel: 'blue' };
/** A DTO with string formats and an array of nested DTOs (`CreateOrderDto`). */
export const VALID_ORDER = {
  email: 'ada@example.com',
  customer: 'Ada Lovelace',
  website: 'https://example.com/ada',
  deliverBy: '2026-12-01T10:00:00Z',
  lines: [
    { productId: '3b241101-e2bb-4255-8caf-4136c566a962', quantity: 2, notes: ['gift wrap', 'fragile'] },
    { productId: '9c5b94b1-35ad-49bb-b118-8e8fc24abf80', quantity: 1 },
    { productId: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d', quantity: 12, notes: [] },
  ],
  colors: ['#ff8800', '#00f'],
};

/** `auth: true` sends the same HS256 bearer token on every request. */
export const httpScenarios = [
  { id: 'get-list', label: 'GET /todo (fixed text)', method: 'GET', path: '/todo', status: 200 },
  { id: 'get-one', label: 'GET /todo/:id (JSON)', method: 'GET', path: '/todo/42', status: 200 },
  { id: 'post-valid', label: 'POST /todo valid DTO', method: 'POST', path: '/todo', body: VALID_TODO, status: 200 },
  { id: 'post-invalid', label: 'POST /todo invalid DTO (400)', method: 'POST', path: '/todo', body: INVALID_TODO, status: 400 },
  { id: 'post-nested', label: 'POST /order nested arrays and formats', method: 'POST', path: '/order', body: VALID_ORDER, status: 200 },
  { id: 'jwt', label: 'GET /secure (JWT guard)', method: 'GET', path: '/secure', auth: true, status: 200 },
  { id: 'throttled', label: 'GET /limited (throttler)', method: 'GET', path: '/limited', status: 200 },
  // Opt-in (`--scenario upload-256k`): served by `framework` and `fastify` (@fastify/multipart) only.
  { id: 'upload-256k', label: 'POST /upload one 256 KiB file (multipart)', method: 'POST', path: '/upload', multipart: { field: 'file', filename: 'data.bin', bytes: 256 * 1024 }, status: 200, optIn: true },
];

/** The origin the CORS peers allow (`framework-cors`, `fastify-cors`). */
export const CORS_ORIGIN = 'http://localhost:5173';

/**
 * A browser's calls with CORS and security headers on (`--scenario cors-get,cors-preflight`, against
 * the peers started with BENCH_CORS=1): not in the default runs, as the other peers answer no preflight.
 */
export const corsScenarios = [
  { id: 'cors-get', label: 'GET /todo/:id with an allowed Origin (CORS + security headers)', method: 'GET', path: '/todo/42', headers: { Origin: CORS_ORIGIN }, status: 200, optIn: true },
  {
    id: 'cors-preflight', label: 'OPTIONS /todo preflight (CORS)', method: 'OPTIONS', path: '/todo', status: 204, optIn: true,
    headers: { Origin: CORS_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
  },
];
/**
 * The `multipart/form-data` body of a scenario's `multipart` (one file of `bytes` bytes of text)
 * and its Content-Type.
 */
export function multipartBody({ field, filename, bytes }) {
  const boundary = 'benchb0undary7MA4YWxkTrZu0gW';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, Buffer.alloc(bytes, 'a'), tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
/**
 * Files and bytes (issue 44), measured only when named (`--scenario static-1k,…`) against the peers
 * that serve them: `framework-bytes` / `fastify-bytes` (app.serveStatic and compression against
 * @fastify/static and @fastify/compress, gzip level 6 on both), `framework-tls` / `fastify-tls` /
 * `fastify-h2`. The files are written by the bench at start (`BENCH_STATIC_DIR`). `h2: true` rows
 * are driven by h2load over TLS, the others by wrk. `bench/run.mjs` runs those without `tls`.
 */
export const bytesScenarios = [
  { id: 'static-1k', label: 'GET a 1 KiB static file', method: 'GET', path: '/static/1k.bin', status: 200, optIn: true },
  { id: 'static-1m', label: 'GET a 1 MiB static file', method: 'GET', path: '/static/1m.bin', status: 200, optIn: true },
  { id: 'json-gzip', label: 'GET 20 KiB JSON, gzip', method: 'GET', path: '/big', headers: { 'Accept-Encoding': 'gzip' }, status: 200, optIn: true },
  { id: 'https-get', label: 'HTTPS GET /todo/:id (HTTP/1.1)', method: 'GET', path: '/todo/42', status: 200, tls: true, optIn: true },
  { id: 'h2-get', label: 'HTTP/2 GET /todo/:id (TLS)', method: 'GET', path: '/todo/42', status: 200, h2: true, tls: true, optIn: true },
];

/** Unary RPCs of todo.TodoService; `message` is the request (string fields only). */
export const grpcScenarios = [
  { id: 'grpc-get', label: 'gRPC GetTodo', rpc: 'GetTodo', message: { id: '42' }, expect: { id: '42', title: 'todo', done: false } },
  { id: 'grpc-create', label: 'gRPC CreateTodo', rpc: 'CreateTodo', message: { title: 'bench' }, expect: { title: 'bench', done: false } },
];

export const allScenarios = [
  ...httpScenarios.map((s) => ({ ...s, transport: 'http' })),
  ...corsScenarios.map((s) => ({ ...s, transport: 'http' })),
  ...bytesScenarios.map((s) => ({ ...s, transport: 'http' })),
  ...grpcScenarios.map((s) => ({ ...s, transport: 'grpc' })),
];

/**
 * The request as a gRPC length-prefixed message: field 1 (the only one of both requests),
 * wire type 2, one string. Short strings only (length < 128, a one-byte varint).
 */
export function grpcFrame(message) {
  const text = Buffer.from(Object.values(message)[0], 'utf8');
  const body = Buffer.concat([Buffer.from([0x0a, text.length]), text]);
  const frame = Buffer.alloc(5 + body.length);
  frame.writeUInt32BE(body.length, 1);
  body.copy(frame, 5);
  return frame;
}
