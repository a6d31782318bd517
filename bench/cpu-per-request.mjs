// CPU time per request, for when the machine is too busy for requests/s to mean anything: each
// server's own user + system time (from /proc) divided by the requests (or gRPC calls) it answered
// under wrk (or h2load). A server that shares its core with other work serves fewer requests, but
// each costs about the same CPU, so ratios of these figures hold up where throughput ratios do not
// (caches and clock speed still vary: treat differences under ~10% as noise). Lower is better.
//
//   npm run build && node bench/run.mjs --only framework --scenario get-list --skip-compiler   # builds the bench app once
//   node bench/cpu-per-request.mjs [--only framework,node-http] [--scenario get-one] [--seconds 4] [--warmup 8]
//   node bench/cpu-per-request.mjs --only framework-deno,hono-deno --scenario get-one,throttled --alternate 5 --seconds 1   # on Deno
//   node bench/cpu-per-request.mjs --only framework,framework-baseline --baseline HEAD --baseline-patch bench/baselines/no-instrumentation.patch --alternate 10 --seconds 1 --both-orders   # "free when off"
//   node bench/cpu-per-request.mjs --only framework,framework-baseline --baseline a3fdf37 --baseline-app --alternate 5 --seconds 2   # against an older framework, its own bench app
//   node bench/cpu-per-request.mjs --only framework,framework-baseline --baseline 66cf217 --alternate 3 --seconds 2 --both-orders   # an A/B: both start orders pooled
//   node bench/cpu-per-request.mjs --only framework,grpc-js --scenario grpc-get,grpc-create --alternate 5 --seconds 2   # gRPC calls, under h2load
//   node bench/cpu-per-request.mjs --only framework-cors,fastify-cors --scenario cors-get,cors-preflight --alternate 5 --seconds 2   # CORS + security headers
//   node bench/cpu-per-request.mjs --only framework,fastify --scenario upload-256k --alternate 5 --seconds 2   # one 256 KiB file vs @fastify/multipart
//   node bench/cpu-per-request.mjs --only framework-bytes,fastify-bytes --scenario static-1k,static-1m,json-gzip --alternate 5 --seconds 2   # files and compression
//   node bench/cpu-per-request.mjs --only framework-tls,fastify-tls --scenario https-get --alternate 5 --seconds 2   # HTTPS (fastify-h2 for h2-get)
// Each ratio column is ours (`framework`, or the first peer named) divided by another peer, row by row:
// CPU per request (lower is better) and requests per second in windows seconds apart (higher is better).
import { parseArgs } from 'node:util';
import { peers } from './lib/peers.mjs';
import { allScenarios } from './lib/scenarios.mjs';
import { choosePorts, cpuSeconds, ports, startServer, stopServer, whenAnswering } from './lib/server.mjs';
import { signToken } from './lib/setup.mjs';
import { h2load, wrk } from './lib/load.mjs';
import { baselineCommit, buildBaseline } from './lib/baseline.mjs';
import { startOtlpSink } from './lib/otlp-sink.mjs';
import { prepareBytes } from './lib/bytes.mjs';

const { values: opt } = parseArgs({
  options: {
    only: { type: 'string', default: 'framework,framework-hono,node-http,fastify,hono' },
    scenario: { type: 'string' },
    seconds: { type: 'string', default: '4' },
    // Long enough for the code to be optimised even when the server gets a sliver of its core.
    warmup: { type: 'string', default: '8' },
    connections: { type: 'string', default: '20' },
    // gRPC rows: h2load connections and streams per connection (as bench/run.mjs).
    'grpc-connections': { type: 'string', default: '10' },
    streams: { type: 'string', default: '10' },
    // Measure each scenario this many times per peer, peers alternating, and report medians: a
    // virtual machine's clock drifts by ±25% over minutes, so only samples seconds apart compare.
    alternate: { type: 'string', default: '1' },
    // The commit whose runtime the framework-baseline peer runs (lib/baseline.mjs).
    baseline: { type: 'string' },
    // A patch applied to that runtime first (baselines/no-instrumentation.patch).
    'baseline-patch': { type: 'string' },
    // The bench app of that commit too, built by its compiler (lib/baseline.mjs): for a runtime too old for today's app.
    'baseline-app': { type: 'boolean', default: false },
    // Measure twice, the servers started in the order named and then in the reverse order, the
    // rounds of both pooled: on this machine the server started first cost 10–20% less in runs of
    // every HTTP row, the same runtime on both sides too, so an A/B of one start order is biased.
    'both-orders': { type: 'boolean', default: false },
  },
});
const scenarios = opt.scenario ? allScenarios.filter((s) => opt.scenario.split(',').includes(s.id)) : allScenarios.filter((s) => s.transport === 'http' && !s.optIn);
const transports = [...new Set(scenarios.map((s) => s.transport))];
if (transports.length > 1) throw new Error('measure HTTP and gRPC rows in separate runs: their peers differ');
const transport = transports[0] ?? 'http';
const chosen = opt.only.split(',').map((id) => {
  // Deno peers too: /proc counts the CPU of all their threads, as it does a Node server's.
  const peer = peers.find((p) => p.id === id && p[transport]);
  if (!peer) throw new Error(`no ${transport === 'http' ? 'HTTP' : 'gRPC'} peer '${id}'`);
  return peer;
});
if (chosen.some((peer) => peer.id.startsWith('framework-baseline'))) buildBaseline(baselineCommit(opt.baseline), (line) => console.error(`[cpu] ${line}`), opt['baseline-patch'], opt['baseline-app']);
// The "+ SDK" peers export their spans to a sink in this process, as under bench/run.mjs.
const sink = chosen.some((peer) => peer.env?.BENCH_OTEL) ? await startOtlpSink() : undefined;
if (sink) process.env.BENCH_OTLP_ENDPOINT = sink.endpoint;
const seconds = Number(opt.seconds);
const connections = Number(opt.connections);
const token = await signToken(process.env.JWT_SECRET ?? 'bench-secret-that-is-at-least-32-bytes-long');
/** One window of load on `url`: wrk for HTTP rows, h2load (no warm-up of its own) for gRPC ones. */
const load = (url, s, windowSeconds) =>
  s.transport === 'grpc' || s.h2
    ? h2load(url, s, { seconds: windowSeconds, warmup: 0, connections: Number(opt['grpc-connections']), streams: Number(opt.streams) })
    : wrk(url, s, { seconds: windowSeconds, connections, token });
