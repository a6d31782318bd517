// One cold start, measured on the server itself: spawn, poll until the first request is answered,
// then read the process's CPU time (every thread's run time from /proc, in nanoseconds, not the
// 10 ms ticks of /proc/<pid>/stat) and its resident set; for gRPC, RSS again after a short load.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const peersRequire = createRequire(new URL('../peers/package.json', import.meta.url));

/** A port free at this moment on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** CPU time in ms of every live thread of `pid` (Linux `schedstat`: time on the CPU, in ns). */
export function cpuMsOf(pid) {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return ns / 1e6;
}

/** Resident set of `pid` in MB. */
export function rssMbOf(pid) {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

const httpAnswered = (port, path) =>
  fetch(`http://127.0.0.1:${port}${path}`).then(
    (response) => response.arrayBuffer().then(() => response.status > 0),
    () => false,
  );

let grpcClientClass;
/** A client of todo.TodoService (the example's proto); any status is an answer. */
function grpcClient(port, protoFile) {
  const grpc = peersRequire('@grpc/grpc-js');
  if (!grpcClientClass) {
    const { loadSync } = peersRequire('@grpc/proto-loader');
    grpcClientClass = grpc.loadPackageDefinition(loadSync(protoFile, { keepCase: true })).todo.TodoService;
  }
  return new grpcClientClass(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), { 'grpc.use_local_subchannel_pool': 1 });
}
const grpcCall = (client) =>
  new Promise((resolve) => client.GetTodo({ id: '1' }, { deadline: Date.now() + 2000 }, (error) => resolve(!error || (error.code !== 14 && error.code !== 4))));
const tcpOpen = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
/** The first gRPC answer: the port open, then one call on a fresh channel (no reconnect back-off). */
async function grpcAnswered(port, proto) {
  if (!(await tcpOpen(port))) return undefined;
  const client = grpcClient(port, proto);
  if (await grpcCall(client)) return client;
  client.close();
  return undefined;
}

/**
 * Starts `subject` once and measures it.
 * subject: { command, args, env?, cwd?, transport: 'http' | 'grpc', path?, proto?, loadCalls? }
 * @returns {{ wallMs, cpuMs, rssMb, rssAfterLoadMb? }}
 */
export async function startOnce(subject) {
  const [port, grpcPort] = [await freePort(), await freePort()];
  const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...subject.env, PORT: String(port), GRPC_PORT: String(grpcPort) };
  const started = performance.now();
  const child = spawn(subject.command, subject.args, { env, cwd: subject.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let client;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${subject.command} ${subject.args.join(' ')} exited (${child.exitCode}):\n${output}`);
      if (performance.now() - started > 30_000) throw new Error(`no answer within 30 s:\n${output}`);
      if (subject.transport === 'grpc' ? (client = await grpcAnswered(grpcPort, subject.proto)) : await httpAnswered(port, subject.path ?? '/health')) break;
      await sleep(2);
    }
    const wallMs = performance.now() - started;
    const result = { wallMs, cpuMs: cpuMsOf(child.pid), rssMb: rssMbOf(child.pid) };
    if (client && subject.loadCalls) {
      for (let i = 0; i < subject.loadCalls; i += 10) await Promise.all(Array.from({ length: 10 }, () => grpcCall(client)));
      result.rssAfterLoadMb = rssMbOf(child.pid);
    }
    return result;
  } finally {
    client?.close();
    // SIGTERM, as a platform stops a process (Node writes its compile cache on the way out), then SIGKILL.
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(killer);
  }
}
