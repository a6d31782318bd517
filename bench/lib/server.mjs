// Starts one server alone, pinned to core 0, and knows when it answers.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { denoRunArgs, findDeno } from './deno.mjs';
import { runtimeOf } from './peers.mjs';

const peersRequire = createRequire(new URL('../peers/package.json', import.meta.url));
const benchDir = new URL('..', import.meta.url).pathname;

/** Free ports picked at start (`choosePorts`), so two runs on one machine do not answer each other. */
export const ports = { http: 0, grpc: 0 };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function choosePorts() {
  ports.http = await freePort();
  ports.grpc = await freePort();
}

/** Options every Node peer starts with (`BENCH_NODE_ARGS='--no-allocation-site-pretenuring'`): the same for all, so their ratios stay fair. */
const everyNodeArg = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean) : [];

/** The command that runs a peer's server for a transport: node, or deno with its permissions. */
function commandOf(peer, transport, nodeArgs) {
  const script = benchDir + peer[transport];
  if (runtimeOf(peer) === 'node') return [process.execPath, ...everyNodeArg, ...nodeArgs, script];
  const deno = findDeno();
  if (deno.reason) throw new Error(deno.reason);
  return [deno.path, ...denoRunArgs(script, (peer.read?.[transport] ?? []).map((file) => benchDir + file), peer.sys?.[transport] ?? [])];
}

/**
 * Spawns the peer's server for `transport` on core 0 (GRPC_PORT is set only for gRPC targets: our
 * app serves gRPC only then). `nodeArgs` go before the script of a Node peer (e.g. --cpu-prof).
 * Use `whenAnswering` to wait.
 */
export function startServer(peer, transport, { nodeArgs = [] } = {}) {
  const env = { ...process.env, ...peer.env, PORT: String(ports.http), NODE_ENV: 'production' };
  delete env.GRPC_PORT;
  if (transport === 'grpc') env.GRPC_PORT = String(ports.grpc);
  const child = spawn('taskset', ['-c', '0', ...commandOf(peer, transport, nodeArgs)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: benchDir,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.output = () => output;
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return child;
}

/** Stops the server (SIGTERM, then SIGKILL after 5 s) and waits for its exit. */
export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await child.exited;
  clearTimeout(timer);
}

/** Resident set size of the process in MB (VmRSS). */
export function rssMb(child) {
  const line = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
}

/** CPU seconds (user + system, all threads) the process has used; /proc counts in 1/100 s. */
export function cpuSeconds(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) under load:\n${child.output().slice(-2000)}`);
  }
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function tcpOpen(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** One unary call with a fresh channel (no shared subchannel, so no reconnect back-off). */
export function grpcCall(rpc, message, deadlineMs = 10_000) {
  const grpc = peersRequire('@grpc/grpc-js');
  const { loadSync } = peersRequire('@grpc/proto-loader');
  const proto = grpc.loadPackageDefinition(loadSync(benchDir + 'apps/framework/src/grpc/todo.proto', { keepCase: true, defaults: true }));
  const client = new proto.todo.TodoService(`127.0.0.1:${ports.grpc}`, grpc.credentials.createInsecure(), { 'grpc.use_local_subchannel_pool': 1 });
  return new Promise((resolve, reject) => {
    client[rpc](message, { deadline: Date.now() + deadlineMs }, (error, reply) => {
      client.close();
      error ? reject(error) : resolve(reply);
    });
  });
}

/** Polls until the server answers its first request; resolves with ms since `startedAt`. */
export async function whenAnswering(child, transport, startedAt, timeoutMs = 30_000, scheme = 'http') {
  while (performance.now() - startedAt < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${child.output()}`);
    // A TLS server (self-signed) is ready once its port accepts connections.
    if (scheme === 'https') {
      if (await tcpOpen(ports.http)) return performance.now() - startedAt;
    } else if (transport === 'http') {
      const answered = await fetch(`http://127.0.0.1:${ports.http}/todo`).then((r) => r.text().then(() => r.ok), () => false);
      if (answered) return performance.now() - startedAt;
    } else if (await tcpOpen(ports.grpc)) {
      await grpcCall('GetTodo', { id: '1' });
      return performance.now() - startedAt;
    }
    await sleep(2);
  }
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${child.output()}`);
}

/** Time from spawn to first answered request, median of `runs` fresh processes. */
export async function coldStart(peer, transport, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const startedAt = performance.now();
    const child = startServer(peer, transport);
    try {
      times.push(await whenAnswering(child, transport, startedAt));
    } finally {
      await stopServer(child);
    }
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)], runsMs: times };
}
