// Turns measurements into the one table (ratios to the floor and to NestJS), the goals, and files.
import { writeFileSync } from 'node:fs';
import { referencesOf } from './peers.mjs';
import { allScenarios } from './scenarios.mjs';

/**
 * The goals. Throughput ratios must reach `min`; cold start and RSS ratios stay under `max`.
 * `ours` is our peer on the goal's runtime (`framework` on Node unless it says otherwise).
 */
const HTTP_ROWS = ['get-list', 'get-one', 'post-valid', 'post-invalid', 'post-nested', 'jwt', 'throttled'];

export const goals = [
  { label: 'plain routes ≥ 0.9× bare Hono', transport: 'http', scenarios: ['get-list', 'get-one'], ref: 'hono', min: 0.9 },
  { label: 'validated POST ≥ 2× NestJS+Fastify', transport: 'http', scenarios: ['post-valid', 'post-invalid', 'post-nested'], ref: 'nest-fastify', min: 2 },
  { label: 'compiled validation ≥ 0.9× bare Hono (hand-written checks)', transport: 'http', scenarios: ['post-valid', 'post-invalid', 'post-nested'], ref: 'hono', min: 0.9 },
  { label: 'JWT route ≥ 1.8× bare Hono (verifies every token)', transport: 'http', scenarios: ['jwt'], ref: 'hono', min: 1.8 },
  { label: 'throttled route ≥ 0.9× bare Hono (hand-written counter)', transport: 'http', scenarios: ['throttled'], ref: 'hono', min: 0.9 },
  { label: 'gRPC unary ≥ 0.95× raw grpc-js', transport: 'grpc', scenarios: ['grpc-get', 'grpc-create'], ref: 'grpc-js', min: 0.95 },
  { label: 'one global interceptor ≥ 0.9× the same routes without', ours: 'framework-interceptor', transport: 'http', scenarios: ['get-list', 'get-one'], ref: 'framework', min: 0.9 },
  { label: 'every HTTP row ≥ 1.05× Fastify 5', transport: 'http', scenarios: HTTP_ROWS, ref: 'fastify', min: 1.05 },
  { label: 'every HTTP row ≥ 0.95× raw node:http', transport: 'http', scenarios: HTTP_ROWS, ref: 'node-http', min: 0.95 },
  { label: 'cold start ≤ 1.2× raw node:http', transport: 'http', metric: 'coldStartMs', ref: 'node-http', max: 1.2 },
  { label: 'RSS after load ≤ 1.1× raw node:http', transport: 'http', metric: 'rssMb', ref: 'node-http', max: 1.1 },
  { label: 'cold start ≤ 1.3× bare Hono', transport: 'http', metric: 'coldStartMs', ref: 'hono', max: 1.3 },
  { label: 'RSS after load ≤ 1.25× bare Hono', transport: 'http', metric: 'rssMb', ref: 'hono', max: 1.25 },
  // On Deno: the same, against the Deno floors.
  {
    label: 'Deno: plain and throttled routes ≥ 0.8× bare Hono on Deno.serve', ours: 'framework-deno', transport: 'http',
    scenarios: ['get-list', 'get-one', 'throttled'], ref: 'hono-deno', min: 0.8,
  },
  { label: 'Deno: compiled validation ≥ 0.9× bare Hono', ours: 'framework-deno', transport: 'http', scenarios: ['post-valid', 'post-invalid', 'post-nested'], ref: 'hono-deno', min: 0.9 },
  { label: 'Deno: JWT route ≥ 1.8× bare Hono', ours: 'framework-deno', transport: 'http', scenarios: ['jwt'], ref: 'hono-deno', min: 1.8 },
  { label: 'Deno: cold start ≤ 1.3× bare Hono', ours: 'framework-deno', transport: 'http', metric: 'coldStartMs', ref: 'hono-deno', max: 1.3 },
  { label: 'Deno: gRPC unary ≥ 0.8× raw grpc-js on Deno', ours: 'framework-deno', transport: 'grpc', scenarios: ['grpc-get', 'grpc-create'], ref: 'grpc-js-deno', min: 0.8 },
];

const fmt = {
  int: (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–'),
  ms: (n) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 2 : 1) : '–'),
  ratio: (n) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : ''),
};

function target(results, peer, transport) {
  return results.targets.find((t) => t.peer === peer && t.transport === transport && !t.notMeasured);
}

function valueOf(t, metric, scenario) {
  if (!t) return NaN;
  return metric === 'rps' ? (t.scenarios[scenario]?.rps ?? NaN) : t[metric];
}

