// The comparison tables of docs/cors-and-cookies.md, from running servers: the same CORS inputs sent
// over HTTP to the two servers `cpu-per-request.mjs` measures with `--only framework-cors,fastify-cors`
// (our bench app and Fastify 5 + @fastify/cors + @fastify/helmet, both with BENCH_CORS=1: one allowed
// origin, credentials, maxAge 600), then the security headers each sends on the same GET, then the
// same Cookie headers read by @fastify/cookie and by our two readers. Prints Markdown; no load, a few
// seconds.
//
//   npm run build:framework && node -e "import('./bench/lib/setup.mjs').then((m) => m.buildFramework())"
//   node bench/cors-comparison.mjs
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { SessionCookie, cookiesOf } from '../runtime/core/dist/bundle/index.js';
import { CORS_ORIGIN as allowed } from './lib/scenarios.mjs';

const bench = fileURLToPath(new URL('./', import.meta.url));
const peersRequire = createRequire(new URL('./peers/package.json', import.meta.url));

/** Starts a bench server with CORS on, on a free port; resolves once it printed `ready <port>`. */
function start(script) {
  const child = spawn(process.execPath, [bench + script], {
    env: { ...process.env, BENCH_CORS: '1', PORT: '0', NODE_ENV: 'production', JWT_SECRET: 'bench-secret-that-is-at-least-32-bytes-long' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready:\n${output}`)));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const ready = /ready (\d+)/.exec(output);
      if (ready) resolve({ base: `http://127.0.0.1:${ready[1]}`, stop: () => child.kill('SIGTERM') });
    });
  });
}

const servers = { fastify: await start('peers/fastify/server.mjs'), ours: await start('apps/framework/dist/src/main.js') };

const preflight = (path, headers) => ({ method: 'OPTIONS', path, headers });
const cases = [
  ['preflight to a path with no route', preflight('/nowhere', { origin: allowed, 'access-control-request-method': 'GET' })],
  ['preflight, allowed origin, POST', preflight('/todo', { origin: allowed, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' })],
  ['preflight, a method the path lacks (DELETE)', preflight('/todo', { origin: allowed, 'access-control-request-method': 'DELETE' })],
  ['preflight, disallowed origin', preflight('/todo', { origin: 'http://evil.test', 'access-control-request-method': 'GET' })],
  ['preflight, `Origin: null`', preflight('/todo', { origin: 'null', 'access-control-request-method': 'GET' })],
  ['preflight, a header not allowed (`x-secret`)', preflight('/todo', { origin: allowed, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-secret' })],
  ['preflight, garbage method (`GE T`)', preflight('/todo', { origin: allowed, 'access-control-request-method': 'GE T' })],
  ['GET, allowed origin', { method: 'GET', path: '/todo', headers: { origin: allowed } }],
  ['GET, disallowed origin', { method: 'GET', path: '/todo', headers: { origin: 'http://evil.test' } }],
  ['GET, `Origin: null`', { method: 'GET', path: '/todo', headers: { origin: 'null' } }],
  ['GET, no `Origin`', { method: 'GET', path: '/todo', headers: {} }],
];

/** An answer's status and headers (lower-case names), its body read. */
async function ask(server, { method, path, headers }) {
  const response = await fetch(server.base + path, { method, headers });
  await response.arrayBuffer();
  return { status: response.status, headers: Object.fromEntries(response.headers) };
}

const corsCell = ({ status, headers }) => {
  const shown = Object.entries(headers)
    .filter(([name]) => name.startsWith('access-control-') || name === 'vary')
    .map(([name, value]) => `${name.replace('access-control-', 'ac-')}: \`${value}\``);
  return [status, ...shown].join('<br>');
};

const rows = ['| input | Fastify 5 + @fastify/cors 11 | Framework |', '|---|---|---|'];
let get;
for (const [label, request] of cases) {
  const [theirs, ours] = [await ask(servers.fastify, request), await ask(servers.ours, request)];
  if (label === 'GET, allowed origin') get = { theirs, ours };
  rows.push(`| ${label} | ${corsCell(theirs)} | ${corsCell(ours)} |`);
}

// The security headers of the measured GET (`cors-get`): helmet's defaults beside ours.
const ignored = /^(access-control-|vary$|content-type$|content-length$|date$|connection$|keep-alive$)/;
const security = (headers) => new Map(Object.entries(headers).filter(([name]) => !ignored.test(name)));
const [theirs, ours] = [security(get.theirs.headers), security(get.ours.headers)];
rows.push('', '| security header on `GET /todo` | @fastify/helmet 13 (defaults) | Framework (defaults) |', '|---|---|---|');
for (const name of [...new Set([...ours.keys(), ...theirs.keys()])].sort()) rows.push(`| ${name} | ${theirs.get(name) ?? '—'} | ${ours.get(name) ?? '—'} |`);

for (const server of Object.values(servers)) server.stop();

// Cookies: @fastify/cookie on an in-process Fastify (inject: no socket, so no header size limit of
// Node's) beside our readers, the `@Cookie('session')` parameter's and JwtAuthGuard's session cookie's.
const Fastify = peersRequire('fastify');
const fastify = Fastify();
await fastify.register(peersRequire('@fastify/cookie'));
fastify.get('/cookie', async (request) => JSON.stringify(request.cookies.session ?? null));
await fastify.ready();
const session = new SessionCookie('session');
const oursParameter = (header) => {
  try {
    return JSON.stringify(cookiesOf({ header: () => header }).session ?? null);
  } catch (error) {
    return `${error.status ?? error.constructor.name}`;
  }
};
const oursSession = (header) => JSON.stringify(session.tokenOf({ req: { header: () => header } }) ?? null);
const cookieCases = [
  ['well-formed', 'theme=dark; session=abc.def'],
  ['malformed percent-encoding', 'session=%E0%A4%A'],
  ['no `=`', 'session'],
  ['empty value', 'session='],
  ['9 000 bytes before it', `pad=${'x'.repeat(9000)}; session=abc`],
  ['17 000 bytes before it', `pad=${'x'.repeat(17000)}; session=abc`],
];
rows.push('', "| Cookie header | @fastify/cookie 11 | Framework `@Cookie('session')` | Framework session cookie (JwtAuthGuard) |", '|---|---|---|---|');
for (const [label, header] of cookieCases) {
  const answer = await fastify.inject({ method: 'GET', url: '/cookie', headers: { cookie: header } });
  rows.push(`| ${label} | ${answer.statusCode === 200 ? answer.body : answer.statusCode} | ${oursParameter(header)} | ${oursSession(header)} |`);
}
await fastify.close();
console.log(rows.join('\n'));
