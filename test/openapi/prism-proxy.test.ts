// The example's document tells the truth about the running example: fast-check drives requests
// generated from the document (bodies sampled by json-schema-faker from the request schemas, then
// some of them broken; path and query values; with and without a token) to every operation.
// Requests the document allows go through Prism's validation proxy (`prism proxy --errors`, an
// independent implementation), which fails any answer the document does not describe; the others
// go straight to the server, whose answer Ajv checks against the document. No answer is a 5xx.
// A stream (`text/event-stream`) never ends, and Prism's proxy waits for whole answers: it goes
// straight to the server too, and the test reads its head and leaves.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import fc from 'fast-check';
import { generateSync, type JsonSchema } from 'json-schema-faker';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from './helpers.js';
import document from '../../generated/todo/openapi.json' with { type: 'json' };

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';

type Json = Record<string, unknown>;
interface Operation {
  readonly method: string;
  readonly path: string;
  readonly spec: Json & { responses: Record<string, Json>; security?: unknown[]; parameters?: { name: string; in: string; required: boolean }[]; requestBody?: Json };
}

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, Json>).map(([method, spec]) => ({ method: method.toUpperCase(), path, spec: spec as Operation['spec'] })),
);

const ajv = new Ajv2020({ strict: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ $id: 'doc', components: document.components } as object);
const judge = (schema: unknown): ((value: unknown) => boolean) =>
  ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as object) as (value: unknown) => boolean;

/** A schema with its component `$ref`s replaced by the components (the example's types are not recursive). */
function inline(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inline);
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as Json).$ref;
  if (typeof ref === 'string') return inline((document.components.schemas as Record<string, unknown>)[ref.split('/').pop()!]);
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v)]));
}

