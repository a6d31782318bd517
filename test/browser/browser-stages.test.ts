// What CORS and the security headers register on the HTTP pipeline's extension points, read
// through those points as a stage does: the preflight hook picks the policy of the route the
// requested method reaches (`@Cors` overrides, `@Cors(false)`), and the per-route headers.
// The exchange is a recording stand-in for a host: the stages that call these points are being
// moved onto the port (docs/http-pipeline.md); the browser suite runs them on a real server.
import type { HttpRouteEntry } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { registerBrowserStages } from '../../runtime/core/src/http/browser/browser-stages.js';
import { PipelineExtensions } from '../../runtime/core/src/http/pipeline/extension-points.js';
import type { HostExchange } from '../../runtime/core/src/http/pipeline/host-exchange.js';
import type { HttpRoute } from '../../runtime/core/src/http/http-route.js';

const test = suite('browser stages on the pipeline');
const app = 'http://localhost:5173';

function entry(method: HttpRouteEntry['method'], path: string, cors?: HttpRouteEntry['cors']): HttpRouteEntry {
  return { id: 0, name: `${method} ${path}`, controller: 0, handler: () => undefined, invoke: () => undefined, guards: [], middleware: [], filters: [], annotations: {}, source: 'src/x.ts:1:1', method, path, readsBody: false, status: 200, ...(cors !== undefined && { cors }) } as HttpRouteEntry;
}

interface Sent { status: number; headers: Record<string, unknown>; body: unknown }
function exchange(target: string, headers: Record<string, string>, secure = false): HostExchange & { sent?: Sent } {
  const recorded: { sent?: Sent } = {};
  return Object.assign(recorded, {
    method: 'OPTIONS', target, authority: '127.0.0.1', secure, protocolVersion: '1.1',
    header: (name: string) => headers[name],
    send: (status: number, h: Record<string, unknown>, body: unknown) => void (recorded.sent = { status, headers: h, body }),
  }) as unknown as HostExchange & { sent?: Sent };
}

const routes = [
  entry('GET', '/todo'),
  entry('POST', '/todo'),
  entry('GET', '/admin/:id', { origins: ['https://admin.example.com'], credentials: true }),
  entry('DELETE', '/admin/:id', false),
];
const routeOf = (e: HttpRouteEntry) => ({ entry: e }) as unknown as HttpRoute;

test('a preflight is answered by the policy of the route its method reaches, from the path the table gave', () => {
  const pipeline = new PipelineExtensions();
  registerBrowserStages(pipeline, routes, { cors: { origins: [app] } });
  const todo = exchange('/todo/?x=1', { origin: app, 'access-control-request-method': 'POST' });
  assert.ok(pipeline.preflight!(todo, ['GET', 'HEAD', 'POST', 'OPTIONS']));
  assert.is(todo.sent?.status, 204);
  assert.is(todo.sent?.headers['access-control-allow-methods'], 'GET, HEAD, POST, OPTIONS');
  const admin = exchange('/admin/7', { origin: 'https://admin.example.com', 'access-control-request-method': 'GET' });
  pipeline.preflight!(admin, ['GET', 'HEAD', 'DELETE', 'OPTIONS']);
  assert.is(admin.sent?.status, 204, 'the @Cors override lets its own origin in');
  assert.is(admin.sent?.headers['access-control-allow-credentials'], 'true');
  const off = exchange('/admin/7', { origin: app, 'access-control-request-method': 'DELETE' });
  pipeline.preflight!(off, ['GET', 'HEAD', 'DELETE', 'OPTIONS']);
  assert.is(off.sent?.status, 403, '@Cors(false) refuses');
  assert.match(String(off.sent?.body), /not allowed/);
  assert.is(off.sent?.headers['content-length'], String(off.sent?.body).length);
});

test('per-route headers: the allow-origin of the route policy, security headers on every route, HSTS over TLS only', () => {
  const pipeline = new PipelineExtensions();
  registerBrowserStages(pipeline, routes, { cors: { origins: [app] } });
  const [security, cors] = pipeline.routeHeaders;
  const plain = security!(undefined)!;
  assert.is(plain.fixed!['x-content-type-options'], 'nosniff');
  assert.is(plain.perRequest!(exchange('/', {}, false)), undefined);
  assert.is((plain.perRequest!(exchange('/', {}, true)) as Record<string, string>)['strict-transport-security'], 'max-age=31536000; includeSubDomains');
  const todo = cors!(routeOf(routes[0]!))!;
  assert.equal({ ...todo.perRequest!(exchange('/todo', { origin: app })) }, { 'access-control-allow-origin': app, vary: 'Origin' });
  assert.equal({ ...todo.perRequest!(exchange('/todo', { origin: 'https://admin.example.com' })) }, { vary: 'Origin' });
  assert.is(cors!(routeOf(routes[3]!)), undefined, '@Cors(false): no CORS header');
});

test('nothing of CORS is registered without settings; securityHeaders: false registers no headers', () => {
  const pipeline = new PipelineExtensions();
  registerBrowserStages(pipeline, [entry('GET', '/todo')], { securityHeaders: false });
  assert.is(pipeline.preflight, undefined);
  assert.is(pipeline.routeHeaders.length, 0);
});

test('start-up errors name the route: @Cors without origins and no app settings; credentials with *', () => {
  assert.throws(() => registerBrowserStages(new PipelineExtensions(), [entry('GET', '/x', { credentials: true })], {}), /@Cors on GET \/x \(src\/x.ts:1:1\) names no origins/);
  assert.throws(() => registerBrowserStages(new PipelineExtensions(), [entry('GET', '/x', { origins: '*' })], { cors: { origins: [app], credentials: true } }), /@Cors on GET \/x .*credentials: true with origins: '\*'/);
});

test.run();
