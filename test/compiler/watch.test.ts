import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fixtureSrc, ROOT, TMP } from './helpers.js';

/** Resolves when stdout has printed `count` lines matching `pattern`; rejects after `ms`. */
function waitFor(output: { text: string }, pattern: RegExp, count: number, ms = 30000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      const seen = output.text.split('\n').filter((line) => pattern.test(line)).length;
      if (seen >= count) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - started > ms) {
        clearInterval(poll);
        reject(new Error(`timed out waiting for ${pattern} x${count}; output:\n${output.text}`));
      }
    }, 50);
  });
}

test('--watch rebuilds when a source file changes, reusing the process', async () => {
  const src = path.join(TMP, 'watch-src');
  const out = path.join(TMP, 'watch-out');
  fs.rmSync(src, { recursive: true, force: true });
  fs.rmSync(out, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, fixtureSrc('fw1203-duplicate')), src, { recursive: true });
  const file = path.join(src, 'app.module.ts');

  const child = spawn(process.execPath, ['--import', 'tsx', 'compiler/src/cli.ts', path.relative(ROOT, src), '--out', path.relative(ROOT, out), '--watch'], { cwd: ROOT });
  const output = { text: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  try {
    // The fixture starts with a duplicate route: the first build fails and writes nothing.
    await waitFor(output, /^Found 1 error\.$/, 1);
    await waitFor(output, /^Watching /, 1);
    assert.is(fs.existsSync(path.join(out, 'tables.ts')), false);

    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("@Get(':key/')", "@Get('/by-key/:key')"));
    await waitFor(output, /^Built 2 routes/, 1);
    const text = fs.readFileSync(path.join(out, 'tables.ts'), 'utf8');
    assert.ok(text.includes("path: '/users/by-key/:key'"), text);
  } finally {
    child.kill();
  }
});

test('--watch rebuilds when a .proto file changes (RPC added: the unbound error appears)', async () => {
  const src = path.join(TMP, 'watch-proto-src');
  const out = path.join(TMP, 'watch-proto-out');
  fs.rmSync(src, { recursive: true, force: true });
  fs.rmSync(out, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, fixtureSrc('fw1406-unbound-rpc')), src, { recursive: true });
  const proto = path.join(src, 'todo.proto');
  fs.writeFileSync(proto, fs.readFileSync(proto, 'utf8').replace('  rpc CreateTodo (Todo) returns (Todo);\n', ''));

  const child = spawn(process.execPath, ['--import', 'tsx', 'compiler/src/cli.ts', path.relative(ROOT, src), '--out', path.relative(ROOT, out), '--watch'], { cwd: ROOT });
  const output = { text: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  try {
    await waitFor(output, /^Built 0 routes, 1 gRPC method/, 1);
    await waitFor(output, /^Watching /, 1);
    fs.writeFileSync(proto, fs.readFileSync(proto, 'utf8').replace('rpc GetTodo (GetTodoRequest) returns (Todo);', 'rpc GetTodo (GetTodoRequest) returns (Todo);\n  rpc Archive (Todo) returns (Todo);'));
    await waitFor(output, /error FW1406: RPC Archive of todo\.TodoService/, 1);
  } finally {
    child.kill();
  }
});

test.run();
