// Which router should the HTTP pipeline keep: the compiled matcher of the Node adapter
// (runtime/core/src/http/compiled-router.ts: static paths in a map, parametrised ones by
// segment) or Hono's RegExpRouter used on its own? Each matches the same request paths,
// parameter values read out included, in one process, alternated rounds: matches per second and
// the ratio. RegExpRouter refuses a table where a static path precedes a parameter at the same
// place (the example's `/todo/events` before `/todo/:id`: it cannot keep registration order), so
// it is measured on the table without those two routes, and Hono's SmartRouter (what Hono uses,
// falling back to its TrieRouter) on the whole one. A few seconds; needs `npm run build:framework`.
//
//   node bench/router-micro.mjs [--ms 400] [--rounds 5]
import { parseArgs } from 'node:util';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { CompiledRouter } from '../runtime/core/dist/http/compiled-router.js';

const { values: opt } = parseArgs({ options: { ms: { type: 'string', default: '400' }, rounds: { type: 'string', default: '5' } } });
const budget = Number(opt.ms);
const rounds = Number(opt.rounds);

// The example's routes, the bench app's, and the health probes: what an application of this size registers.
const ROUTES = [
  ['GET', '/todo'], ['POST', '/todo'], ['GET', '/todo/events'], ['GET', '/todo/ws'], ['GET', '/todo/:id'], ['PUT', '/todo/:id'],
  ['DELETE', '/todo/:id'], ['GET', '/text'], ['GET', '/json'], ['POST', '/validate'], ['POST', '/nested'], ['GET', '/secure'],
  ['GET', '/throttled'], ['GET', '/users/:userId/posts/:postId'], ['GET', '/health/live'], ['GET', '/health/ready'],
];
// Static and parametrised hits, and misses, in the proportions of the bench's scenarios.
const REQUESTS = [
  ['GET', '/json'], ['GET', '/text'], ['POST', '/validate'], ['GET', '/todo/42'], ['GET', '/throttled'], ['PUT', '/todo/7'],
  ['GET', '/users/3/posts/9'], ['GET', '/todo'], ['GET', '/missing'], ['POST', '/nested'],
];

/** The same table's matchers: the Node adapter's, and a Hono router of `kind`. */
function routers(table, makeHono) {
  const node = new CompiledRouter();
  const hono = makeHono();
  table.forEach(([method, path], index) => {
    node.add(method, path, index);
    hono.add(method, path, index);
  });
  hono.match('GET', '/'); // a SmartRouter picks its router on the first match
  /** The Node adapter's matcher: the handler and the parameters' values in path order. */
  const matchNode = (method, path) => {
    const found = node.match(method, path);
    return found === undefined ? -1 : found.handler + found.values.length;
  };
  /** A Hono router: its first match, the values read as Hono's context reads them (through the stash when there is one). */
  const matchHono = (method, path) => {
    const [matches, stash] = hono.match(method, path);
    if (matches.length === 0) return -1;
    const [handler, params] = matches[0];
    const values = [];
    for (const name in params) values.push(stash ? stash[params[name]] : params[name]);
    return handler + values.length;
  };
  return { matchNode, matchHono };
}

function rate(match) {
  let sink = 0;
  let calls = 0;
  const end = performance.now() + budget;
  while (performance.now() < end) {
    for (let i = 0; i < 1000; i++) {
      const [method, path] = REQUESTS[i % REQUESTS.length];
      sink += match(method, path);
    }
    calls += 1000;
  }
  if (sink === 0.5) console.log(sink); // keeps the work observable
  return (calls / budget) * 1000;
}

function compare(label, { matchNode, matchHono }) {
// The same answers first: a router that matches wrongly is not measured.
for (const [method, path] of REQUESTS) {
  if (matchNode(method, path) !== matchHono(method, path)) throw new Error(`the routers disagree on ${method} ${path}`);
}
rate(matchNode), rate(matchHono); // warm-up
const ratios = [];
console.log(label);
for (let round = 1; round <= rounds; round++) {
  // Alternated order: neither router always runs on the warmer (or the busier) half of a round.
  let nodeRate, honoRate;
  if (round % 2) (nodeRate = rate(matchNode)), (honoRate = rate(matchHono));
  else (honoRate = rate(matchHono)), (nodeRate = rate(matchNode));
  ratios.push(nodeRate / honoRate);
  console.log(`  round ${round}: compiled-router ${(nodeRate / 1e6).toFixed(2)} M matches/s, hono ${(honoRate / 1e6).toFixed(2)} M matches/s, ratio ${(nodeRate / honoRate).toFixed(2)}×`);
}
ratios.sort((a, b) => a - b);
console.log(`  median ratio compiled-router ÷ hono: ${ratios[Math.floor(ratios.length / 2)].toFixed(2)}×`);
}

const withoutAmbiguity = ROUTES.filter(([, path]) => path !== '/todo/events' && path !== '/todo/ws');
compare('RegExpRouter alone (the table without /todo/events and /todo/ws, which it refuses):', routers(withoutAmbiguity, () => new RegExpRouter()));
compare('SmartRouter (RegExpRouter, else TrieRouter), the whole table:', routers(ROUTES, () => new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })));
