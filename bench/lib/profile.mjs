// Summarises a .cpuprofile: where the time goes, by package and by function (self and inclusive).
import { readFileSync } from 'node:fs';

/** Which package a frame belongs to; ours is runtime/core and runtime/grpc. */
export function originOf(url) {
  if (!url) return '(native, GC, idle)';
  if (url.includes('/runtime/core/')) return 'OURS @framework/core';
  if (url.includes('/runtime/grpc/')) return 'OURS @framework/grpc';
  if (url.includes('/bench/apps/')) return 'bench app code';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

function frameName({ functionName, url, lineNumber }) {
  const file = url ? url.replace(/^.*\/(runtime|node_modules|bench)\//, '$1/') : '';
  return `${functionName || '(anonymous)'} ${file}${url ? `:${lineNumber + 1}` : ''}`;
}

/** Self and inclusive time per function and per origin, in % of busy (non-idle) samples. */
export function summarise(path, top = 25) {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const inclusive = new Map();
  const inclusiveAll = new Map();
  const origins = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (node.callFrame.functionName === '(idle)') return;
    busy += dt;
    const name = frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + dt);
    const origin = originOf(node.callFrame.url);
    origins.set(origin, (origins.get(origin) ?? 0) + dt);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at).callFrame;
      const key = frameName(frame);
      if (seen.has(key) || !frame.url) continue;
      seen.add(key);
      inclusiveAll.set(key, (inclusiveAll.get(key) ?? 0) + dt);
      if (frame.url.includes('/runtime/')) inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    }
  });
  const pct = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, t]) => ({ name, pct: (100 * t) / busy }));
  return { busyMs: busy / 1000, origins: pct(origins), self: pct(self), oursInclusive: pct(inclusive), inclusive: pct(inclusiveAll) };
}

export function printSummary(summary, log) {
  const lines = (rows) => rows.map((r) => `  ${r.pct.toFixed(1).padStart(5)}%  ${r.name}`).join('\n');
  log(`busy CPU ${summary.busyMs.toFixed(0)} ms\nby package (self time):\n${lines(summary.origins)}`);
  log(`top functions (self time):\n${lines(summary.self)}`);
  log(`our functions (inclusive time: them and what they call):\n${lines(summary.oursInclusive)}`);
  log(`all functions (inclusive time):\n${lines(summary.inclusive)}`);
}
