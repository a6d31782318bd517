#!/usr/bin/env node
// Cold start of the todo example, bundled, beside raw node:http, the peers and each runtime's
// floor: spawn to the first answered request, in CPU time of the server process (every thread,
// read at the answer) and wall time, alternated subject by subject in each round so the ratios
// are paired; the gRPC rows also give RSS after 2,000 calls. Prints one markdown table.
//
//   npm run build:framework && npm run generate
//   node bench/cold-start.mjs [--runs 5] [--only example-http,node-http] [--keep <dir>]
//
// Subjects: bench/cold-start/subjects.mjs. NestJS is bundled with esbuild (bench/cold-start/nest-bundle.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOnce } from './cold-start/measure.mjs';
import { bundleNest } from './cold-start/nest-bundle.mjs';
import { bundleExample, subjects } from './cold-start/subjects.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const runs = Number(option('--runs', '5'));
const kept = option('--keep');
const dir = kept ?? mkdtempSync(join(tmpdir(), 'cold-start-'));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const range = (values) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
const ms = (values) => `${median(values).toFixed(1)} ms (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;

try {
  console.error(`bundling into ${dir}…`);
  bundleExample(dir);
  const nest = await bundleNest(dir);
  if (!nest.ok) console.error(`NestJS not bundled: ${nest.reason}`);
  const all = subjects(dir);
  const wanted = option('--only')?.split(',') ?? Object.keys(all);
  const chosen = new Set(wanted);
  // A ratio needs its floor in the same rounds.
  for (const id of wanted) if (all[id]) chosen.add(all[id].floor);
  const ids = [...chosen].filter((id) => all[id] && !all[id].missing);
  const results = Object.fromEntries(ids.map((id) => [id, []]));
  // One start of each first, not counted: files in the page cache, Node's compile cache written.
  for (const id of ids) await startOnce(all[id]).catch(() => undefined);
  const load = [loadavg()[0]];
  for (let round = 0; round < runs; round++) {
    for (const id of ids.filter((i) => !all[i].missing)) {
      try {
        results[id].push(await startOnce(all[id]));
      } catch (error) {
        // One subject that cannot start does not stop the others: its row says why.
        all[id].missing = `failed: ${String(error.message).split('\n').slice(0, 2).join(' ')}`;
      }
    }
    load.push(loadavg()[0]);
    console.error(`round ${round + 1}/${runs} done, load average ${loadavg()[0].toFixed(1)}`);
  }
  console.log(`\n${runs} alternated starts each, Node ${process.versions.node}, load average ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}; median (min–max); ratios paired round by round.\n`);
  console.log('| subject | CPU to first answer | × floor (CPU) | wall to first answer | × floor (wall) | RSS at first answer | RSS after 2,000 calls (× floor) | floor |');
  console.log('|---|--:|--:|--:|--:|--:|--:|---|');
  for (const id of Object.keys(all).filter((i) => wanted.includes(i) || ids.includes(i))) {
    const subject = all[id];
    if (subject.missing) {
      console.log(`| ${subject.label} | not measured: ${subject.missing.split('\n')[0]} | | | | | | |`);
      continue;
    }
    const rows = results[id];
    const floorRows = all[subject.floor].missing ? rows.map(() => ({ cpuMs: NaN, wallMs: NaN, rssAfterLoadMb: NaN })) : results[subject.floor];
    const paired = (key) => {
      const ratios = rows.map((r, i) => r[key] / floorRows[i][key]);
      return id === subject.floor ? '1' : `${median(ratios).toFixed(2)}× (${range(ratios)})`;
    };
    const rssLoad = rows[0].rssAfterLoadMb === undefined ? '' : `${median(rows.map((r) => r.rssAfterLoadMb)).toFixed(1)} MB (${median(rows.map((r, i) => r.rssAfterLoadMb / floorRows[i].rssAfterLoadMb)).toFixed(2)}×)`;
    console.log(`| ${subject.label} | ${ms(rows.map((r) => r.cpuMs))} | ${paired('cpuMs')} | ${ms(rows.map((r) => r.wallMs))} | ${paired('wallMs')} | ${median(rows.map((r) => r.rssMb)).toFixed(1)} MB | ${rssLoad} | ${all[subject.floor].label} |`);
  }
} finally {
  if (!kept) rmSync(dir, { recursive: true, force: true });
}
