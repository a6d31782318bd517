// Installs and builds what the bench needs: wrk/h2load, the peers' pinned deps, the NestJS peers, our app.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const bench = new URL('..', import.meta.url).pathname;
const root = new URL('../..', import.meta.url).pathname;
export const compilerCli = root + 'compiler/dist/cli.js';
const tsc = root + 'node_modules/typescript/bin/tsc';

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}` };
}

function has(tool) {
  return sh('sh', ['-c', `command -v ${tool}`]).ok;
}

/** apt-get install wrk and nghttp2-client (h2load) when absent. */
export function ensureTools(log) {
  if (has('wrk') && has('h2load') && has('taskset')) return;
  log('installing wrk and nghttp2-client (h2load) with apt-get');
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk nghttp2-client util-linux >/dev/null'], { stdio: 'inherit' });
}

/** npm install into bench/peers when a pinned dependency is missing or at another version. */
export function ensurePeers(log) {
  const { dependencies } = JSON.parse(readFileSync(bench + 'peers/package.json', 'utf8'));
  const stale = Object.entries(dependencies).filter(([name, version]) => {
    const file = `${bench}peers/node_modules/${name}/package.json`;
    return !existsSync(file) || JSON.parse(readFileSync(file, 'utf8')).version !== version;
  });
  if (stale.length === 0) return;
  log(`installing the peers' pinned dependencies (${stale.length} missing or stale)`);
  execFileSync('npm', ['install', '--prefix', bench + 'peers', '--no-audit', '--no-fund'], { stdio: 'inherit' });
}

/** Compiles the NestJS peers (decorators with emitDecoratorMetadata) with tsc. */
export function buildNest() {
  const r = sh(process.execPath, [tsc, '-p', bench + 'peers/nest']);
  if (!r.ok) throw new Error(`tsc of the NestJS peers failed:\n${r.output}`);
}

/**
 * Builds our bench app: framework-build for HTTP, then an attempt for gRPC (root GrpcAppModule),
 * then tsc. Returns why gRPC is not available (`undefined` when it is).
 */
export function buildFramework() {
  const app = bench + 'apps/framework/';
  if (!existsSync(compilerCli)) throw new Error('compiler/dist/cli.js is missing: run `npm run build` first.');
  rmSync(app + 'generated', { recursive: true, force: true });
  rmSync(app + 'dist', { recursive: true, force: true });
  const http = sh(process.execPath, [compilerCli, 'src/http', '--out', 'generated/http'], { cwd: app });
  if (!http.ok) throw new Error(`framework-build of the bench app failed:\n${http.output}`);

  let grpcMissing;
  const grpc = sh(process.execPath, [compilerCli, 'src', '--root', 'GrpcAppModule', '--out', 'generated/grpc'], { cwd: app });
  if (!grpc.ok) {
    const first = grpc.output.split('\n').find((line) => / error FW\d+/.test(line)) ?? grpc.output.trim().split('\n')[0];
    grpcMissing = `framework-build cannot compile the gRPC controller yet (${first.trim()})`;
  } else if (/grpc: \[\],/.test(readFileSync(app + 'generated/grpc/tables.ts', 'utf8'))) {
    grpcMissing = 'framework-build emitted no gRPC service (grpc: [])';
  }
  if (grpcMissing) rmSync(app + 'generated/grpc', { recursive: true, force: true });

  const config = grpcMissing ? 'tsconfig.json' : 'tsconfig.grpc.json';
  const built = sh(process.execPath, [tsc, '-p', app + config]);
  if (!built.ok) throw new Error(`tsc of the bench app failed:\n${built.output}`);
  if (!grpcMissing) copyFileSync(app + 'src/grpc/todo.proto', app + 'dist/src/grpc/todo.proto');
  return grpcMissing;
}

/** The HS256 token every JWT scenario sends (1 hour, like the spec's example). */
export async function signToken(secret) {
  const { SignJWT } = createRequire(bench + 'peers/package.json')('jose');
  return new SignJWT({ sub: 'bench' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(secret));
}
