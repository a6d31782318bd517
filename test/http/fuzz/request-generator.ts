// Generates raw HTTP/1.1 requests for the fixture app (test/http/fixtures/app/) over the dimensions
// that reach different code on the Node-native path and on the Hono path: targets (every route and
// near misses, encodings, dot segments, queries), methods, hosts, headers the chain reads, bodies
// and their framing. Each request is its exact bytes, so a failing one can be replayed.
import type { Ending } from './raw-http.js';
import { Random } from '../../seeded-random.js';
import { bodyText, contentTypeLines, framed, type FramedRoute } from './request-bodies.js';

/** One generated request. */
export interface FuzzRequest {
  readonly bytes: Buffer;
  /** A HEAD request: its answers have no body. */
  readonly head: boolean;
  /** How its exchange ends (see `Ending`). */
  readonly ending: Ending;
}

/** A fixture route: its methods and a path whose `:name` segments are filled per request. */
interface FixtureRoute extends FramedRoute {
  readonly methods: readonly string[];
  readonly path: string;
  readonly readsBody?: boolean;
}

const routes: readonly FixtureRoute[] = [
  { methods: ['GET'], path: '/features/text' },
  { methods: ['GET'], path: '/features/nothing' },
  { methods: ['GET'], path: '/features/response', answersResponse: true },
  { methods: ['GET'], path: '/features/async', answersLater: true },
  { methods: ['POST'], path: '/features/created' },
  { methods: ['DELETE'], path: '/features/gone' },
  { methods: ['GET'], path: '/features/query' },
  { methods: ['GET'], path: '/features/headers' },
  { methods: ['GET'], path: '/features/all-headers' },
  { methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], path: '/features/any' },
  { methods: ['GET'], path: '/features/users/:userId/posts/:postId' },
  { methods: ['POST'], path: '/features/orders', readsBody: true },
  { methods: ['POST'], path: '/features/guarded-orders', readsBody: true },
  { methods: ['GET'], path: '/features/count' },
  { methods: ['GET'], path: '/features/limited' },
  { methods: ['GET'], path: '/features/crash' },
  { methods: ['GET'], path: '/features/custom' },
  { methods: ['GET'], path: '/features/set-headers' },
  { methods: ['GET'], path: '/features/teapot' },
];

const otherMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND', 'TRACE', 'PURGE', 'get', 'Post', 'SEARCH'];
const segmentValues = ['7', '42', 'a.b', 'c~d', '_', '-1', 'x'.repeat(300), '%41', '%zz', '%2F', '%E2%9C%93', '\u2713', 'é', '..', '.', ':id', '$', "'", '(x)', '*', '@', '!', ';a=1'];
const queryKeys = ['page', 'sort', 'name', '', 'a b', 'a+b', '%70age', '%zz', '__proto__', 'constructor', 'x[]', 'é'];
const queryValues = ['1', '2', '', 'asc', '+x+y', '%20', '%zz', '%E2%9C%93', '\u2713', 'a=b', '__proto__', 'x'.repeat(200), '#', '?'];

function fill(random: Random, path: string): string {
  return path.replace(/:\w+/g, () => random.pick(segmentValues));
}

/** The request target: a route's path, often bent into a near miss or an odd spelling. */
function targetFor(random: Random, route: FixtureRoute): string {
  let path = fill(random, route.path);
  const bends = random.weighted([
    [14, 0],
    [3, 1],
    [1, 2],
  ]);
  for (let i = 0; i < bends; i++) path = bend(random, path);
  if (random.chance(0.35)) path += `?${query(random)}`;
  if (random.chance(0.05)) path += random.pick(['#frag', '#', '#a?b=1', '?#']);
  return random.weighted([
    [40, path],
    [1, `http://localhost${path}`],
    [1, `https://Example.com:8080${path}`],
    [1, `http://[::1]${path}`],
    [1, '*'],
    [1, path.slice(1)],
  ]);
}

