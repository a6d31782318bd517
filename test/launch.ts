// Starts an application under Deno (or Node) as a child process on free ports and reads the ports
// from the line it prints: `… HTTP on http://localhost:<port>, gRPC on localhost:<port>`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A started server process (any runtime): its addresses, output and exit. */
export interface LaunchedServer {
  /** `http://127.0.0.1:<port>` (`https://` when the process said it serves HTTPS) */
  readonly base: string;
  /** `127.0.0.1:<port>`, or '' when the process serves no gRPC. */
  readonly grpcAddress: string;
  /** The process id, to watch its memory. */
  readonly pid: number;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process has exited, with its exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** Sends SIGTERM and resolves once the process has exited. */
  stop(): Promise<void>;
}

const READY = /HTTP on https?:\/\/[\w.[\]:-]+?:(\d+)(?: \(HTTP\/2 and HTTP\/1\.1\))?(?:, gRPC on [\w.[\]:-]+?:(\d+))?/;

/**
 * The Deno executable of the `deno` devDependency, or the reason it cannot run on this machine.
 * The binary ships inside the registry packages: `@deno/<platform>`, which the `deno` package's
 * postinstall also copies beside itself. The binary itself is spawned (not the `.bin` shim, a
 * Node wrapper that would not pass signals on).
 *
 * @example
 * const deno = denoExecutable();
 * if ('reason' in deno) console.log(`skipped: ${deno.reason}`);
 */
export function denoExecutable(): { path: string } | { reason: string } {
  const require = createRequire(import.meta.url);
  const exe = process.platform === 'win32' ? 'deno.exe' : 'deno';
  const target = `@deno/${process.platform}-${process.arch}${process.platform === 'linux' ? '-glibc' : ''}`;
  const places = ['deno', target].flatMap((name) => {
    try {
      return [join(dirname(require.resolve(`${name}/package.json`)), exe)];
    } catch {
      return [];
    }
  });
  const path = places.find((place) => existsSync(place));
  if (!path) return { reason: `no Deno binary for ${process.platform}-${process.arch} in node_modules (looked for deno and ${target})` };
  const probe = spawnSync(path, ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) return { reason: `${path} --version failed: ${probe.error?.message ?? probe.stderr}` };
  return { path };
}

/**
 * The `deno run` flags the framework needs, as `npm run start:deno` passes them: sockets
 * (`--allow-net`), environment variables read by the app and by @grpc/grpc-js (`--allow-env`),
 * and read access to the given files only (the `.proto` schemas). `--node-modules-dir=manual`
 * uses the repository's node_modules as npm laid it out; `--cached-only` forbids any download at
 * run time; `--no-prompt` fails instead of asking for a missing permission.
 *
 * @example
 * spawn(deno.path, [...denoRunFlags(['dist/items.proto']), 'dist/main.js']);
 */
export function denoRunFlags(readable: readonly string[] = []): string[] {
  const read = readable.length > 0 ? [`--allow-read=${readable.join(',')}`] : [];
  return ['run', '--no-prompt', '--node-modules-dir=manual', '--cached-only', '--allow-net', '--allow-env', ...read];
}

/**
 * Starts `command args…` with PORT=0 and GRPC_PORT=0 (plus `options.env`, in `options.cwd`) and
 * waits (20 s at most) for its ports.
 *
 * @example
 * const server = await launch(deno.path, [...denoRunFlags([proto]), 'dist/main.js'], { env: { JWT_SECRET } });
 * await fetch(`${server.base}/health`);
 * await server.stop();
 */
export function launch(
  command: string,
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string; /** default 20 000 */ readyWithinMs?: number } = {},
): Promise<LaunchedServer> {
  const readyWithinMs = options.readyWithinMs ?? 20_000;
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', PORT: '0', GRPC_PORT: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not report its ports within ${readyWithinMs / 1000} s`), readyWithinMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} ${why}:\n${output}`));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = READY.exec(output);
      if (!ready) return;
      clearTimeout(timer);
      child.off('exit', early);
      resolve({
        base: `${ready[0].startsWith('HTTP on https') ? 'https' : 'http'}://127.0.0.1:${ready[1]}`,
        grpcAddress: ready[2] === undefined ? '' : `127.0.0.1:${ready[2]}`,
        pid: child.pid!,
        output: () => output,
        exited,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const early = (code: number | null) => fail(`exited with code ${code} before listening`);
    child.once('exit', early);
  });
}
