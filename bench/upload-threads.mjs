// The `upload-256k` row's CPU per request split by thread: the server's main thread, and V8's
// helper threads (the collector's parallel and concurrent work, background compiles). The row's
// figure counts both; on this shared 2-core VM the helpers' share of one server swings from 2 to
// 45 µs a thread a request between minutes (all of a server's threads share core 0 with whatever
// else runs there), which is most of the spread of the row's rounds. The main thread's figure
// holds much steadier. Both servers run at once, their rounds alternated, as cpu-per-request.mjs.
//
//   node bench/upload-threads.mjs [--rounds 3] [--seconds 2] [--warmup 3]
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { prepareBytes } from './lib/bytes.mjs';
import { wrk } from './lib/load.mjs';
import { peers } from './lib/peers.mjs';
import { allScenarios } from './lib/scenarios.mjs';
import { choosePorts, ports, startServer, stopServer, whenAnswering } from './lib/server.mjs';

const { values: opt } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, seconds: { type: 'string', default: '2' }, warmup: { type: 'string', default: '3' } } });
const scenario = allScenarios.find((s) => s.id === 'upload-256k');
const chosen = ['framework-bytes', 'fastify-bytes'].map((id) => peers.find((peer) => peer.id === id));

/** CPU seconds by thread of a process: its main thread (the one whose id is the process's) and the others summed. */
function cpuByThread(pid) {
  let main = 0;
  let helpers = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const fields = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8').split(') ')[1].split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
    if (Number(task) === pid) main += seconds;
    else helpers += seconds;
  }
  return { main, helpers };
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const bytes = prepareBytes();
const servers = [];
try {
  for (const peer of chosen) {
    await choosePorts();
    const child = startServer(peer, 'http');
    servers.push({ peer, child, url: `http://127.0.0.1:${ports.http}`, main: [], helpers: [] });
    await whenAnswering(child, 'http', performance.now());
  }
  for (const { url } of servers) await wrk(url, scenario, { seconds: Number(opt.warmup), connections: 20 });
  for (let round = 0; round < Number(opt.rounds); round++) {
    for (const server of servers) {
      const before = cpuByThread(server.child.pid);
      const result = await wrk(server.url, scenario, { seconds: Number(opt.seconds), connections: 20 });
      const after = cpuByThread(server.child.pid);
      if (result.errors > 0) throw new Error(`${server.peer.id}: ${result.errors} wrong answers or errors`);
      server.main.push(((after.main - before.main) * 1e6) / result.requests);
      server.helpers.push(((after.helpers - before.helpers) * 1e6) / result.requests);
      console.error(`[threads] ${server.peer.id}: main ${server.main.at(-1).toFixed(1)} µs, helpers ${server.helpers.at(-1).toFixed(1)} µs a request`);
    }
  }
} finally {
  for (const { child } of servers) await stopServer(child);
  bytes.remove();
}
const [ours, theirs] = servers;
const ratios = ours.main.map((value, index) => value / theirs.main[index]);
for (const { peer, main, helpers } of servers) console.log(`${peer.id}: main thread ${median(main).toFixed(1)} µs, helper threads ${median(helpers).toFixed(1)} µs a request (medians)`);
console.log(`main thread, ours ÷ Fastify's: ${median(ratios).toFixed(3)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`);
