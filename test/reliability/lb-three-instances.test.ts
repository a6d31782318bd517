// Several instances, one behaviour: three instances of the compiled example behind a real nginx
// (HTTP/1.1, and gRPC over HTTP/2), sharing one redis-server. The login limit holds across
// instances, a cached answer is shared exactly where it may be, a rolling restart under load fails
// no request and cuts no answer, and a Redis outage mid-load follows the documented policy (fail
// open: answered without limits or cache, no crash) and recovers when Redis returns.
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { credentials, loadPackageDefinition, type Client, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { launch, type LaunchedServer } from '../launch.js';
import { hs256 } from '../auth/fixtures/tokens.js';
import { freePort, startRedis, type RedisProcess } from '../throttler/fixtures/redis.js';
import { startBalancer, type Balancer } from './fixtures/balancer.js';

const main = fileURLToPath(new URL('../../examples/todo/dist/examples/todo/src/main.js', import.meta.url));
const healthProto = fileURLToPath(new URL('../../node_modules/grpc-health-check/proto/health/v1/health.proto', import.meta.url));
const JWT_SECRET = 'balanced-secret-of-at-least-32-bytes!';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Instance {
  readonly httpPort: number;
  readonly grpcPort: number;
  server: LaunchedServer;
}

let redis: RedisProcess;
let balancer: Balancer;
const instances: Instance[] = [];
let health: Client & { Check(request: object, callback: (error: ServiceError | null, reply?: { status: string }) => void): void };

const start = (httpPort: number, grpcPort: number) =>
  launch(process.execPath, [main], { env: { PORT: String(httpPort), GRPC_PORT: String(grpcPort), HOST: '127.0.0.1', REDIS_URL: `redis://127.0.0.1:${redis.port}`, JWT_SECRET }, readyWithinMs: 60_000 });

test.before(async () => {
  redis = await startRedis();
  for (let i = 0; i < 3; i++) {
    const [httpPort, grpcPort] = [await freePort(), await freePort()];
    instances.push({ httpPort, grpcPort, server: await start(httpPort, grpcPort) });
  }
  balancer = await startBalancer(
    instances.map((i) => `127.0.0.1:${i.httpPort}`),
    instances.map((i) => `127.0.0.1:${i.grpcPort}`),
  );
  const Health = (loadPackageDefinition(loadSync(healthProto, { enums: String })) as any).grpc.health.v1.Health;
  health = new Health(balancer.grpcAddress, credentials.createInsecure());
});

test.after(async () => {
  health?.close();
  await balancer?.stop();
  await Promise.all(instances.map((i) => i.server.stop()));
  await redis?.stop();
});

/** A GET or POST through the balancer, as a client at `client` (nginx appends it to X-Forwarded-For). */
async function send(path: string, options: { client?: string; token?: string; body?: object } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.client ?? '198.51.100.1' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body) headers['content-type'] = 'application/json';
  const response = await fetch(`${balancer.base}${path}`, { method: options.body ? 'POST' : 'GET', headers, body: options.body && JSON.stringify(options.body) });
  return { status: response.status, upstream: response.headers.get('x-upstream') ?? '', body: (await response.json()) as Record<string, unknown> };
}

const wrongLogin = (client: string) => send('/auth/login', { client, body: { username: 'demo', password: 'wrong' } });

test('the login limit holds across instances: the 6th wrong login within the window is 429 whichever instance answers', async () => {
  const answers = [];
  for (let i = 0; i < 7; i++) answers.push(await wrongLogin('203.0.113.7'));
  assert.equal(answers.map((a) => a.status), [401, 401, 401, 401, 401, 429, 429]);
  assert.is(new Set(answers.map((a) => a.upstream)).size, 3, 'the balancer spread them over the three instances');
  assert.is((await wrongLogin('203.0.113.8')).status, 401, 'another client has its own count');
});

test('a cached answer is shared by every instance where it may be, and per user where it must be', async () => {
  // The first call fills the cache (calls racing on a cold key may each compute an answer).
  const first = await send('/info');
  const anonymous = await Promise.all([0, 1, 2, 3, 4, 5].map(() => send('/info')));
  assert.is(new Set(anonymous.map((a) => a.upstream)).size, 3);
  assert.equal(anonymous[0]!.body, first.body);
  assert.is(new Set(anonymous.map((a) => JSON.stringify(a.body))).size, 1, 'one answer, computed by one instance, served by all three');
  const alice = await hs256({ sub: 'alice' }, JWT_SECRET);
  const bob = await hs256({ sub: 'bob' }, JWT_SECRET);
  await send('/info/me', { token: alice });
  const forAlice = await Promise.all([0, 1, 2].map(() => send('/info/me', { token: alice })));
  assert.is(new Set(forAlice.map((a) => JSON.stringify(a.body))).size, 1, "alice's answer, shared between instances");
  assert.is(forAlice[0]!.body.sub, 'alice');
  const forBob = await Promise.all([0, 1, 2].map(() => send('/info/me', { token: bob })));
  assert.ok(forBob.every((a) => a.body.sub === 'bob'), "bob never gets alice's answer");
  assert.is((await send('/info/me')).status, 403, 'an anonymous caller is refused, not served a cached answer');
});

