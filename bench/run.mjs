#!/usr/bin/env node
// The benchmark: our framework side by side with its peers, in one run, as ratios. See README.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, release } from 'node:os';
import { parseArgs } from 'node:util';
import { compilerScaling } from './lib/compiler-scale.mjs';
import { h2load, wrk } from './lib/load.mjs';
import { findDeno } from './lib/deno.mjs';
import { peers, runtimeOf } from './lib/peers.mjs';
import { printSummary, summarise } from './lib/profile.mjs';
import { evaluateGoals, markdown, writeResults } from './lib/report.mjs';
import { bytesScenarios, grpcScenarios, httpScenarios } from './lib/scenarios.mjs';
import { coreSpeedMs, waitForQuiet } from './lib/quiet.mjs';
import { choosePorts, coldStart, cpuSeconds, ports, rssMb, startServer, stopServer, whenAnswering } from './lib/server.mjs';
import { baselineCommit, buildBaseline } from './lib/baseline.mjs';
import { prepareBytes } from './lib/bytes.mjs';
import { startOtlpSink } from './lib/otlp-sink.mjs';
import { buildFramework, buildNest, ensurePeers, ensureTools, signToken } from './lib/setup.mjs';
import { smoke } from './lib/smoke.mjs';

const { values: opt } = parseArgs({
  options: {
    only: { type: 'string' }, // peers, e.g. framework,hono
    scenario: { type: 'string' }, // scenario ids, e.g. get-one,jwt
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'grpc-connections': { type: 'string', default: '10' },
    streams: { type: 'string', default: '10' },
    'cold-runs': { type: 'string', default: '5' },
    rounds: { type: 'string', default: '1' }, // repeat every peer; keep each scenario's best round
    sizes: { type: 'string', default: '50,200,1000' }, // compiler scaling projects
    'skip-compiler': { type: 'boolean', default: false },
    'compiler-only': { type: 'boolean', default: false },
    profile: { type: 'string' }, // a scenario id: profile our app under that load
    baseline: { type: 'string' }, // the commit whose runtime the framework-baseline peer runs
    'baseline-patch': { type: 'string' }, // a patch applied to that runtime first
  },
});
const log = (line) => process.stderr.write(`[bench] ${line}\n`);
const bench = new URL('.', import.meta.url).pathname;
const secret = 'bench-secret-that-is-at-least-32-bytes-long';
process.env.JWT_SECRET = secret;
const params = {
  seconds: Number(opt.seconds), warmup: Number(opt.warmup), connections: Number(opt.connections),
  grpcConnections: Number(opt['grpc-connections']), streams: Number(opt.streams), coldRuns: Number(opt['cold-runs']),
  rounds: Number(opt.rounds),
};
// Profiling looks at our app unless told otherwise.
const onlyPeers = opt.only?.split(',') ?? (opt.profile ? ['framework'] : undefined);
const onlyScenarios = opt.scenario?.split(',') ?? (opt.profile ? [opt.profile] : undefined);
// An opt-in scenario (one only some peers serve) runs only when named.
const pick = (list) => list.filter((s) => (onlyScenarios ? onlyScenarios.includes(s.id) : !s.optIn));

// One run at a time: a second one would rebuild the app under the first one's servers.
const lock = bench + '.tmp/run.lock';
const holder = existsSync(lock) ? Number(readFileSync(lock, 'utf8')) : 0;
if (holder && holder !== process.pid && existsSync(`/proc/${holder}`)) {
  log(`another bench run (pid ${holder}) is in progress; wait for it to finish.`);
  process.exit(1);
}
mkdirSync(bench + '.tmp', { recursive: true });
writeFileSync(lock, String(process.pid));
process.on('exit', () => rmSync(lock, { force: true }));

ensureTools(log);
await choosePorts();
const nproc = availableParallelism();
// The runner itself stays off core 0, which belongs to the server under test.
execFileSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });

const tool = (cmd) => execFileSync('sh', ['-c', `${cmd} 2>&1 | head -1`], { encoding: 'utf8' }).trim();
const machine = {
  nproc, cpu: cpus()[0]?.model ?? 'unknown', node: process.version, os: `Linux ${release()}`,
  wrk: tool('wrk -v').split(' Copyright')[0], h2load: tool('h2load --version'),
};
const deno = findDeno();
machine.deno = deno.version ?? `none (${deno.reason})`;
const results = { date: new Date().toISOString(), machine, params, targets: [], goals: [] };

