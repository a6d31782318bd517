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
];

/**
 * Files and bytes (issue 44), measured only when named (`--scenario static-1k,…`) against the peers
 * that serve them: `framework-bytes` / `fastify-bytes` (app.serveStatic and compression against
 * @fastify/static and @fastify/compress, gzip level 6 on both), `framework-tls` / `fastify-tls` /
 * `fastify-h2`. The files are written by the bench at start (`BENCH_STATIC_DIR`). `h2: true` rows
 * are driven by h2load over TLS, the others by wrk.
 */
export const bytesScenarios = [
  { id: 'static-1k', label: 'GET a 1 KiB static file', method: 'GET', path: '/static/1k.bin', status: 200, optIn: true },
  { id: 'static-1m', label: 'GET a 1 MiB static file', method: 'GET', path: '/static/1m.bin', status: 200, optIn: true },
  { id: 'json-gzip', label: 'GET 20 KiB JSON, gzip', method: 'GET', path: '/big', headers: { 'Accept-Encoding': 'gzip' }, status: 200, optIn: true },
  { id: 'https-get', label: 'HTTPS GET /todo/:id (HTTP/1.1)', method: 'GET', path: '/todo/42', status: 200, optIn: true },
  { id: 'h2-get', label: 'HTTP/2 GET /todo/:id (TLS)', method: 'GET', path: '/todo/42', status: 200, h2: true, optIn: true },
];

/** Unary RPCs of todo.TodoService; `message` is the request (string fields only). */
export const grpcScenarios = [
  { id: 'grpc-get', label: 'gRPC GetTodo', rpc: 'GetTodo', message: { id: '42' }, expect: { id: '42', title: 'todo', done: false } },
  { id: 'grpc-create', label: 'gRPC CreateTodo', rpc: 'CreateTodo', message: { title: 'bench' }, expect: { title: 'bench', done: false } },
];

export const allScenarios = [
  ...httpScenarios.map((s) => ({ ...s, transport: 'http' })),
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