function bend(random: Random, path: string): string {
  const at = random.int(1, path.length);
  const cut = (insert: string) => path.slice(0, at) + insert + path.slice(at);
  const slash = path.indexOf('/', at) === -1 ? path.length : path.indexOf('/', at);
  const char = path[at] ?? 'x';
  const code = char.charCodeAt(0);
  const hex = code < 128 ? code.toString(16).padStart(2, '0') : '';
  return random.pick<() => string>([
    () => `${path}/`,
    () => `${path}//`,
    () => cut('/'),
    () => path.replace(/\/\//g, '/').replace('/features', '/features/'),
    () => cut('/./'),
    () => cut('/../features/'),
    () => `${path}/..`,
    () => `${path}/.`,
    () => `/./${path.slice(1)}`,
    () => (hex ? path.slice(0, at) + `%${random.chance(0.5) ? hex : hex.toUpperCase()}` + path.slice(at + 1) : path),
    () => cut('%zz'),
    () => cut('%'),
    () => cut('%2F'),
    () => cut('%2e'),
    () => cut('\u2713'),
    () => cut('é'),
    () => cut('\\'),
    () => cut(';'),
    () => cut('?'),
    () => cut('#'),
    () => cut('&'),
    () => path.slice(0, at) + path.slice(at + 1),
    () => path.slice(0, at) + char.toUpperCase() + path.slice(at + 1),
    () => path.slice(0, slash) + 'x' + path.slice(slash),
    () => path.slice(0, slash) + '/' + 'y'.repeat(random.int(100, 3000)) + path.slice(slash),
    () => '/Features' + path.slice('/features'.length),
    () => '/nowhere' + path,
  ])();
}

function query(random: Random): string {
  const pairs: string[] = [];
  for (let i = random.int(0, 4); i > 0; i--) {
    const key = random.pick(queryKeys);
    pairs.push(random.weighted([
      [4, `${key}=${random.pick(queryValues)}`],
      [1, key],
      [1, `${key}=`],
      [1, ''],
    ]));
  }
  return pairs.join(random.chance(0.9) ? '&' : '&&');
}

function methodFor(random: Random, route: FixtureRoute): string {
  return random.chance(0.85) ? random.pick(route.methods) : random.pick(otherMethods);
}

function hostLines(random: Random): [string, string][] {
  const host = random.weighted<string | undefined>([
    [50, 'localhost'],
    [16, 'localhost:8080'],
    [8, '127.0.0.1:8080'],
    [2, '[::1]'],
    [2, '[::1]:8080'],
    [2, 'LOCALHOST'],
    [2, 'Example.COM:80'],
    [1, 'example.com:0'],
    [1, 'example.com:99999'],
    [1, 'example.com:abc'],
    [1, 'exa_mple.com'],
    [1, 'a@b'],
    [1, ''],
    [1, 'ex ample'],
    [1, 'host/path'],
    [1, 'h\u00e9st'],
    [2, undefined],
  ]);
  if (host === undefined) return [];
  const lines: [string, string][] = [[random.pick(['Host', 'host', 'HOST']), host]];
  if (random.chance(0.03)) lines.push(['Host', 'other.example']);
  return lines;
}

/** Headers the chain and the fixture's handlers read, in odd spellings and repeats. */
function chainHeaders(random: Random): [string, string][] {
  const lines: [string, string][] = [];
  const add = (name: string, value: string) => lines.push([random.pick([name, name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1)]), value]);
  if (random.chance(0.3)) add('x-one', random.pick([' first ', 'first', '', 'a,b', '\ttabbed\t', 'é']));
  if (random.chance(0.3)) add('x-two', random.pick(['second', '', ' x ']));
  if (random.chance(0.1)) add('x-one', 'again');
  if (random.chance(0.2)) add('authorization', random.pick(['Bearer abc', 'bearer  abc', 'Basic dXNlcjpwYXNz', '', 'Bearer', 'Bearer a.b.c', 'Bearer deny', 'bearer\tdeny ', 'Bearer crash']));
  if (random.chance(0.05)) add('authorization', 'Bearer second');
  if (random.chance(0.2)) add('x-forwarded-for', random.pick(['203.0.113.7', '203.0.113.7, 10.0.0.1', ' , ', '::1', 'unknown', '[2001:db8::1]:80', '203.0.113.7,,198.51.100.1']));
  if (random.chance(0.1)) add('x-real-ip', random.pick(['198.51.100.9', ' 198.51.100.9 ', 'nonsense', '']));
  if (random.chance(0.1)) add('cookie', random.pick(['a=1', 'b=2; c=3']));
  if (random.chance(0.05)) add('cookie', 'd=4');
  if (random.chance(0.05)) add(random.pick(['__proto__', 'constructor', 'hasOwnProperty', 'set-cookie']), 'odd');
  if (random.chance(0.05)) add('connection', random.pick(['close', 'keep-alive', 'Upgrade']));
  if (random.chance(0.05)) add('expect', '100-continue');
  return lines;
}

/**
 * The next request of a seeded run: the same bytes go to both servers (a Host's port is one
 * neither listens on; servers do not check it).
 *
 * @example
 * const random = new Random(seed);
 * const request = generateRequest(random);
 */
export function generateRequest(random: Random): FuzzRequest {
  const route = random.pick(routes);
  const method = methodFor(random, route);
  const target = targetFor(random, route);
  const lines: [string, string][] = [...hostLines(random), ...chainHeaders(random)];
  let body: Buffer = Buffer.alloc(0);
  let ending: Ending = lines.some(([name, value]) => name.toLowerCase() === 'connection' && value === 'close') ? 'closes' : 'kept';
  const sendsBody = route.readsBody ? random.chance(0.95) : random.chance(0.08);
  if (sendsBody) {
    lines.push(...contentTypeLines(random));
    const framing = framed(random, bodyText(random), route);
    lines.push(...framing.lines);
    body = framing.bytes;
    if (framing.ending !== 'kept') ending = framing.ending;
  }
  shuffle(random, lines);
  // HTTP/1.0 (without keep-alive) closes after its answer; a second request pipelined behind the
  // first (answered in order, whichever finishes first) asks the server to close after it.
  const version = random.chance(0.03) && !lines.some(([name]) => name.toLowerCase() === 'connection') ? 'HTTP/1.0' : 'HTTP/1.1';
  // Behind a request without Host (which Node refuses itself) or with two (refused with 400 and the
  // connection closed), only a route that answers at once: one still running when the connection
  // closes is logged differently (docs/limits.md).
  const hosts = lines.filter(([name]) => name.toLowerCase() === 'host').length;
  const behind = hosts === 1 ? ['text', 'async', 'count'] : ['text', 'count'];
  // Not behind HTTP/1.0, which ends the connection: Node refuses what follows, possibly before
  // an answer that comes later (also a limit there).
  const pipelined = !route.answersResponse && version === 'HTTP/1.1' && random.chance(0.03) ? [Buffer.from(`GET /features/${random.pick(behind)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)] : [];
  if (ending === 'kept' && (version === 'HTTP/1.0' || pipelined.length > 0)) ending = 'closes';
  const head = `${method} ${target} ${version}\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  return { bytes: Buffer.concat([Buffer.from(head, 'utf8'), body, ...pipelined]), head: method === 'HEAD', ending };
}

function shuffle<T>(random: Random, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
