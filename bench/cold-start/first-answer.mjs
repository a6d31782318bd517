#!/usr/bin/env node
// Cold start, spawn to first answer: starts `command args…` (PORT=0), reads the port from the
// line it prints (`HTTP on http://<host>:<port>`), sends GET /health until one is answered, and
// prints the milliseconds from the spawn to that answer; then stops the server. `--runs N` starts
// it N times, one after another, and prints min, median and max.
//
//   node bench/cold-start/first-answer.mjs --runs 15 -- node examples/todo/dist/bundle/main.mjs
//   node bench/cold-start/first-answer.mjs --runs 15 -- node bench/cold-start/raw-http.mjs
import { spawn } from 'node:child_process';
import { request } from 'node:http';

const separator = process.argv.indexOf('--');
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 && runsAt < separator ? Number(process.argv[runsAt + 1]) : 1;
const [command, ...args] = process.argv.slice(separator + 1);
if (separator < 0 || !command) {
  console.error('usage: first-answer.mjs [--runs N] -- <command> [args…]');
  process.exit(2);
}

const get = (port) =>
  new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/health', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.end();
  });

/** One cold start: ms from spawn to the first answered request. */
function once() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env: { ...process.env, PORT: '0', GRPC_PORT: '0', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', async (chunk) => {
      out += chunk;
      const port = /HTTP on http:\/\/[^\s:]+:(\d+)/.exec(out)?.[1];
      if (!port || child.answered) return;
      child.answered = true;
      while ((await get(Number(port))) === 0);
      const ms = performance.now() - started;
      child.once('exit', () => resolve(ms));
      child.kill('SIGTERM');
    });
    child.once('exit', (code) => child.answered || reject(new Error(`${command} exited (${code}) before answering: ${out}`)));
  });
}

const times = [];
for (let i = 0; i < runs; i++) times.push(await once());
times.sort((a, b) => a - b);
const f = (ms) => ms.toFixed(1);
console.log(runs === 1 ? `${f(times[0])} ms` : `spawn to first answer, ${runs} runs: min ${f(times[0])} ms, median ${f(times[Math.floor(runs / 2)])} ms, max ${f(times[runs - 1])} ms`);
