// The comparison table of docs/cors-and-cookies.md: the same CORS inputs sent to Fastify 5 with
// @fastify/cors (credentials, one allowed origin) and answered by our policy (`prepareCors`, what
// the HTTP pipeline writes), and the same Cookie headers parsed by @fastify/cookie and by our
// session-cookie reader. Prints a Markdown table; no load, a second or two.
//
//   npm run build:framework && node bench/peers/cors-comparison.mjs
import cors from '@fastify/cors';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { prepareCors } from '../../runtime/core/dist/bundle/index.js';

const allowed = 'http://localhost:5173';
const fastify = Fastify();
await fastify.register(cors, { origin: [allowed], credentials: true, maxAge: 600 });
await fastify.register(cookie);
fastify.get('/todo', async () => 'list');
fastify.post('/todo', async () => 'created');
fastify.get('/cookie', async (request) => JSON.stringify(request.cookies.session ?? null));
await fastify.ready();

const ours = prepareCors({ origins: [allowed], credentials: true, maxAge: 600 });
const todoMethods = ['GET', 'HEAD', 'POST', 'OPTIONS'];

const preflight = (path, headers) => ({ method: 'OPTIONS', url: path, headers });
const cases = [
  ['preflight to a path with no route', preflight('/nowhere', { origin: allowed, 'access-control-request-method': 'GET' }), undefined],
  ['preflight, allowed origin, POST', preflight('/todo', { origin: allowed, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' }), todoMethods],
  ['preflight, a method the path lacks (DELETE)', preflight('/todo', { origin: allowed, 'access-control-request-method': 'DELETE' }), todoMethods],
  ['preflight, disallowed origin', preflight('/todo', { origin: 'http://evil.test', 'access-control-request-method': 'GET' }), todoMethods],
  ['preflight, `Origin: null`', preflight('/todo', { origin: 'null', 'access-control-request-method': 'GET' }), todoMethods],
  ['preflight, a header not allowed (`x-secret`)', preflight('/todo', { origin: allowed, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-secret' }), todoMethods],
  ['preflight, garbage method (`GE T`)', preflight('/todo', { origin: allowed, 'access-control-request-method': 'GE T' }), todoMethods],
  ['GET, allowed origin', { method: 'GET', url: '/todo', headers: { origin: allowed } }],
  ['GET, disallowed origin', { method: 'GET', url: '/todo', headers: { origin: 'http://evil.test' } }],
  ['GET, no `Origin`', { method: 'GET', url: '/todo', headers: {} }],
];

const shown = (headers) =>
  Object.entries(headers)
    .filter(([name]) => name.startsWith('access-control-') || name === 'vary')
    .map(([name, value]) => `${name.replace('access-control-', 'ac-')}: ${value}`)
    .join('<br>') || '—';

const rows = ['| input | Fastify 5 + @fastify/cors 11 | Framework |', '|---|---|---|'];
for (const [label, request, methods] of cases) {
  const theirs = await fastify.inject(request);
  let status;
  let headers;
  if (request.method === 'OPTIONS') {
    const answer = ours.preflight(request.headers.origin, request.headers['access-control-request-method'], request.headers['access-control-request-headers'], methods);
    ({ status, headers } = answer);
  } else {
    status = 200;
    headers = ours.corsHeadersFor(request.headers.origin);
  }
  rows.push(`| ${label} | ${theirs.statusCode}<br>${shown(theirs.headers)} | ${status}<br>${shown(headers)} |`);
}

// Our reader: the `cookie` package's parse, with the session cookie read only from headers of at most 8 KiB.
const { parseCookie } = await import('../../runtime/core/node_modules/cookie/dist/index.js');
const oursCookie = (header) => (header.length > 8192 ? null : (parseCookie(header).session ?? null));
const cookieCases = [
  ['well-formed', 'theme=dark; session=abc.def'],
  ['malformed percent-encoding', 'session=%E0%A4%A'],
  ['no `=`', 'session'],
  ['oversized (9 000 bytes before it)', `pad=${'x'.repeat(9000)}; session=abc`],
];
rows.push('', '| Cookie header | @fastify/cookie 11 reads `session` as | Framework reads `session` as |', '|---|---|---|');
for (const [label, header] of cookieCases) {
  const theirs = await fastify.inject({ method: 'GET', url: '/cookie', headers: { cookie: header } });
  rows.push(`| ${label} | ${theirs.statusCode === 200 ? theirs.body : `${theirs.statusCode}`} | ${JSON.stringify(oursCookie(header))} |`);
}
console.log(rows.join('\n'));
await fastify.close();
