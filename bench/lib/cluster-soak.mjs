// The three-instance soak of bench/reliability.mjs: three instances of the compiled example behind
// a real nginx, sharing one redis-server (throttler counters and cached answers), under mixed
// load through the balancer. Reports requests, answers, failures, RSS per instance and Redis
// round trips per request (from Redis' own command statistics). Loopback only.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { SignJWT } from 'jose';
import { findNginx } from '../../test/provision/nginx.mjs';
import { nginxConfiguration } from '../../test/reliability/fixtures/nginx-config.mjs';

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Spawns `command` and resolves once its output matches `ready` (60 s at most). */
function started(command, args, env, ready) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not start:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk;
      if (!ready.test(output)) return;
      clearTimeout(timer);
      resolve({ child, exited, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

/** One exchange through the balancer: the status, or the failure's code. */
function send(port, agent, method, path, headers, body) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
      res.on('error', (error) => resolve({ failure: error.code ?? error.message }));
    });
    req.on('error', (error) => resolve({ failure: error.code ?? error.message }));
    req.end(body);
  });
}

/** Total commands Redis ran (its own statistics, without the INFO calls that read them). */
async function redisCommands(redis) {
  const stats = await redis.info('commandstats');
  let calls = 0;
  for (const [, name, count] of stats.matchAll(/cmdstat_([a-z|]+):calls=(\d+)/g)) if (name !== 'info') calls += Number(count);
  return calls;
}

/**
 * Runs the soak for `seconds` over `connections` keep-alive connections to nginx.
 *
 * @example
 * const figures = await clusterSoak({ main, seconds: 30, connections: 32, secret });
 */
export async function clusterSoak({ main, seconds, connections, secret }) {
  const nginxPath = findNginx();
  if (!nginxPath) return { skipped: 'nginx is not installed (node test/provision/nginx.mjs installs it)' };
  const dir = mkdtempSync(join(tmpdir(), 'cluster-soak-'));
  const redisPort = await freePort();
  const redisServer = await started('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {}, /Ready to accept connections/);
  const instances = [];
  for (let i = 0; i < 3; i++) {
    const [http, grpc] = [await freePort(), await freePort()];
    const env = { PORT: String(http), GRPC_PORT: String(grpc), HOST: '127.0.0.1', REDIS_URL: `redis://127.0.0.1:${redisPort}`, JWT_SECRET: secret };
    instances.push({ http, grpc, ...(await started(process.execPath, [main], env, /HTTP on http/)) });
  }
  const [httpPort, grpcPort] = [await freePort(), await freePort()];
  writeFileSync(join(dir, 'nginx.conf'), nginxConfiguration({ dir, httpPort, grpcPort, httpBackends: instances.map((i) => `127.0.0.1:${i.http}`), grpcBackends: instances.map((i) => `127.0.0.1:${i.grpc}`) }));
  const nginx = spawn(nginxPath, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'ignore' });
  const nginxExited = new Promise((resolve) => nginx.once('exit', resolve));
  for (let waited = 0; !(await send(httpPort, undefined, 'GET', '/health/', {}).then((r) => r.status === 200)) && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));

  const redis = new Redis(`redis://127.0.0.1:${redisPort}`);
  const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => new SignJWT({ sub: `user-${i}` }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('2h').sign(new TextEncoder().encode(secret))));
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const statuses = {};
  const failures = {};
  const samples = instances.map(() => []);
  const sampler = setInterval(() => instances.forEach((instance, i) => samples[i].push(rssMb(instance.child.pid))), 1000);
  const commandsBefore = await redisCommands(redis);
  let n = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const i = n++;
        const headers = { authorization: `Bearer ${tokens[i % 50]}`, 'content-type': 'application/json', 'x-forwarded-for': `198.51.${100 + ((i >> 8) & 15)}.${i & 255}` };
        const kind = i % 8;
        const result =
          kind === 0 ? await send(httpPort, agent, 'GET', '/info', {})
          : kind === 1 ? await send(httpPort, agent, 'GET', '/info/me', headers)
          : kind === 2 ? await send(httpPort, agent, 'GET', '/todo?limit=20', headers)
          : kind === 3 ? await send(httpPort, agent, 'POST', '/todo', headers, JSON.stringify({ name: `soak ${i}`, priority: i % 5, colorLabel: '#abc' }))
          : kind === 4 ? await send(httpPort, agent, 'POST', '/auth/login', { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' }, '{"username":"demo","password":"wrong"}')
          : kind === 5 ? await send(httpPort, agent, 'GET', '/todo', { ...headers, authorization: 'Bearer forged.token.value' })
          : await send(httpPort, agent, 'GET', '/health/', {});
        if (result.failure) failures[result.failure] = (failures[result.failure] ?? 0) + 1;
        else statuses[result.status] = (statuses[result.status] ?? 0) + 1;
      }
    }),
  );
  clearInterval(sampler);
  const commands = (await redisCommands(redis)) - commandsBefore;
  agent.destroy();
  redis.disconnect();
  nginx.kill('SIGTERM');
  await nginxExited;
  const logged = [];
  for (const instance of instances) {
    instance.child.kill('SIGTERM');
    instance.exitCode = await instance.exited;
    logged.push(...instance.output().split('\n').filter((line) => /error|Unhandled/i.test(line)));
  }
  redisServer.child.kill('SIGKILL');
  await redisServer.exited;
  rmSync(dir, { recursive: true, force: true });
  return {
    seconds,
    connections,
    requests: n,
    statuses,
    failures,
    redisCommandsPerRequest: commands / n,
    instances: instances.map((instance, i) => ({
      rssMb: { afterWarmup: samples[i][Math.min(samples[i].length - 1, 5)] ?? 0, max: Math.max(...samples[i]), last: samples[i].at(-1) },
      exitCode: instance.exitCode,
    })),
    loggedErrors: logged.length,
  };
}