/** Rows of the table: one per (scenario, peer), then cold start and RSS per peer. */
export function tableRows(results) {
  const rows = [];
  // A peer measured while core 0 ran a fixed workload 25% slower than usual is marked.
  const speeds = results.targets.map((t) => t.coreSpeedMs).filter(Number.isFinite).sort((a, b) => a - b);
  const usual = speeds[Math.floor(speeds.length / 2)];
  const slowCore = (t) => (t.coreSpeedMs > 1.25 * usual ? `core 0 ran ${Math.round((100 * t.coreSpeedMs) / usual - 100)}% slow around this peer` : '');
  const refCols = (peer, transport, metric, scenario, value) => {
    const ref = referencesOf(peer, transport);
    const ratio = (other) => (ref.floor === other || ref.nest.includes(other) ? value / valueOf(target(results, other, transport), metric, scenario) : NaN);
    return {
      floor: ratio(ref.floor),
      nestExpress: ratio('nest-express'),
      nestFastify: ratio('nest-fastify'),
      nestGrpc: ratio('nest-grpc'),
    };
  };
  const measures = [
    ...allScenarios.map((s) => ({ transport: s.transport, metric: 'rps', scenario: s.id, label: `${s.label} — req/s` })),
    ...['http', 'grpc'].flatMap((transport) => [
      { transport, metric: 'coldStartMs', label: `cold start ${transport}, ms (lower is better)` },
      { transport, metric: 'rssMb', label: `RSS after ${transport} load, MB (lower is better)` },
    ]),
  ];
  for (const m of measures) {
    for (const t of results.targets.filter((x) => x.transport === m.transport)) {
      if (m.scenario && !t.notMeasured && !t.scenarios[m.scenario]) continue;
      if (m.scenario && t.notMeasured && !t.scenarioIds.includes(m.scenario)) continue;
      const value = valueOf(t, m.metric, m.scenario);
      const s = t.scenarios?.[m.scenario];
      rows.push({
        measure: m.label, peer: t.label, value, p99Ms: s?.p99Ms ?? NaN, errors: s?.errors ?? 0, cpuShare: s?.cpuShare ?? 1,
        note: t.notMeasured
          ? `NOT MEASURED: ${t.notMeasured}`
          : [
              t.busyBefore ? `machine busy (${Math.round(t.busyBefore * 100)}%) before this peer` : '',
              slowCore(t),
              t.aborts ? `the server process died under load ${t.aborts.length}× (${t.aborts[0]}) and was restarted` : '',
            ].filter(Boolean).join('; '), ...refCols(t.peer, m.transport, m.metric, m.scenario, value),
      });
    }
  }
  return rows;
}

/** Each goal per scenario: the ratio and whether it is met, or why it is not measured. */
export function evaluateGoals(results) {
  return goals.flatMap((goal) => {
    const oursId = goal.ours ?? 'framework';
    const ours = results.targets.find((t) => t.peer === oursId && t.transport === goal.transport);
    const ref = target(results, goal.ref, goal.transport);
    return (goal.scenarios ?? [undefined]).map((scenario) => {
      const metric = goal.metric ?? 'rps';
      const what = scenario ? `${goal.label} [${scenario}]` : goal.label;
      if (!ours || ours.notMeasured) return { goal: what, status: 'not measured', detail: ours?.notMeasured ?? 'not run' };
      const ratio = valueOf(ours, metric, scenario) / valueOf(ref, metric, scenario);
      if (!Number.isFinite(ratio)) return { goal: what, status: 'not measured', detail: `${goal.ref} or the scenario was not run` };
      const met = goal.min !== undefined ? ratio >= goal.min : ratio <= goal.max;
      return { goal: what, status: met ? 'met' : 'MISSED', ratio };
    });
  });
}

export function markdown(results) {
  const m = results.machine;
  const p = results.params;
  const out = [
    `# Benchmark results`,
    '',
    `${results.date} — ${m.nproc} cores (${m.cpu}), Node ${m.node}, ${m.deno ?? 'Deno not run'}, ${m.os}; ${m.wrk}; ${m.h2load}.`,
    `Servers on core 0, load generator on core 1, loopback. HTTP: wrk, 1 thread, ${p.connections} connections; ` +
      `gRPC: h2load, ${p.grpcConnections} connections × ${p.streams} streams. Each scenario: ${p.warmup} s warm-up, ${p.seconds} s measured` +
      `${p.rounds > 1 ? `, best of ${p.rounds} rounds` : ''}; repeated (twice at most) when the server got under 90% of its core. ` +
      `Cold start: median of ${p.coldRuns * p.rounds} fresh processes, spawn to first answered request. RSS: after the last scenario.`,
    '',
    '`× floor` divides by the floor on the same runtime: bare Hono (HTTP) or raw grpc-js (gRPC) on Node for Node rows, on Deno for Deno rows. The NestJS columns are for Node rows.',
    '',
    '| measure | peer | value | p99 ms | × floor | × Nest+Express | × Nest+Fastify | × Nest gRPC | note |',
    '|---|---|--:|--:|--:|--:|--:|--:|---|',
  ];
  for (const r of tableRows(results)) {
    const value = r.measure.includes('req/s') ? fmt.int(r.value) : fmt.ms(r.value);
    const share = r.cpuShare < 0.9 ? `server had only ${Math.round(r.cpuShare * 100)}% of its core` : '';
    const note = [r.note, r.errors ? `${r.errors} errors` : '', share].filter(Boolean).join('; ');
    out.push(`| ${r.measure} | ${r.peer} | ${value} | ${fmt.ms(r.p99Ms)} | ${fmt.ratio(r.floor)} | ${fmt.ratio(r.nestExpress)} | ${fmt.ratio(r.nestFastify)} | ${fmt.ratio(r.nestGrpc)} | ${note} |`);
  }
  out.push('', '## Goals', '', '| goal | ratio | status |', '|---|--:|---|');
  for (const g of results.goals) out.push(`| ${g.goal} | ${fmt.ratio(g.ratio)} | ${g.status}${g.detail ? ` (${g.detail})` : ''} |`);
  if (results.compiler) out.push('', ...compilerMarkdown(results.compiler));
  return out.join('\n') + '\n';
}

function compilerMarkdown(c) {
  const out = ['## Compiler scaling', '', c.note, '', '| project | controllers | routes | gRPC services | framework-build s | peak RSS MB | init ms | note |', '|---|--:|--:|--:|--:|--:|--:|---|'];
  for (const r of c.rows) {
    out.push(`| ${r.name} | ${r.controllers} | ${r.routes} | ${r.grpcServices} | ${fmt.ms(r.buildMs / 1000)} | ${fmt.ms(r.peakRssMb)} | ${fmt.ms(r.initMs)} | ${r.note ?? ''} |`);
  }
  return out;
}

export function writeResults(results, base) {
  writeFileSync(`${base}.json`, JSON.stringify(results, null, 2) + '\n');
  writeFileSync(`${base}.md`, markdown(results));
}
