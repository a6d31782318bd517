#!/usr/bin/env node
// Server-streaming throughput: messages per second of todo.TodoService/ListTodos from our bench app
// and from raw grpc-js serving the same stream (same messages, the same back-pressure), in one run,
// as a ratio. Two figures: one call streaming many messages, and many concurrent calls streaming a
// few each. Each server runs alone, pinned to core 0; the grpc-js client runs here.
//
//   npm run build && node -e "import('./bench/lib/setup.mjs').then((m) => m.buildFramework())"   # once
//   node bench/grpc-streaming.mjs [--seconds 5] [--calls 50] [--per-call 200]
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { peers } from './lib/peers.mjs';
import { choosePorts, ports, startServer, stopServer, whenAnswering } from './lib/server.mjs';

const { values: opt } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' }, // measured time of each figure, per server
    warmup: { type: 'string', default: '1' },
    calls: { type: 'string', default: '50' }, // concurrent calls of the "many calls" figure
    'per-call': { type: 'string', default: '200' }, // messages of each of those calls
  },
});
const seconds = Number(opt.seconds);
const warmup = Number(opt.warmup);
const concurrent = Number(opt.calls);
const perCall = Number(opt['per-call']);
const log = (line) => process.stderr.write(`[grpc-streaming] ${line}\n`);

const peersRequire = createRequire(new URL('./peers/package.json', import.meta.url));
const grpc = peersRequire('@grpc/grpc-js');
const { loadSync } = peersRequire('@grpc/proto-loader');
const protoPath = new URL('./apps/framework/src/grpc/todo.proto', import.meta.url).pathname;
const TodoService = grpc.loadPackageDefinition(loadSync(protoPath, { keepCase: true, defaults: true })).todo.TodoService;

/** Streams `count` messages over one call; resolves with how many arrived. */
function stream(client, count) {
  return new Promise((resolve, reject) => {
    let received = 0;
    const call = client.ListTodos({ count });
    call.on('data', () => received++);
    call.on('error', reject);
    call.on('end', () => resolve(received));
  });
}

/** Messages per second for `ms` of `round()` repeated (each round resolves with the messages it got). */
async function rate(ms, round) {
  let messages = 0;
  const start = performance.now();
  while (performance.now() - start < ms) messages += await round();
  return messages / ((performance.now() - start) / 1000);
}

async function measure(peer) {
  const child = startServer(peer, 'grpc');
  try {
    await whenAnswering(child, 'grpc', performance.now());
    const client = new TodoService(`127.0.0.1:${ports.grpc}`, grpc.credentials.createInsecure());
    const oneCall = () => stream(client, 20_000);
    const manyCalls = async () => (await Promise.all(Array.from({ length: concurrent }, () => stream(client, perCall)))).reduce((a, b) => a + b, 0);
    const first = await stream(client, 10);
    if (first !== 10) throw new Error(`${peer.id}: ListTodos({ count: 10 }) sent ${first} messages`);
    await rate(warmup * 1000, oneCall);
    const one = await rate(seconds * 1000, oneCall);
    await rate(warmup * 1000, manyCalls);
    const many = await rate(seconds * 1000, manyCalls);
    client.close();
    return { one, many };
  } finally {
    await stopServer(child);
  }
}

await choosePorts();
const ours = peers.find((p) => p.id === 'framework');
const floor = peers.find((p) => p.id === 'grpc-js');
const results = {};
for (const peer of [ours, floor]) {
  log(`measuring ${peer.label}…`);
  results[peer.id] = await measure(peer);
}
const row = (label, key) => {
  const a = results.framework[key];
  const b = results['grpc-js'][key];
  return `| ${label} | ${Math.round(a).toLocaleString('en')} | ${Math.round(b).toLocaleString('en')} | ${(a / b).toFixed(2)}× |`;
};
console.log('| server streaming (messages/s) | Framework (ours) | raw grpc-js | ours ÷ grpc-js |');
console.log('| --- | ---: | ---: | ---: |');
console.log(row('one call, 20 000 messages', 'one'));
console.log(row(`${concurrent} concurrent calls × ${perCall} messages`, 'many'));
