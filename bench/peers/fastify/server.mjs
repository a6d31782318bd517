// Fastify 5, idiomatic: JSON-schema body validation (ajv), a preHandler JWT hook, @fastify/rate-limit.
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { jwtVerify } from 'jose';
import { jwtKey, port, throttle } from '../shared/common.mjs';

// `fastify-otel`: the bench's OpenTelemetry SDK with @fastify/otel; `fastify-log`: Fastify's own
// pino request logging (to the same destination as ours).
const otel = process.env.BENCH_OTEL === '1' ? await startOtel() : undefined;
const logger = process.env.BENCH_REQUEST_LOG === '1' ? { stream: (await import('../shared/log-destination.mjs')).benchLogDestination() } : false;

// `fastify-tls` / `fastify-h2`: https, or http2 with HTTP/1.1 allowed, on the bench's certificate.
const tls = process.env.BENCH_TLS === '1' ? { key: readFileSync(process.env.BENCH_TLS_KEY_FILE), cert: readFileSync(process.env.BENCH_TLS_CERT_FILE) } : undefined;
const secure = tls ? (process.env.BENCH_HTTP2 === '1' ? { http2: true, https: { ...tls, allowHTTP1: true } } : { https: tls }) : {};

// No type coercion, so `"priority": "1"` fails as it does with class-validator.
const app = Fastify({ logger, ajv: { customOptions: { coerceTypes: false } }, ...secure });
if (otel) await app.register(otel.plugin());
// `fastify-cors`: CORS for one origin with credentials, and helmet's default headers (as ours, on).
if (process.env.BENCH_CORS === '1') {
  await app.register((await import('@fastify/cors')).default, { origin: ['http://localhost:5173'], credentials: true, maxAge: 600 });
  await app.register((await import('@fastify/helmet')).default);
}
// `fastify-bytes`: @fastify/static at /static and @fastify/compress (gzip level 6, 1 KiB threshold).
if (process.env.BENCH_BYTES === '1') {
  await app.register((await import('@fastify/compress')).default, { global: true, threshold: 1024, zlibOptions: { level: 6 } });
  await app.register((await import('@fastify/static')).default, { root: process.env.BENCH_STATIC_DIR, prefix: '/static/' });
}
await app.register(rateLimit, { global: false });
let nextId = 1;

const todo = { type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' }, done: { type: 'boolean' } } };
app.get('/todo', async () => 'todo list');
app.get('/todo/:id', { schema: { response: { 200: todo } } }, async (req) => ({ id: req.params.id, title: 'todo', done: false }));

const createTodo = {
  type: 'object',
  required: ['name', 'priority', 'colorLabel'],
  properties: { name: { type: 'string' }, priority: { type: 'number' }, colorLabel: { type: 'string', pattern: '^#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$' } },
};
app.post('/todo', { schema: { body: createTodo } }, async (req) => {
  const { name, priority, colorLabel } = req.body;
  return { id: String(nextId++), name, priority, colorLabel, done: false };
});

// ajv's formats (Fastify's compiler includes ajv-formats) stand in for validator.js's here.
const createOrder = {
  type: 'object',
  required: ['email', 'customer', 'deliverBy', 'lines', 'colors'],
  properties: {
    email: { type: 'string', format: 'email' },
    customer: { type: 'string', minLength: 1, maxLength: 64 },
    website: { type: 'string', format: 'uri' },
    deliverBy: { type: 'string', format: 'date-time' },
    lines: {
      type: 'array', minItems: 1, maxItems: 20,
      items: {
        type: 'object', required: ['productId', 'quantity'],
        properties: { productId: { type: 'string', format: 'uuid' }, quantity: { type: 'integer', minimum: 1, maximum: 100 }, notes: { type: 'array', maxItems: 5, items: { type: 'string' } } },
      },
    },
    colors: { type: 'array', maxItems: 3, items: { type: 'string', pattern: '^#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$' } },
  },
};
app.post('/order', { schema: { body: createOrder } }, async (req) => ({ id: String(nextId++), customer: req.body.customer, lines: req.body.lines.length }));

async function bearer(req, reply) {
  const header = req.headers.authorization;
  const ok = header?.startsWith('Bearer ') && (await jwtVerify(header.slice(7), jwtKey, { algorithms: ['HS256'] }).then(() => true, () => false));
  if (!ok) return reply.code(403).send({ status: 403, name: 'ForbiddenException', message: 'Forbidden' });
}
app.get('/secure', { preHandler: bearer }, async () => 'secure');

/** About 20 KiB of JSON, made once (the same list as ours). */
const big = Array.from({ length: 206 }, (_, i) => ({ id: String(i), title: `todo number ${i} of the compression row`, done: i % 2 === 0, tags: ['bench', 'gzip'] }));
app.get('/big', async () => big);

app.get('/limited', { config: { rateLimit: { max: throttle.limit, timeWindow: throttle.ttl } } }, async () => 'limited');

// The `upload-256k` scenario: one file, read whole into memory (its limits are @fastify/multipart's defaults but the size).
// `fastify-bytes-typed`: the type told by the same file-type as ours from the same first 4,100 bytes,
// where @fastify/multipart reports the type the client declared.
const typeFromBytes = process.env.BENCH_UPLOAD_TYPE === 'bytes' ? (await import('file-type-21')).fileTypeFromBuffer : undefined;
await app.register(multipart, { limits: { fileSize: 512 * 1024, files: 1 } });
app.post('/upload', async (req) => {
  const file = await req.file();
  const bytes = await file.toBuffer();
  const type = typeFromBytes ? ((await typeFromBytes(bytes.subarray(0, 4100)))?.mime ?? 'application/octet-stream') : file.mimetype;
  return { size: bytes.length, type };
});

await app.listen({ port, host: '127.0.0.1' });
console.log(`ready ${app.server.address().port} -`);

async function startOtel() {
  const { default: FastifyOtelInstrumentation } = await import('@fastify/otel');
  const instrumentation = new FastifyOtelInstrumentation();
  (await import('../shared/otel-sdk.mjs')).startBenchSdk([instrumentation]);
  return instrumentation;
}