const bodySchema = (op: Operation): unknown => ((op.spec.requestBody?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
/** Whether the operation takes a multipart/form-data form (an upload). */
const takesForm = (op: Operation): boolean => Boolean((op.spec.requestBody?.content as Json | undefined)?.['multipart/form-data']);

/** One generated request: the operation, its path values, query, body, token, and whether the document allows it. */
interface Case {
  /** `GET /todo/{id}`: the operation (its spec is left out of counterexamples). */
  readonly operation: string;
  readonly url: string;
  readonly body?: unknown;
  /** For an upload: a form with a small text file in each required file field, or (`empty`) without one. */
  readonly form?: 'file' | 'empty';
  readonly token: boolean;
  readonly allowed: boolean;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

interface Context {
  direct: string;
  proxy: string;
  token: string;
  ids: string[];
  prism: ChildProcess;
  stop: () => Promise<void>;
}

const test = suite<Context>('the todo example answers as its OpenAPI document says (fast-check + Prism proxy)');

test.before(async (context) => {
  const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');
  const { app } = await bootstrap();
  context.direct = `http://127.0.0.1:${await app.listen(0)}`;
  context.stop = () => app.close();
  const port = await freePort();
  context.proxy = `http://127.0.0.1:${port}`;
  context.prism = spawn(
    process.execPath,
    [`${ROOT}node_modules/@stoplight/prism-cli/dist/index.js`, 'proxy', 'generated/todo/openapi.json', context.direct, '--errors', '-p', String(port), '-h', '127.0.0.1', '-v', 'silent'],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const started = Date.now();
  for (;;) {
    const up = await fetch(`${context.proxy}/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() - started > 30_000) throw new Error('Prism did not start within 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`${context.direct}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"demo","password":"demo"}' });
  context.token = ((await login.json()) as { access_token: string }).access_token;
  context.ids = [];
});

test.after(async (context) => {
  context.prism?.kill();
  await context.stop?.();
});

/** A request of `op`: a sampled body (sometimes broken), path values, query values, a token or none. */
function caseOf(op: Operation, ids: () => string[]): fc.Arbitrary<Case> {
  const schema = bodySchema(op);
  const breakBody = fc.oneof(
    fc.constant<(b: Json) => unknown>(() => 'not an object'),
    fc.constant<(b: Json) => unknown>(() => [1, 2]),
    fc.constant<(b: Json) => unknown>((b) => ({ ...b, ...Object.fromEntries(Object.keys(b).slice(0, 1).map((k) => [k, { wrong: true }])) })),
    fc.constant<(b: Json) => unknown>((b) => Object.fromEntries(Object.entries(b).slice(1))),
  );
  const query = op.spec.parameters?.filter((p) => p.in === 'query') ?? [];
  return fc.record({
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    emptyForm: takesForm(op) ? fc.boolean() : fc.constant(false),
    broken: schema ? fc.option(breakBody, { freq: 3 }) : fc.constant(null),
    token: fc.boolean(),
    id: fc.oneof({ arbitrary: fc.nat(), weight: 3 }, { arbitrary: fc.stringMatching(/^[a-z0-9-]{1,8}$/), weight: 1 }),
    // One value per key: a repeated key is an array, which the document does not describe.
    query: fc.uniqueArray(fc.tuple(fc.constantFrom(...(query.length > 0 ? query.map((p) => p.name) : ['x'])), fc.oneof(fc.nat({ max: 150 }).map(String), fc.constantFrom('-1', 'x', '1.5'))), {
      maxLength: query.length,
      selector: ([key]) => key,
    }),
  }).map(({ seed, emptyForm, broken, token, id, query: pairs }) => {
    const sampled = schema ? (generateSync(inline(schema) as JsonSchema, { seed, optionalsProbability: 0.6 }) as Json) : undefined;
    const body = sampled !== undefined && broken ? broken(sampled) : sampled;
    const known = ids();
    // A number picks one of the todos created so far (some deleted since); a string is likely unknown.
    const value = typeof id === 'number' ? (known[id % Math.max(known.length, 1)] ?? '1') : id;
    const path = op.path.replace('{id}', encodeURIComponent(value));
    const search = new URLSearchParams(pairs).toString();
    const secured = (op.spec.security?.length ?? 0) > 0;
    const form = takesForm(op) ? (emptyForm ? ('empty' as const) : ('file' as const)) : undefined;
    return { operation: `${op.method} ${op.path}`, url: search ? `${path}?${search}` : path, ...(body !== undefined ? { body } : {}), ...(form ? { form } : {}), token, allowed: !broken && form !== 'empty' && (token || !secured) };
  });
}

const byKey = new Map(operations.map((op) => [`${op.method} ${op.path}`, op]));

/** Whether the operation's success is a stream of events (one that does not end by itself). */
const streams = (op: Operation): boolean => Boolean((op.spec.responses['200']?.content as Json | undefined)?.['text/event-stream']);

async function send(base: string, c: Case, token: string, signal?: AbortSignal): Promise<Response> {
  const op = byKey.get(c.operation)!;
  const headers: Record<string, string> = {};
  if (c.token) headers.authorization = `Bearer ${token}`;
  if (c.form) {
    const form = new FormData();
    const schema = (op.spec.requestBody!.content as Json)['multipart/form-data'] as { schema: { required?: string[] } };
    if (c.form === 'file') for (const field of schema.schema.required ?? []) form.append(field, new Blob(['a note\n'], { type: 'text/plain' }), 'note.txt');
    return fetch(base + c.url, { method: op.method, headers, signal, body: form });
  }
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(base + c.url, { method: op.method, headers, signal, ...(c.body !== undefined ? { body: JSON.stringify(c.body) } : {}) });
}

/** The answer's status and text; of an event stream, only its status and content type. */
async function answer(c: Case, context: Context): Promise<{ status: number; text: string; type: string | null; via: string }> {
  const op = byKey.get(c.operation)!;
  const viaPrism = c.allowed && !streams(op);
  const leave = new AbortController();
  const response = await send(viaPrism ? context.proxy : context.direct, c, context.token, leave.signal);
  const type = response.headers.get('content-type');
  if (type?.startsWith('text/event-stream')) {
    leave.abort();
    return { status: response.status, text: '', type, via: 'direct' };
  }
  return { status: response.status, text: await response.text(), type, via: viaPrism ? 'Prism' : 'direct' };
}

test('every operation: listed statuses, bodies matching their schemas, no 5xx', async (context) => {
  const seen = new Map<string, Set<number>>();
  const cases = fc.oneof(...operations.map((op) => caseOf(op, () => context.ids)));
  await fc.assert(
    fc.asyncProperty(cases, async (c) => {
      const op = byKey.get(c.operation)!;
      const response = await answer(c, context);
      const text = response.text;
      const where = `${op.method} ${c.url} ${JSON.stringify(c.body)} (token: ${c.token}, via ${response.via}) → ${response.status} ${text}`;
      assert.ok(response.status < 500, `no 5xx: ${where}`);
      const listed = op.spec.responses[String(response.status)];
      assert.ok(listed, `status listed: ${where}`);
      const content = listed.content as Record<string, { schema: unknown }> | undefined;
      if (content?.['application/json']) assert.ok(judge(content['application/json'].schema)(JSON.parse(text)), `body matches: ${where}`);
      if (content?.['text/plain']) assert.is(typeof text, 'string');
      if (content?.['text/event-stream']) assert.match(response.type ?? '', 'text/event-stream', `a stream: ${where}`);
      if (op.method === 'POST' && op.path === '/todo' && response.status === 200) context.ids.push((JSON.parse(text) as { id: string }).id);
      const statuses = seen.get(`${op.method} ${op.path}`) ?? new Set<number>();
      statuses.add(response.status);
      seen.set(`${op.method} ${op.path}`, statuses);
    }),
    { numRuns: 240, seed: 1818 },
  );
  // Both sides were reached: successes through Prism and refusals.
  const all = [...seen.values()].flatMap((s) => [...s]);
  assert.ok(all.includes(200), JSON.stringify([...seen].map(([k, v]) => [k, [...v]])));
  assert.ok(all.includes(400) && all.includes(403), JSON.stringify([...seen].map(([k, v]) => [k, [...v]])));
  assert.is(seen.size, operations.length, 'every operation was called');
  if (process.env.DEBUG_PRISM) console.log([...seen].map(([k, v]) => `${k}: ${[...v].join(',')}`));
});

test('Prism refuses what the document refuses (it judges independently)', async ({ proxy, token }) => {
  const bad = await fetch(`${proxy}/todo`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{"name":"x"}' });
  assert.is(bad.status, 422);
});

test.run();
