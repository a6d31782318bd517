#!/usr/bin/env node
// The longer reliability figures for the README: a soak of the compiled todo example under mixed
// good and hostile load (server RSS sampled from /proc), SIGTERM under load repeated (exit time,
// resets, requests answered after the signal), and three instances behind nginx sharing one
// redis-server (bench/lib/cluster-soak.mjs). Loopback only; every phase stops by itself.
//
//   npm run build && node bench/reliability.mjs                        # 120 s soak, 5 shutdown rounds, 60 s three-instance soak
//   node bench/reliability.mjs --seconds 3 --rounds 1 --connections 8 --cluster-seconds 5  # a quick try
//
// Writes bench/results/reliability.json and prints a Markdown summary.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { clusterSoak } from './lib/cluster-soak.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const main = `${root}examples/todo/dist/examples/todo/src/main.js`;
const JWT_SECRET = 'reliability-bench-secret-of-32-bytes-or-more';

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}
const SOAK_SECONDS = option('seconds', 120);
const ROUNDS = option('rounds', 5);
const CONNECTIONS = option('connections', 32);
const SHUTDOWN_CONNECTIONS = option('shutdown-connections', 50);
const CLUSTER_SECONDS = option('cluster-seconds', 60);

/** Starts the compiled example on free ports; resolves with its pid, port and exit promise. */
function startExample() {
  const child = spawn(process.execPath, [main], { env: { ...process.env, PORT: '0', GRPC_PORT: '0', JWT_SECRET }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example did not start:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk;
      const ready = /HTTP on http:\/\/[^:]+:(\d+)/.exec(output);
      if (!ready) return;
      clearTimeout(timer);
      resolve({ child, port: Number(ready[1]), exited, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const token = () => new SignJWT({ sub: 'bench', roles: ['user'] }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('2h').sign(new TextEncoder().encode(JWT_SECRET));

/** One HTTP exchange on `agent`; resolves with the status, or a string naming the failure. */
function send(port, agent, method, path, headers, body) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, close: res.headers.connection === 'close' }));
      res.on('error', (error) => resolve({ failure: error.code ?? error.message }));
    });
    req.on('error', (error) => resolve({ failure: error.code ?? error.message }));
    req.end(body);
  });
}

/** A client that sends headers and part of a body, then resets the connection. */
function abortMidBody(port, bearer) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`POST /todo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${bearer}\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"na`, () =>
        setTimeout(() => socket.resetAndDestroy(), 2),
      );
    });
    socket.on('close', resolve);
    socket.on('error', resolve);
  });
}

/** The soak's request mix: reads, writes, invalid bodies, forged tokens, aborts, malformed lines. */
async function soak() {
  const server = await startExample();
  const bearer = await token();
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const statuses = {};
  const failures = {};
  const samples = [];
  let n = 0;
  const end = Date.now() + SOAK_SECONDS * 1000;
  const sampler = setInterval(() => samples.push(rssMb(server.child.pid)), 1000);
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const i = n++;
        const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'x-forwarded-for': `198.51.${100 + ((i >> 8) & 15)}.${i & 255}` };
        const kind = i % 10;
        let result;
        if (kind < 4) result = await send(server.port, agent, 'GET', '/todo?limit=20', headers);
        else if (kind < 6) {
          result = await send(server.port, agent, 'POST', '/todo', headers, JSON.stringify({ name: `soak ${i}`, priority: i % 5, colorLabel: '#abc' }));
          if (i % 20 === 4) await send(server.port, agent, 'DELETE', `/todo/${Math.max(1, i >> 1)}`, headers);
        } else if (kind === 6) result = await send(server.port, agent, 'POST', '/todo', headers, '{"name": {"__proto__": {"x": 1}}, "priority": "high"}');
        else if (kind === 7) result = await send(server.port, agent, 'GET', '/todo', { ...headers, authorization: 'Bearer forged.token.value' });
        else if (kind === 8) {
          await abortMidBody(server.port, bearer);
          result = { status: 'aborted' };
        } else result = await send(server.port, agent, 'GET', '/health', {});
        if (result.failure) failures[result.failure] = (failures[result.failure] ?? 0) + 1;
        else statuses[result.status] = (statuses[result.status] ?? 0) + 1;
      }
    }),
  );
  clearInterval(sampler);
  agent.destroy();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  const logged = server.output().split('\n').filter((line) => /error|Unhandled/i.test(line));
  const warm = samples[Math.min(samples.length - 1, 5)] ?? 0;
  return { seconds: SOAK_SECONDS, connections: CONNECTIONS, requests: n, statuses, failures, rssMb: { afterWarmup: warm, max: Math.max(...samples), last: samples.at(-1) }, exitCode: code, loggedErrors: logged.length };
}

