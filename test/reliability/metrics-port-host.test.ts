// The example's Prometheus exporter listens where the app does (HOST, 127.0.0.1 by default), not
// on every interface as the SDK's own default would have it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTelemetry } from '../../examples/todo/src/telemetry.js';

/** A port free now on loopback. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The local addresses listening on `port`, from the kernel's own tables (hex, as /proc writes them). */
function listeners(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // State 0A is LISTEN.
      .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A')
      .map((fields) => fields[1]!.split(':')[0]!),
  );
}

test('OTEL_METRICS_EXPORTER=prometheus without OTEL_EXPORTER_PROMETHEUS_HOST listens on HOST only', async () => {
  const port = await freePort();
  Object.assign(process.env, { OTEL_METRICS_EXPORTER: 'prometheus', OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_PROMETHEUS_PORT: String(port), HOST: '127.0.0.1' });
  delete process.env.OTEL_EXPORTER_PROMETHEUS_HOST;
  const telemetry = await startTelemetry();
  try {
    let bound: string[] = [];
    for (let waited = 0; waited < 3000 && bound.length === 0; waited += 50) {
      bound = listeners(port);
      if (bound.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // 0100007F is 127.0.0.1 in /proc's byte order; every interface would be 00000000 (or :: in tcp6).
    assert.equal(bound, ['0100007F']);
    const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
    assert.is(scraped.status, 200);
  } finally {
    await telemetry?.shutdown();
  }
});

test.run();