await choosePorts();
// The static files and the self-signed certificate of the bytes and TLS rows, in a folder removed at exit.
const bytes = scenarios.some((s) => s.optIn) ? prepareBytes() : undefined;

const rounds = Number(opt.alternate);
/** µs of CPU per request, by peer and scenario: one sample per round. */
const costs = new Map();
/** Requests per second, by peer and scenario: one sample per round, seconds from the other peers'. */
const rates = new Map();
// Every server runs at once (idle ones cost nothing), and each scenario measures them one after
// the other: the load the machine carries changes over minutes, so peers compared in the same
// minute see the same contention.
async function measure(startOrder) {
  const servers = [];
  try {
    for (const peer of startOrder) {
      await choosePorts();
      const child = startServer(peer, transport);
      servers.push({ peer, child, url: `${peer.scheme ?? 'http'}://127.0.0.1:${transport === 'grpc' ? ports.grpc : ports.http}` });
      await whenAnswering(child, transport, performance.now(), undefined, peer.scheme);
    }
    // Every route of every server is run once before any is measured: the first scenario measured
    // otherwise pays for optimising code the later ones share (it measured up to 30% dearer).
    for (const { url } of servers) for (const s of scenarios) await load(url, s, 2);
    for (const s of scenarios) {
      for (const { url } of servers) await load(url, s, Number(opt.warmup));
      for (let round = 0; round < rounds; round++) {
        // Each round starts with the next peer: a fixed order would give one peer the same place
        // (right after the warm-up, or after the same neighbour) in every round.
        const order = servers.map((_, i) => servers[(i + round) % servers.length]);
        for (const { peer, child, url } of order) {
          const before = cpuSeconds(child);
          const result = await load(url, s, seconds);
          const micros = ((cpuSeconds(child) - before) * 1e6) / result.requests;
          if (result.errors > 0) throw new Error(`${peer.id} ${s.id}: ${result.errors} wrong answers or errors`);
          const key = `${peer.id} ${s.id}`;
          costs.set(key, [...(costs.get(key) ?? []), micros]);
          rates.set(key, [...(rates.get(key) ?? []), result.rps]);
          console.error(`[cpu] ${peer.id} ${s.id}: ${micros.toFixed(1)} µs CPU per request (${result.requests} requests)`);
        }
      }
    }
  } finally {
    for (const { child } of servers) await stopServer(child);
  }
}

try {
  await measure(chosen);
  if (opt['both-orders']) await measure([...chosen].reverse());
} finally {
  await sink?.close();
  bytes?.remove();
}

const columns = chosen.map((p) => p.id);
// The ratios divide ours by each other peer: `framework` when measured, else the first peer named.
const reference = columns.includes('framework') ? 'framework' : columns[0];
const others = columns.filter((id) => id !== reference);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** Ours ÷ theirs: the median of the rounds' ratios (each round's samples are seconds apart), with their range when there are several. */
const ratio = (ours, theirs) => {
  if (!ours || !theirs) return '–';
  const ratios = ours.map((value, round) => value / theirs[round]);
  const range = ratios.length > 1 ? ` (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})` : '';
  return `${median(ratios).toFixed(3)}×${range}`;
};
// Requests/s ratios are paired too: a virtual machine's speed drifts over minutes (a fixed piece of
// JavaScript took 60 to 106 ms on core 0 within one minute here), so only windows seconds apart compare.
console.log(`| scenario | ${columns.map((c) => `${c} µs`).join(' | ')} | ${others.map((id) => `${reference} ÷ ${id} (CPU)`).join(' | ')} | ${others.map((id) => `${reference} ÷ ${id} (req/s)`).join(' | ')} |`);
console.log(`|---|${[...columns, ...others, ...others].map(() => '--:').join('|')}|`);
for (const s of scenarios) {
  const of = (map, id) => map.get(`${id} ${s.id}`);
  const cells = columns.map((id) => (of(costs, id) === undefined ? '–' : median(of(costs, id)).toFixed(1)));
  const cpu = others.map((id) => ratio(of(costs, reference), of(costs, id)));
  const throughput = others.map((id) => ratio(of(rates, reference), of(rates, id)));
  console.log(`| ${s.label} | ${cells.join(' | ')} | ${cpu.join(' | ')} | ${throughput.join(' | ')} |`);
}
