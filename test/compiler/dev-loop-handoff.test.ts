// The dev loop's hand-off (framework-build dev on a copy of the todo example): the next app loads
// and initialises beside the last good one while the types are checked, and takes its place only
// when the check is clean. A type error discards the prepared app (the last good one answers, no
// process is left behind); an app that ends while starting (here: it opens a fixed port the last
// good app holds) is started again alone; `--no-overlap` stops the old app first; stopping the
// loop stops every app process; a save of a method body alone, and one that adds a route, are
// served. The first app starts without waiting for the first whole check, which reports its type
// errors while that app serves. Linux: the loop's child processes are read from /proc.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { alive, atomicSave, childrenOf, copyExample, latestPort, startLoop as start, status, until } from './dev-loop-helpers.js';

const example = copyExample('dev-loop');
const { health, original } = example;
test.after(() => example.remove());

/** The health controller answering `status`, with `extra` lines at the top of the module. */
const healthSource = (status: string, extra = ''): string => `${extra}\n${original.replaceAll("'ok'", `'${status}'`)}`;

const startLoop = (flags: readonly string[] = [], env: Record<string, string> = {}) => start(example, flags, env);

/** A free TCP port, closed again. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('a clean save is served by the next app; a type error discards the prepared app and the last good one answers', async () => {
  atomicSave(health, original);
  const loop = await startLoop(['--timings']);
  try {
    assert.is(await status(latestPort(loop)), 'ok');
    const first = latestPort(loop);

    atomicSave(health, healthSource('ok-2'));
    const second = await until("'ok-2' served", loop, async () => ((await status(latestPort(loop))) === 'ok-2' ? latestPort(loop) : undefined));
    assert.is.not(second, first, 'a new process serves the change');
    // Stopped as the hand-off ends, which may be a moment after the new app first answers (`until`
    // fails the test if not within 5 s). Not asked again after: the warm spare for the next save
    // may be given the same free port by then.
    await until('the last app stopped', loop, async () => (await status(first)) === undefined, 5000);
    await until('the hand-over timings', loop, () => /timings: build \d+ ms, type check \d+ ms; the new app loaded and initialised in \d+ ms/.test(loop.output()));
    // The serving app and one warm spare for the next save; nothing else.
    await until('two app processes (serving, spare)', loop, () => childrenOf(loop.pid).length === 2);

    // A type error the app would run without complaint (tsx strips types); it reports its pid
    // when its modules load, which happens while the check runs.
    const mark = loop.output().length;
    atomicSave(health, healthSource('ok-3', "console.log(`prepared app ${process.pid}`);\nconst wrong: number = 'text';\nvoid wrong;"));
    await until('the type error', loop, () => /health\.controller\.ts:\d+:\d+ - error TS2322/.test(loop.output().slice(mark)));
    await until('the last good app kept', loop, () => /1 type error \(checked in \d+ ms\): the app keeps running the last good build/.test(loop.output().slice(mark)));
    assert.is(await status(second), 'ok-2', 'the last good app still answers');
    assert.is(latestPort(loop), second, 'no other app listens');
    const prepared = /prepared app (\d+)/.exec(loop.output().slice(mark));
    if (prepared) await until('the prepared app stopped', loop, () => !alive(Number(prepared[1])));
    await until('two app processes again (serving, spare)', loop, () => childrenOf(loop.pid).length === 2);
    await new Promise((r) => setTimeout(r, 500));
    assert.is(childrenOf(loop.pid).length, 2, 'no process is left behind');

    atomicSave(health, healthSource('ok-4'));
    await until("'ok-4' served after the fix", loop, async () => (await status(latestPort(loop))) === 'ok-4');
    assert.is(await status(second), undefined);
  } finally {
    const children = childrenOf(loop.pid);
    await loop.stop();
    for (const pid of children) await until(`app process ${pid} stopped with the loop`, loop, () => !alive(pid), 10_000);
  }
  assert.not.match(loop.output(), /\bat .*\.(ts|js):\d+/, 'no stack printed');
});

test('the first app starts without waiting for the first whole check: a type error then is printed while it serves, and a clean save replaces it', async () => {
  // A type error tsx runs without complaint: the first app serves it, the check reports it.
  atomicSave(health, healthSource('typed-1', "const wrong: number = 'text';\nvoid wrong;"));
  const loop = await startLoop(['--timings']);
  try {
    const first = latestPort(loop);
    assert.is(await status(first), 'typed-1', 'the first app serves before the check has said anything');
    await until('the type error', loop, () => /health\.controller\.ts:\d+:\d+ - error TS2322/.test(loop.output()));
    assert.match(loop.output(), /\[dev\] starting src\/main\.ts; the types are checked beside it/);
    await until('what the loop does with it', loop, () => /1 type error \(checked in \d+ ms\): the app started before the first check and runs this build until a save checks clean/.test(loop.output()));
    await until('the first start timings', loop, () => /timings: build \d+ ms, type check \d+ ms beside the app; the first app loaded and initialised in \d+ ms/.test(loop.output()));
    assert.is(await status(first), 'typed-1', 'it still serves');

    atomicSave(health, healthSource('typed-2'));
    await until("'typed-2' served", loop, async () => (await status(latestPort(loop))) === 'typed-2');
    assert.is.not(latestPort(loop), first, 'by a new app');
    await until('the first app stopped', loop, async () => (await status(first)) === undefined, 5000);
  } finally {
    await loop.stop();
    atomicSave(health, original);
  }
});

test('a save of a method body alone is served by a new app; a save that adds a route serves it', async () => {
  atomicSave(health, original);
  const loop = await startLoop();
  try {
    // At once after the first answer, while the loop warms its builder up: the save waits one step at most.
    const withPid = original.replace("return { status: 'ok' };", "return { status: 'ok', pid: process.pid } as { status: 'ok' };");
    atomicSave(health, withPid);
    const first = latestPort(loop);
    const pid = await until('the new body served', loop, async () => {
      if (latestPort(loop) === first) return undefined;
      const body = (await (await fetch(`http://127.0.0.1:${latestPort(loop)}/health/`)).json()) as { pid?: number };
      return body.pid;
    });
    assert.ok(alive(pid) && childrenOf(loop.pid).includes(pid), 'a new app process of the loop answers');

    await new Promise((r) => setTimeout(r, 3000)); // the warm-up done
    const ping = "\n\n  @Get('/ping')\n  ping(): { pong: boolean } {\n    return { pong: true };\n  }\n}\n";
    atomicSave(health, withPid.replace(/\n}\n$/, ping));
    await until('the new route served', loop, async () => {
      const response = await fetch(`http://127.0.0.1:${latestPort(loop)}/health/ping`).catch(() => undefined);
      return response?.ok && ((await response.json()) as { pong?: boolean }).pong;
    });
  } finally {
    await loop.stop();
    atomicSave(health, original);
  }
});

test('an app that ends while starting beside the last good one (a fixed port it holds) is started again alone', async () => {
  atomicSave(health, original);
  const fixed = await freePort();
  // Opened at module load, outside listen: only one process can hold it.
  const holdsPort = `import { createServer } from 'node:net';\ncreateServer().listen(${fixed}, '127.0.0.1');`;
  atomicSave(health, healthSource('held-1', holdsPort));
  const loop = await startLoop(['--no-type-check']);
  try {
    assert.is(await status(latestPort(loop)), 'held-1');
    const mark = loop.output().length;
    atomicSave(health, healthSource('held-2', holdsPort));
    await until("'held-2' served", loop, async () => (await status(latestPort(loop))) === 'held-2');
    // Its port error may come before its turn (the last good app is stopped then) or just after it.
    assert.match(loop.output().slice(mark), /the new app exited while starting \(code 1\); (the last good app stops and the new one starts alone|it starts again alone)/);
    await until('two app processes (serving, spare)', loop, () => childrenOf(loop.pid).length === 2);
  } finally {
    await loop.stop();
    atomicSave(health, original);
  }
});

test('on fixed ports, the next app serves while the last one still answers a request it had', async () => {
  const [httpPort, grpcPort] = [await freePort(), await freePort()];
  const answered = path.join(example.dir, `new-app-answered-${process.pid}`);
  fs.rmSync(answered, { force: true });
  // A request that lasts until the new app has answered: the last app's graceful close (5 s at
  // most) must not wait for its end before the new one binds the ports.
  const slowRoute = `\n\n  @Get('/slow')\n  async slow(): Promise<{ status: string; pid: number }> {\n    for (let waited = 0; waited < 60_000 && !existsSync(${JSON.stringify(answered)}); waited += 20) await new Promise((r) => setTimeout(r, 20));\n    return { status: 'slow', pid: process.pid };\n  }\n}\n`;
  const withSlow = (status: string): string => healthSource(status, "import { existsSync } from 'node:fs';").replace(/\n}\n$/, slowRoute);
  atomicSave(health, withSlow('fixed-1'));
  const loop = await startLoop(['--timings'], { PORT: String(httpPort), GRPC_PORT: String(grpcPort) });
  try {
    const port = String(httpPort);
    assert.is(await status(port), 'fixed-1');
    let slowDone = false; // answered, or cut short by the end of the graceful close
    const slow = fetch(`http://127.0.0.1:${port}/health/slow`)
      .then(async (response) => (await response.json()) as { status: string; pid: number })
      .catch((error: unknown) => ({ status: `cut short: ${String(error)}`, pid: 0 }))
      .finally(() => (slowDone = true));
    await new Promise((r) => setTimeout(r, 200)); // the request reached the last app
    const mark = loop.output().length;
    atomicSave(health, withSlow('fixed-2'));
    await until("'fixed-2' served on the same port", loop, async () => (await status(port)) === 'fixed-2');
    const servedWhileSlowInFlight = !slowDone;
    fs.writeFileSync(answered, '');
    const last = await slow;
    assert.ok(servedWhileSlowInFlight, `the new app answered before the last one had ended its request:\n${loop.output()}`);
    assert.is(last.status, 'slow', 'the request the last app had is answered');
    await until('the last app ended', loop, () => !alive(last.pid));
    const output = loop.output().slice(mark);
    assert.match(output, new RegExp(`gRPC on [^\\s]+:${grpcPort}`), 'the gRPC port changed hands too');
    assert.not.match(output, /exited while starting/);
    assert.match(output, /the last one freed its ports in \d+ ms/);
  } finally {
    await loop.stop();
    fs.rmSync(answered, { force: true });
    atomicSave(health, original);
  }
});

test('--no-overlap: the last app stops before the next one starts, and the change is served', async () => {
  atomicSave(health, original);
  const loop = await startLoop(['--no-overlap', '--no-type-check']);
  try {
    const first = latestPort(loop);
    assert.is(await status(first), 'ok');
    atomicSave(health, healthSource('alone'));
    await until("'alone' served", loop, async () => (await status(latestPort(loop))) === 'alone');
    assert.is(await status(first), undefined);
    await until('two app processes (serving, spare)', loop, () => childrenOf(loop.pid).length === 2);
  } finally {
    await loop.stop();
  }
});

test.run();
