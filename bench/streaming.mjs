#!/usr/bin/env node
// Streaming over HTTP: events per second through one server-sent event stream, messages per second
// through one WebSocket (pushed by the server; echoed with validation, 64 in flight), and the
// server's memory with many idle streams and sockets open, of our app (`apps/streaming`) against
// a hand-written node:http + ws peer (`apps/streaming/peer.mjs`) doing the same, as ratios. Each
// server runs alone, pinned to core 0; the clients run here, on core 1.
//
//   npm run build:framework && node bench/streaming.mjs [--seconds 3] [--rounds 1] [--idle 10000] [--only sse,push,echo,memory]
//   node bench/streaming.mjs --profile sse|push|echo   # that figure alone, each server under --cpu-prof, summarised
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { printSummary, summarise } from './lib/profile.mjs';
import { buildStreamingApp, GENERATOR_PEER, openIdle, startStreamingServer, STREAMING_SERVERS } from './apps/streaming/servers.mjs';
import { choosePorts, ports } from './lib/server.mjs';

const { values: opt } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '1' },
    idle: { type: 'string', default: '10000' },
    profile: { type: 'string' },
    // A shorter run: only these figures (the throughput ones by name, `memory` for the idle ones).
    only: { type: 'string', default: 'sse,push,echo,memory' },
  },
});
const only = new Set(opt.only.split(','));
const seconds = Number(opt.seconds);
const idle = Number(opt.idle);
const log = (line) => process.stderr.write(`[streaming] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

await buildStreamingApp();

/** The server's resident memory and its heap in use, after a full garbage collection (the server prints `heap <bytes>` on SIGUSR2). */
async function memoryOf(child) {
  const heap = new Promise((resolve) => {
    const read = (chunk) => {
      const match = /heap (\d+)/.exec(String(chunk));
      if (!match) return;
      child.stdout.off('data', read);
      resolve(Number(match[1]));
    };
    child.stdout.on('data', read);
  });
  child.kill('SIGUSR2');
  const heapUsed = await heap;
  await sleep(300);
  return { rss: Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) * 1024, heap: heapUsed };
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

/**
 * The server's RSS and heap growth per idle connection (an event stream or an upgraded socket
 * each), `idle` of them, in a fresh process: memory another figure freed would otherwise be
 * reused and hide part of the growth.
 */
async function idleMemory(server, kind) {
  await choosePorts();
  const child = await startStreamingServer(server, ports.http);
  try {
    await openIdle(ports.http, kind, 1).then((warm) => warm.forEach((socket) => socket.destroy()));
    await sleep(300);
    const before = await memoryOf(child);
    const sockets = await openIdle(ports.http, kind, idle);
    const after = await memoryOf(child);
    for (const socket of sockets) socket.destroy();
    return { rss: (after.rss - before.rss) / idle, heap: (after.heap - before.heap) / idle };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const rates = { sse: sseRate, push: pushRate, echo: echoRate };

if (opt.profile) {
  if (!rates[opt.profile]) throw new Error(`--profile takes one of ${Object.keys(rates).join(', ')}`);
  const dir = new URL('./results/profiles/', import.meta.url).pathname;
  for (const server of STREAMING_SERVERS) {
    await choosePorts();
    const name = `streaming-${server.id}-${opt.profile}.cpuprofile`;
    const child = await startStreamingServer(server, ports.http, ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-name', name]);
    try {
      await rates[opt.profile](ports.http); // warm-up
      log(`${server.label}: ${Math.round(await rates[opt.profile](ports.http)).toLocaleString('en')} ${opt.profile} per second under the profiler`);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    printSummary(summarise(dir + name), (line) => console.log(`[${server.id}] ${line}`));
  }
  process.exit(0);
}

const results = {};
/** The lower (memory) or higher (rates) of two rounds' figures. */
const better = (best, figures) => (best ? Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, /(Bytes|Heap)$/.test(k) ? Math.min(v, best[k]) : Math.max(v, best[k])])) : figures);
for (let round = 0; round < Number(opt.rounds); round++) {
  for (const server of STREAMING_SERVERS) {
    await choosePorts();
    const port = ports.http;
    log(`round ${round + 1}: ${server.label} on ${port}…`);
    const figures = {};
    const throughput = Object.keys(rates).filter((name) => only.has(name));
    if (throughput.length > 0) {
      const child = await startStreamingServer(server, port);
      try {
        await sseRate(port); // warm-up
        for (const name of throughput) figures[name] = await rates[name](port);
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
    if (only.has('memory')) {
      const sseIdle = await idleMemory(server, 'sse');
      const wsIdle = await idleMemory(server, 'ws');
      Object.assign(figures, { sseIdleBytes: sseIdle.rss, sseIdleHeap: sseIdle.heap, wsIdleBytes: wsIdle.rss, wsIdleHeap: wsIdle.heap });
    }
    results[server.id] = better(results[server.id], figures);
  }
  if (only.has('memory')) {
    log(`round ${round + 1}: ${GENERATOR_PEER.label}…`);
    const sseIdle = await idleMemory(GENERATOR_PEER, 'sse');
    const wsIdle = await idleMemory(GENERATOR_PEER, 'ws');
    results[GENERATOR_PEER.id] = better(results[GENERATOR_PEER.id], { sseIdleBytes: sseIdle.rss, sseIdleHeap: sseIdle.heap, wsIdleBytes: wsIdle.rss, wsIdleHeap: wsIdle.heap });
  }
}

const ours = results.framework;
const peer = results.peer;
const alike = results[GENERATOR_PEER.id];
// Memory rows add the peer whose handlers are `async *` like ours: the framework's own share.
const alikeCells = (key) => (alike?.[key] === undefined ? ' | |' : ` ${Math.round(alike[key]).toLocaleString('en')} | ${(alike[key] / ours[key]).toFixed(2)}× |`);
const row = (what, key, unit, lowerIsBetter = false) => ours[key] === undefined ? '' : `| ${what} | ${Math.round(ours[key]).toLocaleString('en')} ${unit} | ${Math.round(peer[key]).toLocaleString('en')} | ${(lowerIsBetter ? peer[key] / ours[key] : ours[key] / peer[key]).toFixed(2)}× |${lowerIsBetter ? alikeCells(key) : ' | |'}`;
console.log(`Node ${process.version}, load average ${loadavg().map((load) => load.toFixed(1)).join(' ')} at the end`);
console.log(['| figure | ours | hand-written | × hand-written | hand-written, async * handlers | × those |', '|---|--:|--:|--:|--:|--:|',
  row('SSE: events/s through one stream', 'sse', 'ev/s'),
  row('WebSocket: messages/s pushed through one socket', 'push', 'msg/s'),
  row('WebSocket: validated echoes/s through one socket (64 in flight)', 'echo', 'msg/s'),
  row(`memory (RSS) per idle event stream (${idle.toLocaleString('en')} open)`, 'sseIdleBytes', 'bytes', true),
  row(`heap per idle event stream (${idle.toLocaleString('en')} open)`, 'sseIdleHeap', 'bytes', true),
  row(`memory (RSS) per idle socket (${idle.toLocaleString('en')} open)`, 'wsIdleBytes', 'bytes', true),
  row(`heap per idle socket (${idle.toLocaleString('en')} open)`, 'wsIdleHeap', 'bytes', true),
].filter(Boolean).join('\n'));
