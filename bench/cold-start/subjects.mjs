// What bench/cold-start.mjs starts: the todo example bundled (HTTP only and HTTP + gRPC) on Node,
// Bun and Deno, beside each runtime's floor and the peers, and the gRPC server against raw
// grpc-js serving the example's own todo.proto. Each subject: how to start it, where to ask, and
// the floor its ratio is taken against.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { denoRunArgs, findDeno } from '../lib/deno.mjs';
import { ensureBun } from '../../test/provision/bun.mjs';
import { ensureNode } from '../../test/provision/node.mjs';

export const repo = fileURLToPath(new URL('../..', import.meta.url));
const bench = join(repo, 'bench');
const exampleProto = join(repo, 'examples/todo/src/todo/todo.proto');
const env = { JWT_SECRET: 'cold-start-secret-of-at-least-32-bytes' };

/**
 * Bundles the example's two entries (`src/main.ts`: HTTP and gRPC; `src/main-http.ts`: HTTP only)
 * as its `build:prod` does (`--split`), for Node and for Bun, each into `dir/<target>-<entry>/`, and
 * the HTTP-only entry as a startup snapshot into `dir/snapshot-main-http/`, with a code cache into
 * `dir/code-cache-main-http/`, as one Bun executable
 * with bytecode beside bare Hono's into `dir/bun-compiled/`, and as a script with its Bun bytecode
 * into `dir/bun-bytecode-main-http/` (bare Hono's, made by `bun build --bytecode` in `hono-bun-bytecode.mjs`, into `dir/bun-bytecode-hono/`). The tables of
 * `generated/` must be built (`npm run generate`).
 */