if (!opt['compiler-only']) {
  ensurePeers(log);
  log('building the NestJS peers and our bench app');
  buildNest();
  const grpcMissing = buildFramework();
  if (grpcMissing) log(`our gRPC row will not be measured: ${grpcMissing}`);
  const selected = peers.filter((p) => (onlyPeers ? onlyPeers.includes(p.id) : !p.optIn));
  if (selected.some((p) => p.id === 'framework-baseline')) buildBaseline(baselineCommit(opt.baseline), log, opt['baseline-patch']);
  const sink = selected.some((p) => p.env?.BENCH_OTEL) ? await startOtlpSink() : undefined;
  if (sink) process.env.BENCH_OTLP_ENDPOINT = sink.endpoint;
  // The static files and certificate of the files-and-bytes peers, in a folder removed at exit.
  const bytes = selected.some((p) => p.env?.BENCH_BYTES) ? prepareBytes() : undefined;
  process.on('exit', () => bytes?.remove());
  const token = await signToken(secret);

  for (let round = 1; round <= Number(opt.rounds); round++) {
    // Every other round in the reverse order: a peer measured first (or right after another's
    // heavy run) in one round is measured last in the next, so no peer always gets the same slot.
    for (const peer of round % 2 === 1 ? selected : [...selected].reverse()) {
      for (const [transport, scenarios] of [['http', pick([...httpScenarios, ...bytesScenarios.filter((s) => !s.tls)])], ['grpc', pick(grpcScenarios)]]) {
        if (!peer[transport] || scenarios.length === 0) continue;
        let t = results.targets.find((x) => x.peer === peer.id && x.transport === transport);
        if (!t) results.targets.push((t = { peer: peer.id, label: peer.label, runtime: runtimeOf(peer), transport, scenarioIds: scenarios.map((s) => s.id), scenarios: {} }));
        if (peer.ours && transport === 'grpc' && grpcMissing) {
          t.notMeasured = grpcMissing;
          continue;
        }
        if (runtimeOf(peer) === 'deno' && deno.reason) {
          t.notMeasured = deno.reason;
          continue;
        }
        try {
          const busy = await waitForQuiet(log);
          if (busy > 0.15) t.busyBefore = busy;
          const before = coreSpeedMs();
          await measure(peer, transport, scenarios, t, token);
          delete t.notMeasured; // an earlier round's failure, measured now
          // The slower of before and after; across rounds, the best.
          t.coreSpeedMs = Math.min(t.coreSpeedMs ?? Infinity, Math.max(before, coreSpeedMs()));
        } catch (error) {
          if (Object.keys(t.scenarios).length === 0) t.notMeasured = `failed: ${String(error.message).split('\n')[0]}`;
          log(`${peer.id} ${transport}: ${error.message}`);
        }
      }
    }
  }
  results.goals = evaluateGoals(results);
  if (sink) {
    log(`the OTLP sink received ${(sink.received() / 1e6).toFixed(1)} MB of spans`);
    await sink.close();
  }
}

if (!opt['skip-compiler'] && !opt.profile && (!onlyPeers || opt['compiler-only'])) {
  results.compiler = await compilerScaling(opt.sizes.split(',').map(Number), log);
}

const full = !opt.only && !opt.scenario && !opt.profile && !opt['compiler-only'] && !opt['skip-compiler'];
mkdirSync(bench + 'results', { recursive: true });
const base = bench + (full ? 'results/latest' : 'results/subset');
writeResults(results, base);
process.stdout.write('\n' + markdown(results));
log(`written ${base}.json and ${base}.md`);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function hasExited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** How a dead server went: its signal or code, and the last line it printed. */
function lastWords(child) {
  const line = child.output().trim().split('\n').at(-1)?.trim() ?? '';
  return `${child.signalCode ?? `exit ${child.exitCode}`}${line ? `: ${line.slice(0, 160)}` : ''}`;
}

