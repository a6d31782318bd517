#!/usr/bin/env node
// What an idle event stream or socket keeps on the server's heap, object by object: a heap
// snapshot of our app (`apps/streaming`) and of the hand-written peer before and after `--idle`
// idle connections, the difference per connection grouped by constructor (or closure name), the
// largest first. The tool for finding what an idle connection need not keep.
//
//   npm run build:framework && node bench/streaming-heap.mjs [--kind sse|ws] [--idle 2000] [--top 25] [--only framework|peer|peer-generator]
//   node bench/streaming-heap.mjs --kind sse --why 'array:(object elements)' [--why …]   # what keeps those groups' new objects alive
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { whyKept } from './lib/heap-retainers.mjs';
import { buildStreamingApp, GENERATOR_PEER, openIdle, startStreamingServer, STREAMING_SERVERS } from './apps/streaming/servers.mjs';
import { choosePorts, ports } from './lib/server.mjs';

const { values: opt } = parseArgs({
  options: {
    kind: { type: 'string', default: 'ws' },
    idle: { type: 'string', default: '2000' },
    top: { type: 'string', default: '25' },
    only: { type: 'string' },
    why: { type: 'string', multiple: true },
  },
});
const idle = Number(opt.idle);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Bytes and count per `type:name` of every node in a snapshot. */
function groupsOf(file) {
  const { snapshot, nodes, strings } = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snapshot.meta.node_fields;
  const [types] = snapshot.meta.node_types;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const groups = new Map();
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt]];
    // Strings and numbers by type alone: their "names" are their values.
    const name = ['string', 'concatenated string', 'sliced string', 'number', 'heap number'].includes(type) ? '' : strings[nodes[i + nameAt]].slice(0, 60);
    const key = `${type}:${name}`;
    const group = groups.get(key) ?? { bytes: 0, count: 0 };
    group.bytes += nodes[i + sizeAt];
    group.count += 1;
    groups.set(key, group);
  }
  return groups;
}

/** Writes a heap snapshot of the child (it runs with --heapsnapshot-signal=SIGUSR1) and returns its file. */
async function snapshotOf(child, dir) {
  const known = new Set(readdirSync(dir));
  child.kill('SIGUSR1');
  for (;;) {
    await sleep(500);
    const file = readdirSync(dir).find((name) => name.endsWith('.heapsnapshot') && !known.has(name));
    if (!file) continue;
    // Written once its size stops changing.
    const size = statSync(join(dir, file)).size;
    await sleep(1000);
    if (statSync(join(dir, file)).size === size && size > 0) return join(dir, file);
  }
}

// The generator-shaped peer only when asked for (`--only peer-generator`).
for (const server of [...STREAMING_SERVERS, GENERATOR_PEER].filter((s) => (opt.only ? s.id === opt.only : s !== GENERATOR_PEER))) {
  if (server.id === 'framework') await buildStreamingApp();
  await choosePorts();
  const dir = mkdtempSync(join(tmpdir(), 'streaming-heap-'));
  const child = await startStreamingServer(server, ports.http, ['--heapsnapshot-signal=SIGUSR1', `--diagnostic-dir=${dir}`]);
  try {
    // One connection first, so that what is built once (the `ws` server, compiled code) is in both snapshots.
    const warm = await openIdle(ports.http, opt.kind, 1);
    const beforeFile = await snapshotOf(child, dir);
    const sockets = await openIdle(ports.http, opt.kind, idle);
    const afterFile = await snapshotOf(child, dir);
    for (const socket of [...warm, ...sockets]) socket.destroy();
    if (opt.why) {
      for (const key of opt.why) {
        console.log(`\n${server.label}: what keeps each new ${key} (per connection, its size, then its retainers)`);
        for (const { perConnection, chain } of whyKept(beforeFile, afterFile, key, idle).slice(0, Number(opt.top))) console.log(`${perConnection.toFixed(2)}  ${chain}`);
      }
      continue;
    }
    const before = groupsOf(beforeFile);
    const after = groupsOf(afterFile);
    const rows = [...after].map(([key, { bytes, count }]) => {
      const old = before.get(key) ?? { bytes: 0, count: 0 };
      return { key, bytes: (bytes - old.bytes) / idle, count: (count - old.count) / idle };
    });
    const total = rows.reduce((sum, row) => sum + row.bytes, 0);
    console.log(`\n${server.label}: ${Math.round(total)} bytes of heap per idle ${opt.kind === 'sse' ? 'event stream' : 'socket'} (${idle} open)`);
    console.log('| bytes | objects | type:name |\n|--:|--:|---|');
    for (const row of rows.sort((a, b) => b.bytes - a.bytes).slice(0, Number(opt.top))) {
      console.log(`| ${row.bytes.toFixed(0)} | ${row.count.toFixed(2)} | ${row.key} |`);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}
