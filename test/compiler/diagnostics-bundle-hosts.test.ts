// FW1416: a bundle for a host that cannot serve gRPC (Cloudflare Workers) that carries gRPC
// controllers is refused, with one error at each @GrpcController, and the same bundle for Node is
// made. (An entry whose bundle leaves them out is made: test/workers/todo-example.test.ts.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleApp, BundleRefused } from '../../compiler/src/bundle/bundle.js';
import { cli, fixtureSrc, golden, ROOT } from './helpers.js';

const f = 'grpc-golden';
const entry = path.join(ROOT, fixtureSrc(f), 'app.module.ts');
const error = (name: string, line: number, column: number, controller: string) => ({
  code: 'FW1416', severity: 'error', file: `test/compiler/fixtures/${f}/src/${name}`, line, column,
  message: `${controller} is a @GrpcController, and a Cloudflare Workers bundle cannot serve gRPC: a Worker answers HTTP requests through \`fetch\` only and cannot accept the HTTP/2 connections gRPC needs.`,
});

test('FW1416: --target workers with gRPC controllers is refused at each controller, naming why', async () => {
  const out = mkdtempSync(path.join(tmpdir(), 'framework-fw1416-'));
  try {
    const refused = await bundleApp({ entry, outDir: out, target: 'workers', cwd: ROOT }).then(
      () => assert.unreachable('the bundle should be refused'),
      (e: unknown) => e,
    );
    assert.instance(refused, BundleRefused);
    const diagnostics = (refused as BundleRefused).diagnostics;
    assert.equal(diagnostics.map(golden), [error('probe.grpc.ts', 14, 1, 'ProbeGrpc'), error('todo.grpc.ts', 29, 1, 'TodoGrpc')]);
    assert.match(diagnostics[0]!.hint, /--target node/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('FW1416 through the command: printed like tsc, exit code 1; for Node the same entry bundles', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'framework-fw1416-'));
  try {
    const workers = cli(['bundle', path.relative(ROOT, entry), '--out', out, '--target', 'workers']);
    assert.is(workers.status, 1);
    assert.match(workers.stderr, /probe\.grpc\.ts:\d+:\d+ - error FW1416: /);
    assert.match(workers.stderr, /Found 2 errors\./);
    const node = cli(['bundle', path.relative(ROOT, entry), '--out', out]);
    assert.is(node.status, 0, node.stderr);
    assert.match(node.stdout, /Bundled .*app\.module\.mjs/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('bad input to bundle: a missing entry and an unknown target are one clear line each, exit code 1', () => {
  const missing = cli(['bundle', 'src/nope.ts']);
  assert.is(missing.status, 1);
  assert.is(missing.stderr, 'framework-build bundle: The entry src/nope.ts does not exist.\n');
  const target = cli(['bundle', path.relative(ROOT, entry), '--target', 'deno-deploy']);
  assert.is(target.status, 1);
  assert.match(target.stderr, /Invalid values:\s+Argument: target, Given: "deno-deploy", Choices: "node", "bun", "workers", "lambda"/);
});

test.run();