/** Keeps, across attempts and rounds, the result measured with the server owning its core, then the fastest. */
function keepBest(t, id, result) {
  const old = t.scenarios[id];
  const owned = (r) => (r.cpuShare >= 0.9 ? 1 : 0);
  if (!old || owned(result) > owned(old) || (owned(result) === owned(old) && result.rps > old.rps)) t.scenarios[id] = result;
}

/** Cold start, then one process under every scenario's load (warm-up, measure), then RSS. */
async function measure(peer, transport, scenarios, t, token) {
  if (opt.profile && runtimeOf(peer) !== 'node') throw new Error('--profile profiles Node processes only (node --cpu-prof)');
  if (!opt.profile) {
    log(`${peer.id} ${transport}: cold start ×${params.coldRuns}`);
    const cold = await coldStart(peer, transport, params.coldRuns);
    t.coldStartRunsMs = [...(t.coldStartRunsMs ?? []), ...cold.runsMs];
    t.coldStartMs = median(t.coldStartRunsMs);
  }
  const profileDir = bench + 'results/profiles';
  const exitOnTerm = bench + 'lib/exit-on-term.mjs';
  const nodeArgs = opt.profile ? ['--import', exitOnTerm, '--cpu-prof', '--cpu-prof-dir', profileDir, '--cpu-prof-name', `${peer.id}-${opt.profile}.cpuprofile`] : [];
  let child;
  let restarts = 0;
  const start = async () => {
    child = startServer(peer, transport, { nodeArgs });
    await whenAnswering(child, transport, performance.now());
    await smoke(transport, scenarios, token);
  };
  try {
    await start();
    // Every route is run once before any is measured: the first scenario measured otherwise pays for
    // optimising the code the later ones share (ours measured up to 30% dearer on its first row).
    if (transport === 'http') for (const s of scenarios) await wrk(`http://127.0.0.1:${ports.http}`, s, { seconds: 1, connections: params.connections, token });
    for (const s of scenarios) {
      log(`${peer.id} ${transport}: ${s.id}`);
      const url = `http://127.0.0.1:${ports[transport]}`;
      const load = (warmup) =>
        transport === 'http'
          ? wrk(url, s, { seconds: params.seconds, connections: params.connections, token })
          : h2load(url, s, { seconds: params.seconds, warmup, connections: params.grpcConnections, streams: params.streams });
      if (transport === 'http') await wrk(url, s, { seconds: params.warmup, connections: params.connections, token });
      // A server that got less than 90% of its core was sharing it with something else: measure again (twice at most).
      for (let attempt = 1; attempt <= 3; attempt++) {
        let result;
        try {
          const [cpu, wall] = [cpuSeconds(child), performance.now()];
          result = await load(attempt === 1 ? params.warmup : 1);
          result.cpuShare = (cpuSeconds(child) - cpu) / ((performance.now() - wall) / 1000);
        } catch (error) {
          // The process itself died (a runtime crash, not a wrong answer): the table notes it with the
          // process's last words; a fresh process measures again, twice at most per peer and round.
          if (!hasExited(child) || restarts >= 2) throw error;
          restarts++;
          t.aborts = [...(t.aborts ?? []), lastWords(child)];
          log(`${peer.id} ${s.id}: the server died under load (${t.aborts.at(-1)}); starting a fresh one`);
          await start();
          attempt--;
          continue;
        }
        keepBest(t, s.id, { ...result, attempts: attempt });
        if (result.cpuShare >= 0.9) break;
        log(`${peer.id} ${s.id}: the server used ${(result.cpuShare * 100).toFixed(0)}% of its core; measuring again`);
        await waitForQuiet(log, 30_000);
      }
    }
    t.rssRunsMb = [...(t.rssRunsMb ?? []), rssMb(child)];
    t.rssMb = median(t.rssRunsMb);
  } finally {
    if (child) await stopServer(child);
  }
  if (opt.profile) {
    const summary = summarise(`${profileDir}/${peer.id}-${opt.profile}.cpuprofile`);
    const served = t.scenarios[opt.profile].rps * (params.warmup + params.seconds);
    log(`${peer.id} ${opt.profile}: ${Math.round(t.scenarios[opt.profile].rps)} req/s under the profiler, ~${((summary.busyMs * 1000) / served).toFixed(1)} µs CPU per request`);
    printSummary(summary, log);
  }
}
