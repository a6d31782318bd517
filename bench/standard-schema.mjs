#!/usr/bin/env node
// Standard Schema bodies: the bench's CreateTodoDto and CreateOrderDto as Zod, Valibot and ArkType
// schemas in our app (`apps/standard-schema`, `@Body({ schema })`), against the compiled
// class-validator rows of the same app and against Fastify 5 validating with the same library
// (`peers/fastify/standard-schema.mjs`). Requests per second with wrk, as ratios. Each server runs
// alone, pinned to core 0; wrk runs on core 1. Run it under the machine's bench lock, briefly:
//
//   npm run build:framework && flock /work/bench.lock node bench/standard-schema.mjs [--seconds 3] [--rounds 1]
import { build } from '@framework/compiler';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { wrk } from './lib/load.mjs';
import { VALID_ORDER, VALID_TODO } from './lib/scenarios.mjs';
import { choosePorts, ports } from './lib/server.mjs';
import { ensurePeers, ensureTools } from './lib/setup.mjs';

const { values: opt } = parseArgs({ options: { seconds: { type: 'string', default: '3' }, rounds: { type: 'string', default: '1' }, connections: { type: 'string', default: '64' } } });
const seconds = Number(opt.seconds);
const connections = Number(opt.connections);
const log = (line) => process.stderr.write(`[standard-schema] ${line}\n`);
const appDir = new URL('./apps/standard-schema/', import.meta.url);

ensureTools(log);
ensurePeers(log);
const built = await build({ srcDir: new URL('src', appDir).pathname, outDir: new URL('generated', appDir).pathname, root: 'AppModule', write: true, openapi: false });
if (!built.ok) throw new Error(built.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));

const servers = [
  { id: 'ours', label: 'Framework (ours)', script: new URL('serve.ts', appDir).pathname, libraries: ['class', 'zod', 'valibot', 'arktype'] },
  { id: 'fastify', label: 'Fastify 5, same library', script: new URL('./peers/fastify/standard-schema.mjs', import.meta.url).pathname, libraries: ['zod', 'valibot', 'arktype'] },
];
const routes = [
  { id: 'todo', body: VALID_TODO },
  { id: 'order', body: VALID_ORDER },
];

function start(server, port) {
  const child = spawn('taskset', ['-c', '0', process.execPath, '--import', 'tsx', server.script], { env: { ...process.env, PORT: String(port), NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`${server.id} exited with ${code}`)));
  });
}

await choosePorts();
/** `${server}/${library}/${route}` → requests per second, best of the rounds. */
const rps = new Map();
for (let round = 0; round < Number(opt.rounds); round++) {
  for (const server of servers) {
    const child = await start(server, ports.http);
    const url = `http://127.0.0.1:${ports.http}`;
    const scenarios = server.libraries.flatMap((library) => routes.map((route) => ({ library, route, method: 'POST', path: `/${library}/${route.id}`, body: route.body, status: 200 })));
    try {
      // Every route warmed before any is measured, so the first measured is not the least optimised.
      for (const scenario of scenarios) await wrk(url, scenario, { seconds: 1, connections });
      for (const scenario of scenarios) {
        const result = await wrk(url, scenario, { seconds, connections });
        if (result.errors > 0) throw new Error(`${server.id} ${scenario.path}: ${result.errors} errors or unexpected statuses`);
        const key = `${server.id}/${scenario.library}/${scenario.route.id}`;
        rps.set(key, Math.max(rps.get(key) ?? 0, result.rps));
        log(`${key}: ${Math.round(result.rps)} req/s, p99 ${result.p99Ms.toFixed(2)} ms`);
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

const ratio = (a, b) => (rps.get(a) / rps.get(b)).toFixed(2);
console.log(`\nStandard Schema bodies, ${seconds} s × ${opt.rounds} round(s), ${connections} connections (req/s; ratios: ours ÷ other)\n`);
console.log('| library | route | ours | ÷ our compiled class-validator | Fastify, same library | ours ÷ Fastify |');
console.log('|---|---|---|---|---|---|');
for (const library of ['zod', 'valibot', 'arktype']) {
  for (const route of routes) {
    const ours = `ours/${library}/${route.id}`;
    const fastify = `fastify/${library}/${route.id}`;
    console.log(`| ${library} | POST /${route.id} | ${Math.round(rps.get(ours))} | ${ratio(ours, `ours/class/${route.id}`)} | ${Math.round(rps.get(fastify))} | ${ratio(ours, fastify)} |`);
  }
}
for (const route of routes) console.log(`| class-validator (compiled) | POST /${route.id} | ${Math.round(rps.get(`ours/class/${route.id}`))} | 1.00 | | |`);