/** Mixed load through the balancer until `stop()`: what failed, and how. */
function load(concurrency: number) {
  const outcome = { ok: 0, failures: [] as string[] };
  let running = true;
  let n = 0;
  const client = () => `198.51.100.${(n % 200) + 1}`;
  const token = hs256({ sub: 'loader' }, JWT_SECRET);
  const one = async (): Promise<void> => {
    const kind = n++ % 4;
    try {
      if (kind === 3) {
        const reply = await new Promise<{ status: string }>((resolve, reject) => health.Check({ service: '' }, (error, answer) => (error ? reject(error) : resolve(answer!))));
        if (reply.status !== 'SERVING') outcome.failures.push(`gRPC health ${reply.status}`);
        else outcome.ok++;
        return;
      }
      const path = kind === 0 ? '/health/' : kind === 1 ? '/info' : '/todo?limit=5';
      const answer = await send(path, { client: client(), token: kind === 2 ? await token : undefined });
      if (answer.status !== 200) outcome.failures.push(`${path} ${answer.status} ${JSON.stringify(answer.body).slice(0, 80)}`);
      else outcome.ok++;
    } catch (error) {
      // A reset or a cut answer: fetch or the JSON parse of a truncated body fails.
      outcome.failures.push(`${kind === 3 ? 'gRPC' : 'HTTP'} ${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')}`);
    }
  };
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) await one();
  });
  return {
    outcome,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return outcome;
    },
  };
}

test('a rolling restart under load (each instance in turn gets SIGTERM and comes back) fails no request and cuts no answer', async () => {
  const running = load(6);
  await sleep(500);
  for (const instance of instances) {
    await instance.server.stop();
    assert.is(await instance.server.exited, 0, 'the instance exited cleanly on SIGTERM');
    await sleep(300); // down for a moment: nginx must send its share elsewhere
    instance.server = await start(instance.httpPort, instance.grpcPort);
    await sleep(700);
  }
  const outcome = await running.stop();
  // A gRPC call is a POST nginx has already streamed to the instance whose GOAWAY crossed it: the
  // balancer may not retry it, and it ends UNAVAILABLE (the status gRPC clients retry). Every other
  // request must have been answered (docs/deployment.md, Rolling restart).
  const unretryable = outcome.failures.filter((failure) => failure.startsWith('gRPC 14 UNAVAILABLE'));
  const failed = outcome.failures.filter((failure) => !unretryable.includes(failure));
  assert.equal(failed.slice(0, 10), [], `${failed.length} of ${outcome.ok + outcome.failures.length} requests failed`);
  assert.ok(unretryable.length <= 5, `${unretryable.length} gRPC calls refused mid-restart`);
  assert.ok(outcome.ok > 200, `${outcome.ok} requests answered`);
  // A reset of a connection nginx had just sent a request on is retried (above: nothing failed); an
  // answer cut once it had begun would read "prematurely closed".
  assert.equal(balancer.errors().match(/upstream prematurely closed[^\n]*/g) ?? [], [], 'no answer was cut off');
});

test('a Redis outage mid-load: answers go on without limits or cache (fail open), nothing crashes, and limits hold again once Redis is back', async () => {
  const running = load(6);
  await sleep(300);
  await redis.stop();
  await sleep(1500);
  const duringOutage = [];
  for (let i = 0; i < 7; i++) duringOutage.push((await wrongLogin('203.0.113.50')).status);
  assert.equal(duringOutage, [401, 401, 401, 401, 401, 401, 401], 'fail open: no limit while Redis is down');
  redis = await startRedis(redis.port);
  await sleep(2500); // the instances reconnect (ioredis retries every second at most)
  const outcome = await running.stop();
  assert.equal(outcome.failures.slice(0, 10), [], `${outcome.failures.length} of ${outcome.ok + outcome.failures.length} requests failed`);
  for (const instance of instances) assert.is(instance.server.pid > 0 && (await Promise.race([instance.server.exited, sleep(10).then(() => 'running')])), 'running');
  const after = [];
  for (let i = 0; i < 6; i++) after.push((await wrongLogin('203.0.113.51')).status);
  assert.equal(after, [401, 401, 401, 401, 401, 429], 'the shared limit holds again');
  const logs = instances.map((i) => i.server.output()).join('\n');
  assert.match(logs, /RedisThrottlerStorage: Redis is unavailable, calls are allowed without limits/);
  assert.not.match(logs, /Unhandled|uncaught/i);
});

test.run();
