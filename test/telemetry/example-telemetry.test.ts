// The todo example's SDK wiring (examples/todo/src/telemetry.ts), which docs/observability.md shows:
// a collector that refuses the connection costs the shutdown its bound (1 s here), not the SDK's
// retries (about 8 s), and is reported on stderr, not thrown; a metrics port already taken is
// reported on stderr, not left silent. Each case in a process of its own, as an app would run.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = path.join(ROOT, 'test/telemetry/fixtures/example-telemetry-shutdown.ts');

/** Runs the fixture with these OTEL_* variables (and no others). */
function runWith(otel: Record<string, string>): { status: number | null; stdout: string; stderr: string; shutdownMs: number } {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_')));
  const done = spawnSync(process.execPath, ['--import', 'tsx', FIXTURE], { cwd: ROOT, encoding: 'utf8', env: { ...env, ...otel }, timeout: 30_000 });
  return { status: done.status, stdout: done.stdout, stderr: done.stderr, shutdownMs: Number(/shutdown took (\d+) ms/.exec(done.stdout)?.[1] ?? Number.NaN) };
}

/** A port that was free a moment ago and has nothing listening on it now. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('a collector that refuses the connection: shutdown within its bound, the failure printed, exit 0', async () => {
  const port = await closedPort();
  const run = runWith({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_METRICS_EXPORTER: 'none' });
  assert.is(run.status, 0, run.stderr);
  assert.ok(run.shutdownMs < 2_500, `shutdown took ${run.shutdownMs} ms`);
  assert.match(run.stderr, 'telemetry: the last spans and metrics were not exported');
  assert.not.match(run.stderr, /\n\s+at .*\n\s+at /, 'no uncaught error with its stack');
});

test('a metrics port already taken is printed on stderr', async () => {
  const blocker = net.createServer().listen(0);
  await new Promise((resolve) => blocker.once('listening', resolve));
  try {
    const { port } = blocker.address() as net.AddressInfo;
    const run = runWith({ OTEL_METRICS_EXPORTER: 'prometheus', OTEL_EXPORTER_PROMETHEUS_PORT: String(port), OTEL_TRACES_EXPORTER: 'none' });
    assert.is(run.status, 0, run.stderr);
    assert.match(run.stderr, /EADDRINUSE/);
  } finally {
    blocker.close();
  }
});

test.run();
