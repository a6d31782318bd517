// Load generators, pinned to core 1: wrk for HTTP, h2load for gRPC (unary calls over h2c).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { grpcFrame, multipartBody } from './scenarios.mjs';

const run = promisify(execFile);
const luaScript = new URL('./wrk.lua', import.meta.url).pathname;

/** One wrk run; `seconds` of load with `connections` keep-alive connections. */
export async function wrk(url, scenario, { seconds, connections, token }) {
  const env = {
    ...process.env,
    BENCH_METHOD: scenario.method,
    BENCH_BODY: scenario.body ? JSON.stringify(scenario.body) : '',
    BENCH_AUTH: scenario.auth ? `Bearer ${token}` : '',
    // One header a line, `name: value` (the CORS scenarios' Origin and Access-Control-Request-*).
    BENCH_HEADERS: Object.entries(scenario.headers ?? {}).map(([name, value]) => `${name}: ${value}`).join('\n'),
  };
  // A multipart body is too large for an environment variable: wrk reads it from a file.
  const dir = scenario.multipart ? mkdtempSync(join(tmpdir(), 'bench-wrk-')) : undefined;
  if (dir) {
    const { body, contentType } = multipartBody(scenario.multipart);
    writeFileSync(join(dir, 'body'), body);
    Object.assign(env, { BENCH_BODY_FILE: join(dir, 'body'), BENCH_CONTENT_TYPE: contentType });
  }
  const args = ['-c', '1', 'wrk', '-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '5s', '-s', luaScript, url + scenario.path];
  const { stdout } = await run('taskset', args, { env, maxBuffer: 1 << 20 }).finally(() => dir && rmSync(dir, { recursive: true, force: true }));
  const json = /BENCH_JSON (\{.*\})/.exec(stdout);
  if (!json) throw new Error(`wrk printed no summary:\n${stdout}`);
  const r = JSON.parse(json[1]);
  const expectedNon2xx = scenario.status >= 300 ? r.requests : 0;
  return {
    rps: r.requests / (r.duration_us / 1e6),
    p50Ms: r.p50_us / 1000,
    p99Ms: r.p99_us / 1000,
    requests: r.requests,
    // Socket errors and timeouts, plus answers whose class differs from the expected one.
    errors: r.errors + r.timeouts + Math.abs(r.non2xx - expectedNon2xx),
  };
}

/** One h2load run: warm-up then `seconds` of load, p99 from h2load's per-request log. A scenario without `rpc` is a plain GET of its path (over TLS for an https url). */
export async function h2load(url, scenario, { seconds, warmup, connections, streams }) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-h2-'));
  try {
    const data = join(dir, 'request.bin');
    const log = join(dir, 'requests.log');
    const grpc = scenario.rpc !== undefined;
    if (grpc) writeFileSync(data, grpcFrame(scenario.message));
    const request = grpc ? ['-H', 'content-type: application/grpc', '-H', 'te: trailers', '-d', data] : [];
    const args = ['-c', '1', 'h2load', '-t1', `-c${connections}`, `-m${streams}`, `-D${seconds}`, `--warm-up-time=${warmup}`,
      ...request, '--log-file', log,
      grpc ? `${url}/todo.TodoService/${scenario.rpc}` : `${url}${scenario.path}`];
    const { stdout } = await run('taskset', args, { maxBuffer: 1 << 22 });
    const summary = /requests: (\d+) total, \d+ started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored, (\d+) timeout/.exec(stdout);
    if (!summary) throw new Error(`h2load printed no summary:\n${stdout}`);
    // Log lines: start time (µs), HTTP status, duration (µs).
    const durations = readFileSync(log, 'utf8').trim().split('\n').map((line) => Number(line.split('\t')[2])).sort((a, b) => a - b);
    const at = (q) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] / 1000;
    const done = Number(summary[2]);
    return { rps: done / seconds, p50Ms: at(0.5), p99Ms: at(0.99), requests: done, errors: done - Number(summary[3]) + Number(summary[6]) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