export function bundleExample(dir) {
  const cli = join(repo, 'compiler/dist/cli.js');
  for (const [entry, target] of [['main', 'node'], ['main-http', 'node'], ['main-http', 'bun']]) {
    const r = spawnSync(process.execPath, [cli, 'bundle', `examples/todo/src/${entry}.ts`, '--split', '--target', target, '--out', join(dir, `${target}-${entry}`)], { cwd: repo, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bundling ${entry} for ${target} failed:\n${r.stdout}${r.stderr}`);
  }
  // The HTTP-only entry as a startup snapshot of this Node (`--snapshot`): its blob runs on this binary only.
  const r = spawnSync(process.execPath, [cli, 'bundle', 'examples/todo/src/main-http.ts', '--snapshot', '--out', join(dir, 'snapshot-main-http')], { cwd: repo, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the snapshot of main-http failed:\n${r.stdout}${r.stderr}`);
  // The same entry with the code cache of a warm start (`--code-cache`), asked for /health as a load balancer's probe would.
  const cached = spawnSync(process.execPath, [cli, 'bundle', 'examples/todo/src/main-http.ts', '--code-cache', '--warm', '/health', '--out', join(dir, 'code-cache-main-http')], { cwd: repo, encoding: 'utf8', env: { ...process.env, ...env } });
  if (cached.status !== 0 || /warm start/.test(cached.stderr)) throw new Error(`the code cache of main-http failed:\n${cached.stdout}${cached.stderr}`);
  // On Bun, one executable with bytecode (`--target bun --compile`), beside bare Hono compiled the same way.
  const bun = ensureBun();
  if (!bun.ok) return;
  for (const [entry, out] of [['examples/todo/src/main-http.ts', 'bun-compiled'], ['bench/cold-start/hono-bun.mjs', 'bun-compiled']]) {
    const c = spawnSync(process.execPath, [cli, 'bundle', entry, '--target', 'bun', '--compile', '--out', join(dir, out)], { cwd: repo, encoding: 'utf8', env: { ...process.env, BUN: bun.path } });
    if (c.status !== 0) throw new Error(`compiling ${entry} for Bun failed:\n${c.stdout}${c.stderr}`);
  }
  // A script with its bytecode run by `bun` (`--target bun --bytecode`), beside bare Hono given its bytecode by Bun itself.
  const b = spawnSync(process.execPath, [cli, 'bundle', 'examples/todo/src/main-http.ts', '--target', 'bun', '--bytecode', '--out', join(dir, 'bun-bytecode-main-http')], { cwd: repo, encoding: 'utf8', env: { ...process.env, BUN: bun.path } });
  if (b.status !== 0) throw new Error(`bundling main-http with its Bun bytecode failed:\n${b.stdout}${b.stderr}`);
  const h = spawnSync(process.execPath, [join(bench, 'cold-start/hono-bun-bytecode.mjs'), bun.path, join(dir, 'bun-bytecode-hono')], { cwd: repo, encoding: 'utf8' });
  if (h.status !== 0) throw new Error(`bare Hono's Bun bytecode failed:\n${h.stdout}${h.stderr}`);
}

/** findDeno's binary, else the platform package's own (where the `deno` package's postinstall did not link it). */
function denoBinary() {
  const found = findDeno();
  if (found.path) return found;
  const platformBinary = join(repo, `node_modules/@deno/${process.platform}-${process.arch === 'x64' ? 'x64' : process.arch}-glibc/deno`);
  return existsSync(platformBinary) ? { path: platformBinary } : found;
}

/** Every subject, by id; `floor` names the subject a ratio is taken against. */
export function subjects(dir, { node = process.execPath } = {}) {
  const bun = ensureBun();
  const deno = denoBinary();
  const node22 = ensureNode(22);
  // Run from the bundle's directory, which it may read (the configuration looks for `.env` there).
  const deno_ = (script, read = []) => (deno.path ? { command: deno.path, args: denoRunArgs(script, read), cwd: read[0] } : { missing: deno.reason });
  const bun_ = (script) => (bun.ok ? { command: bun.path, args: [script] } : { missing: bun.message });
  const compiled = (file) => (existsSync(file) ? { command: file, args: [] } : { missing: bun.ok ? `${file} was not compiled` : bun.message });
  const http = (label, start, floor, extra = {}) => ({ label, transport: 'http', floor, ...start, ...extra });
  const honoPath = { path: '/todo' };
  const list = {
    'node-http': http('raw node:http, one route', { command: node, args: [join(bench, 'cold-start/raw-http.mjs')] }, 'node-http'),
    'node-http-cjs': http('raw node:http, one route, as a CommonJS file (`raw-http.cjs`: no ES loader)', { command: node, args: [join(bench, 'cold-start/raw-http.cjs')] }, 'node-http'),
    'example-http': http('the example bundled, HTTP only (`src/main-http.ts`)', { command: node, args: [join(dir, 'node-main-http/main-http.mjs')], env }, 'node-http'),
    'example-http-snapshot': http('the example, HTTP only, as a startup snapshot (`--snapshot`)', { command: node, args: ['--snapshot-blob', join(dir, 'snapshot-main-http/main-http.blob')], env }, 'node-http'),
    // Its launcher is a CommonJS file, started without Node's ES loader: its ratio is taken against raw node:http as CommonJS.
    'example-http-code-cache': http('the example, HTTP only, with a code cache (`--code-cache`)', { command: node, args: [join(dir, 'code-cache-main-http/main-http.cjs')], env }, 'node-http-cjs'),
    example: http('the example bundled, HTTP and gRPC (`src/main.ts`, `build:prod`)', { command: node, args: [join(dir, 'node-main/main.mjs')], env }, 'node-http'),
    fastify: http('Fastify 5 (the bench app)', { command: node, args: [join(bench, 'peers/fastify/server.mjs')] }, 'node-http', honoPath),
    hono: http('bare Hono on @hono/node-server', { command: node, args: [join(bench, 'peers/hono/server.mjs')] }, 'node-http', honoPath),
    'nest-bundled': http('NestJS 12 + Fastify, bundled', { command: node, args: [join(dir, 'nest/main-fastify.cjs')] }, 'node-http', honoPath),
    'example-http-cache': http('the example, HTTP only, Node 22 with `NODE_COMPILE_CACHE` (warm)', node22.ok ? { command: node22.path, args: [join(dir, 'node-main-http/main-http.mjs')] } : { missing: node22.message }, 'node-http-22', { env: { ...env, NODE_COMPILE_CACHE: join(dir, 'compile-cache') } }),
    'example-http-22': http('the example, HTTP only, Node 22 without the cache', node22.ok ? { command: node22.path, args: [join(dir, 'node-main-http/main-http.mjs')] } : { missing: node22.message }, 'node-http-22', { env }),
    'node-http-22': http('raw node:http on Node 22', node22.ok ? { command: node22.path, args: [join(bench, 'cold-start/raw-http.mjs')] } : { missing: node22.message }, 'node-http-22'),
    'bun-serve': http('raw `Bun.serve`, one route', bun_(join(bench, 'cold-start/raw-bun.mjs')), 'hono-bun'),
    'hono-bun': http('bare Hono on `Bun.serve`', bun_(join(bench, 'cold-start/hono-bun.mjs')), 'hono-bun', honoPath),
    'example-http-bun': http('the example bundled for Bun, HTTP only', bun_(join(dir, 'bun-main-http/main-http.mjs')), 'hono-bun', { env }),
    'example-http-bun-bytecode': http('the example, HTTP only, a script with its Bun bytecode run by `bun` (`--target bun --bytecode`)', bun_(join(dir, 'bun-bytecode-main-http/main-http.cjs')), 'hono-bun', { env }),
    'hono-bun-bytecode': http('bare Hono on `Bun.serve`, with its bytecode (`bun build --bytecode`), run by `bun`', bun_(join(dir, 'bun-bytecode-hono/hono-bun.cjs')), 'hono-bun', honoPath),
    'hono-bun-compiled': http('bare Hono on `Bun.serve`, one executable with bytecode (`--compile`)', compiled(join(dir, 'bun-compiled/hono-bun')), 'hono-bun', honoPath),
    'example-http-bun-compiled': http('the example, HTTP only, one Bun executable with bytecode (`--target bun --compile`)', compiled(join(dir, 'bun-compiled/main-http')), 'hono-bun', { env }),
    'hono-deno': http('bare Hono on `Deno.serve`', deno_(join(bench, 'peers/hono/server-deno.mjs')), 'hono-deno', honoPath),
    'example-http-deno': http('the example bundled, HTTP only, on Deno', deno_(join(dir, 'node-main-http/main-http.mjs'), [join(dir, 'node-main-http')]), 'hono-deno', { env }),
    'example-deno': http('the example bundled, HTTP and gRPC, on Deno', deno_(join(dir, 'node-main/main.mjs'), [join(dir, 'node-main')]), 'hono-deno', { env }),
    'grpc-js': { label: 'raw grpc-js serving todo.proto', transport: 'grpc', proto: exampleProto, floor: 'grpc-js', command: node, args: [join(bench, 'cold-start/raw-grpc.mjs'), exampleProto], loadCalls: 2000 },
    'example-grpc': { label: 'the example bundled, its gRPC server (`src/main.ts`)', transport: 'grpc', proto: exampleProto, floor: 'grpc-js', command: node, args: [join(dir, 'node-main/main.mjs')], env, loadCalls: 2000 },
  };
  if (!existsSync(join(dir, 'nest/main-fastify.cjs'))) list['nest-bundled'] = { ...list['nest-bundled'], missing: 'not bundled (bundleNest failed)' };
  return list;
}
