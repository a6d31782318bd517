#!/usr/bin/env node
// Streaming over HTTP: events per second through one server-sent event stream, messages per second
// through one WebSocket (pushed by the server; echoed with validation, 64 in flight), and the
// server's memory with many idle streams and sockets open, of our app (`apps/streaming`) against
// a hand-written node:http + ws peer (`apps/streaming/peer.mjs`) doing the same, as ratios. Each
// server runs alone, pinned to core 0; the clients run here, on core 1.
//
//   npm run build:framework && node bench/streaming.mjs [--seconds 3] [--rounds 1] [--idle 10000]
import { build } from '@framework/compiler';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { choosePorts, ports } from './lib/server.mjs';

const { values: opt } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '1' },
    idle: { type: 'string', default: '10000' },
  },
});
const seconds = Number(opt.seconds);
const idle = Number(opt.idle);
const log = (line) => process.stderr.write(`[streaming] ${line}\n`);
const appDir = new URL('./apps/streaming/', import.meta.url);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const built = await build({ srcDir: new URL('src', appDir).pathname, outDir: new URL('generated', appDir).pathname, root: 'AppModule', write: true });
if (!built.ok) throw new Error(built.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));

const servers = [
  { id: 'framework', label: 'ours (@Sse / @Ws)', script: new URL('serve.ts', appDir).pathname },
  { id: 'peer', label: 'hand-written node:http + ws', script: new URL('peer.mjs', appDir).pathname },
];

function start(server, port) {
  const child = spawn('taskset', ['-c', '0', process.execPath, '--expose-gc', '--import', 'tsx', server.script], { env: { ...process.env, PORT: String(port), NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`${server.id} exited with ${code}`)));
  });
}
/** The server's resident memory after a full garbage collection. */
async function rssOf(child) {
  child.kill('SIGUSR2');
  await sleep(500);
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) * 1024;
}

/** Events per second of one stream read to its end, repeated for `seconds`. */
async function sseRate(port) {
  let events = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const response = await fetch(`http://127.0.0.1:${port}/ticks?count=100000`);
    const reader = response.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      // Each event ends with a blank line: count them in the bytes.
      for (let i = 1; i < value.length; i++) if (value[i] === 10 && value[i - 1] === 10) events++;
    }
  }
  return events / ((performance.now() - started) / 1000);
}

const opened = (socket) => new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject); });

/** Messages per second pushed through one socket, read as they come. */
async function pushRate(port) {
  let messages = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/flood?count=100000`);
    socket.on('message', () => messages++);
    await new Promise((resolve) => socket.once('close', resolve));
  }
  return messages / ((performance.now() - started) / 1000);
}

/** Echoed messages per second through one socket, `window` in flight. */
async function echoRate(port, window = 64) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/echo`);
  await opened(socket);
  let answers = 0;
  let n = 0;
  const send = () => socket.send(JSON.stringify({ text: 'hello', n: n++ }));
  socket.on('message', () => {
    answers++;
    send();
  });
  for (let i = 0; i < window; i++) send();
  await sleep(seconds * 1000);
  const rate = answers / seconds;
  socket.terminate();
  return rate;
}

/** Opens `count` idle connections (raw sockets: an event stream or an upgraded socket each) and returns the server's RSS growth per connection. */
async function idleMemory(child, port, kind) {
  const before = await rssOf(child);
  const sockets = [];
  const request = kind === 'sse'
    ? 'GET /idle HTTP/1.1\r\nhost: x\r\n\r\n'
    : 'GET /echo HTTP/1.1\r\nhost: x\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-version: 13\r\n\r\n';
  for (let i = 0; i < idle; i += 500) {
    await Promise.all(Array.from({ length: Math.min(500, idle - i) }, () => new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      socket.once('data', resolve);
      socket.once('error', reject);
      sockets.push(socket);
    })));
  }
  const after = await rssOf(child);
  for (const socket of sockets) socket.destroy();
  await sleep(500);
  return (after - before) / idle;
}

const results = {};
for (let round = 0; round < Number(opt.rounds); round++) {
  for (const server of servers) {
    await choosePorts();
    const port = ports.http;
    log(`round ${round + 1}: ${server.label} on ${port}…`);
    const child = await start(server, port);
    try {
      await sseRate(port); // warm-up
      const figures = { sse: await sseRate(port), push: await pushRate(port), echo: await echoRate(port) };
      figures.sseIdleBytes = await idleMemory(child, port, 'sse');
      figures.wsIdleBytes = await idleMemory(child, port, 'ws');
      const best = results[server.id];
      results[server.id] = best ? Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, k.endsWith('Bytes') ? Math.min(v, best[k]) : Math.max(v, best[k])])) : figures;
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

const ours = results.framework;
const peer = results.peer;
const row = (what, key, unit, lowerIsBetter = false) => `| ${what} | ${Math.round(ours[key]).toLocaleString('en')} ${unit} | ${Math.round(peer[key]).toLocaleString('en')} | ${(lowerIsBetter ? peer[key] / ours[key] : ours[key] / peer[key]).toFixed(2)}× |`;
console.log(['| figure | ours | hand-written | × hand-written |', '|---|--:|--:|--:|',
  row('SSE: events/s through one stream', 'sse', 'ev/s'),
  row('WebSocket: messages/s pushed through one socket', 'push', 'msg/s'),
  row('WebSocket: validated echoes/s through one socket (64 in flight)', 'echo', 'msg/s'),
  row(`memory per idle event stream (${idle.toLocaleString('en')} open)`, 'sseIdleBytes', 'bytes', true),
  row(`memory per idle socket (${idle.toLocaleString('en')} open)`, 'wsIdleBytes', 'bytes', true),
].join('\n'));
