#!/usr/bin/env node
// Cold start of the bench's own apps, unbundled (issue 42's goal: ours ≤ 1.1× raw node:http):
// `coldStart`'s way (bench/lib/server.mjs: spawned on core 0, polled until the first answer), the
// peers alternated start by start, with the server's CPU time read at its first answer beside the
// wall time. Prints the medians and the paired ratios with their range.
//
//   node -e "import('./bench/lib/setup.mjs').then((m) => m.buildFramework())"   # once: the app's tables and tsc
//   node bench/cold-start/unbundled.mjs [--runs 11] [--only framework,node-http]
import { loadavg } from 'node:os';
import { peers } from '../lib/peers.mjs';
import { choosePorts, startServer, stopServer, whenAnswering } from '../lib/server.mjs';
import { cpuMsOf } from './measure.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const runs = Number(option('--runs', '11'));
const ids = option('--only', 'node-http,framework').split(',');
const chosen = ids.map((id) => {
  const peer = peers.find((p) => p.id === id);
  if (!peer) throw new Error(`no peer ${id} in bench/lib/peers.mjs`);
  return peer;
});
const floor = chosen[0];
const results = new Map(chosen.map((peer) => [peer.id, []]));
const load = [loadavg()[0]];

await choosePorts();
// Round 0 is not counted: files in the page cache.
for (let round = 0; round <= runs; round++) {
  for (const peer of chosen) {
    const startedAt = performance.now();
    const child = startServer(peer, 'http');
    try {
      const wallMs = await whenAnswering(child, 'http', startedAt);
      if (round > 0) results.get(peer.id).push({ wallMs, cpuMs: cpuMsOf(child.pid) });
    } finally {
      await stopServer(child);
    }
  }
  load.push(loadavg()[0]);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ratio = (values) => `${median(values).toFixed(2)}× (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
console.log(`${runs} alternated starts each, Node ${process.versions.node}, load average ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}; floor: ${floor.id}`);
for (const peer of chosen) {
  const rows = results.get(peer.id);
  const base = results.get(floor.id);
  const paired = (key) => ratio(rows.map((row, i) => row[key] / base[i][key]));
  console.log(`${peer.id}: wall ${median(rows.map((r) => r.wallMs)).toFixed(1)} ms ${paired('wallMs')}, CPU ${median(rows.map((r) => r.cpuMs)).toFixed(1)} ms ${paired('cpuMs')}`);
}
