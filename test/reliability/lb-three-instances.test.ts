// Several instances, one behaviour: three instances of the compiled example behind a real nginx
// (HTTP/1.1, and gRPC over HTTP/2), sharing one redis-server. The login limit holds across
// instances, a cached answer is shared exactly where it may be, a rolling restart under load fails
// no request the balancer may retry and cuts no answer, and a Redis outage mid-load follows the
// documented policy (fail open: answered without limits or cache, no crash) and recovers when
// Redis returns.
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { credentials, loadPackageDefinition, status as grpcStatus, type Client, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { launch, type LaunchedServer } from '../launch.js';
import { hs256 } from '../auth/fixtures/tokens.js';
import { freePort, startRedis, type RedisProcess } from '../throttler/fixtures/redis.js';
import { startBalancer, type Balancer } from './fixtures/balancer.js';
import { call, todoClient } from '../e2e/grpc-client.js';

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
let todos: ReturnType<typeof todoClient>;

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
  todos = todoClient(balancer.grpcAddress);
});

test.after(async () => {
  health?.close();
  todos?.close();
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

/**
 * The kinds of request of the load, as nginx sees them: HTTP GETs (idempotent, request bodies
 * buffered: nginx retries them on another instance whatever happened) and gRPC calls (POSTs whose
 * bodies nginx streams unbuffered: it retries one only if none of it was sent, `non_idempotent` or
 * not), here the health service's Check and the todo service's GetTodo.
 */
type Kind = 'HTTP' | 'gRPC health' | 'gRPC GetTodo';

/** Mixed load through the balancer until `stop()`: what was answered, and what failed, by kind. */
function load(concurrency: number) {
  const outcome = { ok: 0, notServing: 0, failures: [] as { kind: Kind; what: string }[] };
  let running = true;
  let n = 0;
  const client = () => `198.51.100.${(n % 200) + 1}`;
  const token = hs256({ sub: 'loader' }, JWT_SECRET);
  const fail = (kind: Kind, what: string) => outcome.failures.push({ kind, what });
  const one = async (): Promise<void> => {
    const turn = n++ % 5;
    const kind: Kind = turn === 3 ? 'gRPC health' : turn === 4 ? 'gRPC GetTodo' : 'HTTP';
    try {
      if (kind === 'gRPC health') {
        const reply = await new Promise<{ status: string }>((resolve, reject) => health.Check({ service: '' }, (error, answer) => (error ? reject(error) : resolve(answer!))));
        // NOT_SERVING is a draining instance's true answer (readiness goes down first) while it
        // still serves every call it was sent; it is counted apart.
        if (reply.status === 'NOT_SERVING') outcome.notServing++;
        else if (reply.status !== 'SERVING') fail(kind, `status ${reply.status}`);
        else outcome.ok++;
        return;
      }
      if (kind === 'gRPC GetTodo') {
        // No such todo: NOT_FOUND is the instance's answer (RESOURCE_EXHAUSTED too: every gRPC call
        // shares the balancer's quota). Any other status did not come from the service.
        const answer = await call(todos.GetTodo, todos, { id: 'no-such-todo' }, await token);
        const code = 'code' in answer ? (answer as ServiceError).code : -1;
        if (code === grpcStatus.NOT_FOUND || code === grpcStatus.RESOURCE_EXHAUSTED) outcome.ok++;
        else fail(kind, `${code} ${(answer as ServiceError).details ?? 'answered'}`);
        return;
      }
      const path = turn === 0 ? '/health/' : turn === 1 ? '/info' : '/todo?limit=5';
      const answer = await send(path, { client: client(), token: turn === 2 ? await token : undefined });
      if (answer.status !== 200) fail(kind, `${path} ${answer.status} ${JSON.stringify(answer.body).slice(0, 80)}`);
      else outcome.ok++;
    } catch (error) {
      // A reset or a cut answer: fetch or the JSON parse of a truncated body fails.
      fail(kind, `${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')}`);
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

const failuresOf = (outcome: ReturnType<typeof load>['outcome'], kind: Kind) => outcome.failures.filter((f) => f.kind === kind).map((f) => f.what);

test('a rolling restart under load (each instance in turn gets SIGTERM and comes back) fails no request the balancer may retry, refuses no call it was sent and cuts no answer', async () => {
  const running = load(6);
  await sleep(500);
  for (const instance of instances) {
    await instance.server.stop();
    assert.is(await instance.server.exited, 0, 'the instance exited cleanly on SIGTERM');
    // It drained within its shutdownTimeoutMs (5 s): no connection was cut by force.
    const closedIn = Number(/SIGTERM, closed in (\d+) ms/.exec(instance.server.output())?.[1] ?? NaN);
    assert.ok(closedIn < 5000, `closed in ${closedIn} ms`);
    await sleep(300); // down for a moment: nginx must send its share elsewhere
    instance.server = await start(instance.httpPort, instance.grpcPort);
    // As an operator would, the next instance stops once the balancer has taken this one back:
    // nginx keeps a failed server out for its fail_timeout (2 s, fixtures/nginx-config.mjs), and
    // with two out at once a busy third one failing once leaves no live upstream for a call.
    await sleep(2100);
  }
  const outcome = await running.stop();
  const total = outcome.ok + outcome.notServing + outcome.failures.length;
  const nginxLog = balancer.errors();
  // What nginx saw, but for the refused connections of a stopped instance (retried, as they should be).
  const seen = nginxLog.split('\n').filter((line) => line.includes('[error]') && !line.includes('(111: Connection refused)')).join('\n');
  assert.equal(failuresOf(outcome, 'HTTP').slice(0, 10), [], `HTTP requests failed (of ${total} requests); nginx:\n${seen}`);
  // No instance refused a call it had been sent (the GOAWAY of its drain crossing the call):
  // nginx logs that as "upstream sent goaway" or "upstream rejected request".
  assert.equal(nginxLog.match(/upstream (sent goaway|rejected request)[^\n]*/g) ?? [], [], 'no call was refused by a draining instance');
  // A gRPC call can still be lost in one way, outside the instance's reach: nginx connected while
  // the instance's kernel still held its listening socket, wrote the call, and the kernel reset
  // that connection (never accepted) when the socket closed; nginx does not retry a gRPC call it
  // has begun to send. Each loss must be one such reset in nginx's log (docs/deployment.md, Limits).
  for (const [kind, rpc] of [['gRPC health', 'Health/Check'], ['gRPC GetTodo', 'TodoService/GetTodo']] as const) {
    const lost = failuresOf(outcome, kind);
    const resets = nginxLog.split('\n').filter((line) => line.includes('(104: Connection reset by peer)') && line.includes(`${rpc} HTTP/2.0`));
    assert.ok(lost.every((what) => what.startsWith(`${grpcStatus.UNAVAILABLE} `)), `${kind} failures: ${lost.slice(0, 5).join('; ')}; nginx:\n${seen}`);
    assert.ok(lost.length <= resets.length, `${lost.length} ${kind} calls lost, ${resets.length} connections reset before they were accepted; nginx:\n${seen}`);
    if (lost.length > 0) console.log(`  (${lost.length} ${kind} call(s) lost to a connection reset before accept, of ${total} requests)`);
  }
  assert.ok(outcome.ok > 200, `${outcome.ok} requests answered`);
  // A reset of a connection nginx had just sent an HTTP request on is retried (above: none failed); an
  // answer cut once it had begun would read "prematurely closed".
  assert.equal(nginxLog.match(/upstream prematurely closed[^\n]*/g) ?? [], [], 'no answer was cut off');
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
