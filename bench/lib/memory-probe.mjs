// Loaded with NODE_OPTIONS=--import into the processes of a dev loop by bench/dev-dashboard-rss.mjs:
// on SIGUSR2 an app process (one running `main.ts`) collects its garbage fully, twice, and writes
// what it then holds to $MEMORY_PROBE_DIR/<pid>.json: `process.memoryUsage()` in bytes, and
// whether it serves (a listening socket). Without the variable, or in another process, it does nothing.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.MEMORY_PROBE_DIR;
if (dir && isMainThread && /main\.ts$/.test(process.argv[1] ?? '')) {
  // `gc` without --expose-gc on the command line (NODE_OPTIONS refuses it before Node 22).
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  process.on('SIGUSR2', () => {
    gc();
    // A second collection once the first's finalizers and weak callbacks ran.
    setImmediate(() => {
      gc();
      const serving = process.getActiveResourcesInfo().includes('TCPServerWrap');
      const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
      // Where V8's committed memory is, space by space (new space grows with the rate of allocation).
      const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
      // RSS in anonymous memory (heaps, malloc) and in mapped files (the binary, shared libraries).
      const rollup = fs.readFileSync('/proc/self/smaps_rollup', 'utf8');
      const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? NaN) * 1024;
      const memory = { serving, rss, heapUsed, heapTotal, external, arrayBuffers, spaces, anonymous: kb('Anonymous'), file: kb('Rss') - kb('Anonymous') };
      fs.writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(memory));
    });
  });
}