/** SIGTERM after a second of load on SHUTDOWN_CONNECTIONS keep-alive connections. */
async function shutdownRound() {
  const server = await startExample();
  const bearer = await token();
  const agent = new Agent({ keepAlive: true, maxSockets: SHUTDOWN_CONNECTIONS });
  let signalledAt = 0;
  const outcome = { answered: 0, answeredAfterSignal: 0, closeAnswers: 0, refused: 0, resets: 0 };
  const loops = Array.from({ length: SHUTDOWN_CONNECTIONS }, async () => {
    for (;;) {
      const result = await send(server.port, agent, 'GET', '/todo?limit=10', { authorization: `Bearer ${bearer}` });
      if (result.failure === 'ECONNREFUSED') return void outcome.refused++;
      if (result.failure) return void outcome.resets++;
      outcome.answered++;
      if (signalledAt) outcome.answeredAfterSignal++;
      if (result.close) {
        outcome.closeAnswers++;
        if (signalledAt) return;
      }
    }
  });
  await new Promise((r) => setTimeout(r, 1000));
  signalledAt = Date.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  const exitMs = Date.now() - signalledAt;
  await Promise.all(loops);
  agent.destroy();
  return { exitMs, exitCode: code, ...outcome };
}

const soakResult = await soak();
const rounds = [];
for (let i = 0; i < ROUNDS; i++) rounds.push(await shutdownRound());

const cluster = CLUSTER_SECONDS > 0 ? await clusterSoak({ main, seconds: CLUSTER_SECONDS, connections: CONNECTIONS, secret: JWT_SECRET }) : { skipped: '--cluster-seconds 0' };

const result = { date: new Date().toISOString(), node: process.version, soak: soakResult, shutdown: rounds, cluster };
mkdirSync(`${root}bench/results`, { recursive: true });
writeFileSync(`${root}bench/results/reliability.json`, `${JSON.stringify(result, null, 2)}\n`);

const exits = rounds.map((r) => r.exitMs).sort((a, b) => a - b);
console.log(`## Reliability (${result.date}, Node ${process.version})\n`);
console.log(`Soak: ${soakResult.requests} requests in ${SOAK_SECONDS} s over ${CONNECTIONS} connections; answers ${JSON.stringify(soakResult.statuses)}; failures ${JSON.stringify(soakResult.failures)}; ` +
  `server RSS ${soakResult.rssMb.afterWarmup.toFixed(1)} MB after warm-up, ${soakResult.rssMb.max.toFixed(1)} MB max, ${soakResult.rssMb.last?.toFixed(1)} MB at the end; exit code ${soakResult.exitCode}; ${soakResult.loggedErrors} error lines logged.\n`);
console.log('| round | exit after SIGTERM | exit code | answered | answered after SIGTERM | `Connection: close` answers | refused after close | resets |');
console.log('|--:|--:|--:|--:|--:|--:|--:|--:|');
rounds.forEach((r, i) => console.log(`| ${i + 1} | ${r.exitMs} ms | ${r.exitCode} | ${r.answered} | ${r.answeredAfterSignal} | ${r.closeAnswers} | ${r.refused} | ${r.resets} |`));
console.log(`\nExit after SIGTERM: median ${exits[Math.floor(exits.length / 2)]} ms, max ${exits.at(-1)} ms (grace period 5000 ms).`);
if (cluster.skipped) console.log(`\nThree instances: skipped (${cluster.skipped}).`);
else {
  console.log(`\nThree instances behind nginx, one redis-server: ${cluster.requests} requests in ${cluster.seconds} s over ${cluster.connections} connections; answers ${JSON.stringify(cluster.statuses)}; ` +
    `failures ${JSON.stringify(cluster.failures)}; ${cluster.redisCommandsPerRequest.toFixed(2)} Redis commands per request; ${cluster.loggedErrors} error lines logged.\n`);
  console.log('| instance | RSS after warm-up | RSS max | RSS at the end | exit code |');
  console.log('|--:|--:|--:|--:|--:|');
  cluster.instances.forEach((instance, i) => console.log(`| ${i + 1} | ${instance.rssMb.afterWarmup.toFixed(1)} MB | ${instance.rssMb.max.toFixed(1)} MB | ${instance.rssMb.last?.toFixed(1)} MB | ${instance.exitCode} |`));
}
