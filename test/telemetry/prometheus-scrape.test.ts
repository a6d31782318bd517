// The compiled example as `npm start` runs it, with the standard OTEL_* variables asking for a
// Prometheus exporter, scraped by a real Prometheus server (Debian's `prometheus`, started here on
// a free port with a one-second scrape interval) that answers a PromQL query by `http_route`.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, type LaunchedServer } from '../launch.js';
import { findPrometheus } from '../provision/prometheus.mjs';
import { freePort } from './fixtures/free-port.js';

const main = fileURLToPath(new URL('../../examples/todo/dist/examples/todo/src/main.js', import.meta.url));

interface PromVector {
  status: string;
  data: { result: { metric: Record<string, string>; value: [number, string] }[] };
}

/**
 * The scrape configuration of docs/observability.md: OpenTelemetry's JavaScript Prometheus
 * exporter writes no unit suffix, so the duration histograms are renamed at scrape to the names
 * Prometheus conventions (and the OpenTelemetry Collector's exporter) give them: `…_seconds`.
 */
function scrapeConfig(target: string): string {
  return [
    'global:',
    '  scrape_interval: 1s',
    '  evaluation_interval: 1s',
    'scrape_configs:',
    '  - job_name: todo',
    '    static_configs:',
    `      - targets: ['${target}']`,
    '    metric_relabel_configs:',
    '      - source_labels: [__name__]',
    "        regex: '(http_server_request_duration|rpc_server_call_duration)(_bucket|_sum|_count)?'",
    '        target_label: __name__',
    "        replacement: '${1}_seconds${2}'",
    '',
  ].join('\n');
}

/** Starts Prometheus scraping `target` every second; resolves once it is ready. */
async function startPrometheus(target: string, folder: string): Promise<{ base: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const config = join(folder, 'prometheus.yml');
  writeFileSync(config, scrapeConfig(target));
  const binary = findPrometheus();
  assert.ok(binary, 'prometheus is installed (test/provision/prometheus.mjs)');
  const child = spawn(binary, [`--config.file=${config}`, `--storage.tsdb.path=${join(folder, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 30_000; waited += 200) {
    const ready = await fetch(`${base}/-/ready`).then((r) => r.ok, () => false);
    if (ready) return { base, child, output: () => output };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`prometheus did not become ready:\n${output}`);
}

test('Prometheus scrapes the example and answers http_server_request_duration_seconds by http_route', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'framework-prometheus-'));
  const exporterPort = await freePort();
  let todo: LaunchedServer | undefined;
  let prometheus: Awaited<ReturnType<typeof startPrometheus>> | undefined;
  try {
    todo = await launch(process.execPath, [main], {
      env: {
        JWT_SECRET: 'prometheus-secret-of-at-least-thirty-two-bytes',
        OTEL_METRICS_EXPORTER: 'prometheus',
        OTEL_TRACES_EXPORTER: 'none',
        OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
        OTEL_EXPORTER_PROMETHEUS_PORT: String(exporterPort),
        OTEL_SERVICE_NAME: 'todo-under-test',
      },
      // Loading the OpenTelemetry Node SDK takes seconds on a busy machine.
      readyMs: 60_000,
    });
    for (let i = 0; i < 3; i++) assert.is((await fetch(`${todo.base}/health/`)).status, 200);
    assert.is((await fetch(`${todo.base}/todo/1`)).status, 403);
    prometheus = await startPrometheus(`127.0.0.1:${exporterPort}`, folder);
    const query = 'sum by (http_route, http_response_status_code) (http_server_request_duration_seconds_count{job="todo"})';
    let series: PromVector['data']['result'] = [];
    for (let waited = 0; waited < 20_000 && !series.some((s) => s.metric.http_route === '/health'); waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const answer = (await (await fetch(`${prometheus.base}/api/v1/query?query=${encodeURIComponent(query)}`)).json()) as PromVector;
      assert.is(answer.status, 'success');
      series = answer.data.result;
    }
    const byRoute = Object.fromEntries(series.map((s) => [`${s.metric.http_route} ${s.metric.http_response_status_code}`, Number(s.value[1])]));
    assert.is(byRoute['/health 200'], 3, JSON.stringify(series));
    assert.is(byRoute['/todo/:id 403'], 1, JSON.stringify(series));
    // The histogram's buckets are there for quantiles.
    const quantile = `histogram_quantile(0.99, sum by (le, http_route) (rate(http_server_request_duration_seconds_bucket{http_route="/health"}[1m])))`;
    const answer = (await (await fetch(`${prometheus.base}/api/v1/query?query=${encodeURIComponent(quantile)}`)).json()) as PromVector;
    assert.is(answer.status, 'success');
  } finally {
    prometheus?.child.kill('SIGTERM');
    await todo?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});

test.run();
