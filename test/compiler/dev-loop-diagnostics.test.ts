// What the dev loop prints when a save is broken (framework-build dev on a copy of the todo
// example): a save with a framework error and a type error shows both (the build's FW1001 and
// TypeScript's TS2353 of the misspelt key that caused it); a save that imports an export that does
// not exist shows the type check's one diagnostic, not the stack of the app prepared beside the
// check (which is discarded); the last good app answers throughout, and the fix is served.
// The loop runs without its dashboard: nothing here reads it, and its start costs CPU.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { atomicSave, childrenOf, copyExample, latestPort, startLoop, status, until } from './dev-loop-helpers.js';

const example = copyExample('dev-loop-diagnostics');
const todoModule = path.join(example.src, 'todo/todo.module.ts');
const todoModuleText = fs.readFileSync(todoModule, 'utf8');
test.after(() => example.remove());

test('a broken save shows the framework errors and the type errors, and never the stack of a discarded app', async () => {
  const loop = await startLoop(example, ['--no-dashboard']);
  const output = (from: number): string => loop.output().slice(from);
  try {
    const good = latestPort(loop);
    assert.is(await status(good), 'ok');
    await until('the first check', loop, () => /types checked in \d+ ms/.test(loop.output()));

    // tsx runs the module, Node fails to link it: the app prepared beside the check (from the warm
    // spare, ready since the first app started) would end on a SyntaxError and its stack.
    let mark = loop.output().length;
    atomicSave(example.health, `import { Nope } from '../todo/todo.service.js';\nvoid Nope;\n${example.original}`);
    await until('the type error', loop, () => /1 type error \(checked in \d+ ms\): the app keeps running the last good build/.test(output(mark)));
    // The prepared app is stopped; a new spare waits beside the serving app.
    await until('two app processes (serving, spare)', loop, () => childrenOf(loop.pid).length === 2);
    await new Promise((r) => setTimeout(r, 300)); // anything the prepared app would still print
    let shown = output(mark);
    assert.is(shown.match(/error TS2305: Module '"\.\.\/todo\/todo\.service\.js"' has no exported member 'Nope'/g)?.length, 1, `the one diagnostic:\n${shown}`);
    assert.not.match(shown, /does not provide an export named|SyntaxError|\bat .*\.(ts|js):\d+/, `no stack of the prepared app:\n${shown}`);
    assert.is(latestPort(loop), good, 'no app was started with the broken import');

    // NestJS's key for a module's providers: the framework does not know it (its providers are
    // missing, FW1001), and TypeScript says why (TS2353), beside the import still broken.
    mark = loop.output().length;
    atomicSave(todoModule, todoModuleText.replace('injectables: [', 'providers: ['));
    await until('the loop keeping the last good app', loop, () => /the build has errors.*: the app keeps running the last good build/.test(output(mark)));
    shown = output(mark);
    assert.match(shown, /todo\.controller\.ts:\d+:\d+ - error FW1001: /, "the framework's diagnostic");
    assert.match(shown, /todo\.module\.ts:\d+:\d+ - error TS2353: Object literal may only specify known properties, and 'providers' does not exist/, "TypeScript's");
    assert.match(shown, /health\.controller\.ts:\d+:\d+ - error TS2305: /);
    assert.match(shown, /\[dev\] the build has errors, and 2 type errors \(checked in \d+ ms\): the app keeps running the last good build/);
    assert.is(await status(good), 'ok', 'the last good app answers');

    // Fixed in two saves: whether they build once or twice, the app restarts only once both are.
    mark = loop.output().length;
    atomicSave(example.health, example.original);
    atomicSave(todoModule, todoModuleText);
    await until('the fix served', loop, async () => /restarting src\/main\.ts/.test(output(mark)) && latestPort(loop) !== good && (await status(latestPort(loop))) === 'ok');
  } finally {
    await loop.stop();
  }
});

test.run();
