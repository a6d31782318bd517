// Regression: with trustProxy on (the default), the leftmost X-Forwarded-For address was the
// caller's key whatever the connection, so a client sending a random X-Forwarded-For per request
// got a fresh budget each time (login brute force past @Throttle 5/min), directly or through a
// proxy that appends to the header (nginx $proxy_add_x_forwarded_for, AWS ALB). Forwarding headers
// now count only from a trusted proxy, and the client is the rightmost untrusted address.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  DEFAULT_TRUSTED_PROXIES,
  PRIVATE_NETWORKS,
  canonicalAddress,
  FrameworkApplication,
  ThrottlerConfig,
  ThrottlerGuard,
  ThrottlerModule,
  TrustedProxies,
  type ExecutionContext,
  type ThrottlerStorage,
} from '@framework/core';
import { AuthController, LimitedController } from './fixtures/controllers.js';
import { buildTables, defineAppModule, startApp, type AppSpec, type RunningApp } from './fixtures/app.js';
import { httpContext, routeEntry } from './fixtures/context.js';

const apps: { close(): Promise<void> }[] = [];
test.after(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

const trackers: string[] = [];

/** Records what the default tracker resolves, to assert exact values. */
class RecordingGuard extends ThrottlerGuard {
  protected override getTracker(context: ExecutionContext): string | Promise<string> {
    const tracker = super.getTracker(context) as string;
    trackers.push(tracker);
    return tracker;
  }
}

async function start(spec: Partial<AppSpec>): Promise<RunningApp> {
  const app = await startApp({ throttlers: [{ ttl: 60000, limit: 100 }], controllers: [LimitedController, AuthController], ...spec });
  apps.push(app);
  return app;
}

/** A fresh address of TEST-NET-3 for each call, as a spoofing client would send. */
let spoofed = 0;
const randomAddress = () => `203.0.113.${++spoofed % 250}`;

async function loginStatuses(app: RunningApp, headers: () => Record<string, string>, calls = 7): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < calls; i++) statuses.push((await app.get('/auth/login', headers())).status);
  return statuses;
}

test('through an appending proxy (default trustProxy): a random X-Forwarded-For per call does not reset the 5/min login budget', async () => {
  const app = await start({});
  // The proxy runs on loopback and appends the client's address (198.51.100.23) to what the client sent.
  const statuses = await loginStatuses(app, () => ({ 'x-forwarded-for': `${randomAddress()}, 198.51.100.23` }));
  assert.equal(statuses, [200, 200, 200, 200, 200, 429, 429]);
  const other = await app.get('/auth/login', { 'x-forwarded-for': `${randomAddress()}, 198.51.100.24` });
  assert.is(other.status, 200, 'another client behind the same proxy has its own budget');
});

test('from an untrusted connection, X-Forwarded-For and X-Real-IP are ignored (the connection address counts)', async () => {
  // Only 10/8 is trusted, so this test's loopback connection is an ordinary client.
  const app = await start({ trustProxy: ['10.0.0.0/8'] });
  const statuses = await loginStatuses(app, () => ({ 'x-forwarded-for': randomAddress(), 'x-real-ip': randomAddress() }));
  assert.equal(statuses, [200, 200, 200, 200, 200, 429, 429]);
});

test('the key is the rightmost address that is not a trusted proxy; all trusted: the leftmost', async () => {
  // ipv6Subnet 128: the addresses themselves, not the /56 an IPv6 address stands for.
  const app = await start({ guard: RecordingGuard, trustProxy: [...DEFAULT_TRUSTED_PROXIES, ...PRIVATE_NETWORKS], ipv6Subnet: 128 });
  trackers.length = 0;
  await app.get('/limited/a', { 'x-forwarded-for': '198.51.100.9, 203.0.113.7, 10.0.0.2, 192.168.1.1' });
  await app.get('/limited/a', { 'x-forwarded-for': '10.0.0.5, 172.16.0.2' });
  await app.get('/limited/a', { 'x-forwarded-for': 'not-an-address, 10.0.0.6' });
  await app.get('/limited/a', { 'x-forwarded-for': '2001:db8::7, fd00::1' });
  await app.get('/limited/a', { 'x-forwarded-for': 'unknown', 'x-real-ip': '198.51.100.1' });
  assert.equal(trackers, ['203.0.113.7', '10.0.0.5', '10.0.0.6', '2001:db8::7', '198.51.100.1']);
});

test('trustProxy as a list trusts exactly those proxies', async () => {
  const app = await start({ guard: RecordingGuard, trustProxy: ['127.0.0.1', '198.51.100.0/24'] });
  trackers.length = 0;
  // 10.0.0.2 is private but not listed: it is the client.
  await app.get('/limited/a', { 'x-forwarded-for': '203.0.113.7, 10.0.0.2' });
  await app.get('/limited/a', { 'x-forwarded-for': '203.0.113.7, 198.51.100.200' });
  assert.equal(trackers, ['10.0.0.2', '203.0.113.7']);
});

test('a dual-stack listener sees ::ffff:127.0.0.1, which is trusted as loopback', async () => {
  const spec: AppSpec = { throttlers: [{ ttl: 60000, limit: 100 }], controllers: [LimitedController], guard: RecordingGuard };
  const AppModule = defineAppModule(spec);
  const app = await new FrameworkApplication(buildTables(AppModule, spec)).init(AppModule);
  apps.push(app);
  const port = await app.listen(0); // every interface: IPv4 clients appear IPv4-mapped where IPv6 is available
  trackers.length = 0;
  await fetch(`http://127.0.0.1:${port}/limited/a`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
  assert.equal(trackers, ['203.0.113.7']);
});

test('which connection addresses the default trusts (loopback only)', () => {
  const keys: string[] = [];
  const storage: ThrottlerStorage = {
    increment: (key) => {
      keys.push(key);
      return { totalHits: 1, timeToExpireMs: 1000 };
    },
  };
  const guard = new ThrottlerGuard(new ThrottlerConfig([{ ttl: 60000, limit: 5 }], storage));
  const trusted = ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'];
  // A client on the same LAN, container or pod network is not a proxy unless the app says so.
  const untrusted = ['10.1.2.3', '172.16.0.1', '192.168.0.9', '169.254.1.1', 'fc00::1', 'fd12::3', 'fe80::1', 'fe80::1%eth0', '::ffff:10.0.0.1', '192.0.2.1', '172.15.255.255', '172.32.0.0', '192.169.0.1', '11.0.0.1', '128.0.0.1', '::2', 'fec0::1', '2001:db8::1', '::ffff:192.0.2.1', '', 'localhost'];
  for (const remote of [...trusted, ...untrusted]) {
    keys.length = 0;
    void guard.canActivate(httpContext(routeEntry(1), { 'x-forwarded-for': '198.51.100.77' }, remote));
    const believed = keys[0] === 'default:1:198.51.100.77';
    assert.is(believed, trusted.includes(remote), `${remote} ${trusted.includes(remote) ? 'should' : 'should not'} be trusted`);
  }
});

test('TrustedProxies: CIDR ranges and single addresses, IPv4 and IPv6', () => {
  const proxies = new TrustedProxies(['203.0.113.0/25', '2001:db8:1::/48', '198.51.100.7', '::ffff:192.0.2.0/120'], 'trustProxy');
  const inside = ['203.0.113.0', '203.0.113.127', '::ffff:203.0.113.5', '2001:db8:1::1', '2001:db8:1:ffff::1', '198.51.100.7', '192.0.2.200'];
  const outside = ['203.0.113.128', '2001:db8:2::1', '198.51.100.8', '192.0.3.1', 'nonsense', '203.0.113.1:443'];
  for (const address of inside) assert.ok(proxies.contains(address), address);
  for (const address of outside) assert.not.ok(proxies.contains(address), address);
  assert.equal([...DEFAULT_TRUSTED_PROXIES], ['127.0.0.0/8', '::1/128']);
  const privateNetworks = new TrustedProxies(PRIVATE_NETWORKS, 'trustProxy');
  for (const address of ['10.1.2.3', '172.31.255.255', '192.168.0.9', '169.254.1.1', 'fd12::3', 'febf::1']) assert.ok(privateNetworks.contains(address), address);
  for (const address of ['172.32.0.0', '192.169.0.1', 'fec0::1', '127.0.0.1']) assert.not.ok(privateNetworks.contains(address), address);
});

test('an invalid trustProxy is refused at start-up, naming the entry', () => {
  const error = (trustProxy: unknown) => {
    try {
      ThrottlerModule.forRoot([{ ttl: 1000, limit: 1 }], { trustProxy: trustProxy as string[] });
    } catch (e) {
      assert.instance(e, TypeError);
      return (e as Error).message;
    }
    throw new Error('accepted');
  };
  assert.is(
    error(['10.0.0.0/8', '10.0.0.0/33']),
    "ThrottlerModule.forRoot: trustProxy[1] must be an IP address or a CIDR range, such as '10.0.0.7', '10.0.0.0/8' or 'fd00::/8'; got '10.0.0.0/33'.",
  );
  assert.match(error(['my-proxy.internal']), "got 'my-proxy.internal'");
  assert.is(
    error('yes'),
    "ThrottlerModule.forRoot: trustProxy must be true (trust proxies on loopback), false (trust none) or an array of addresses and CIDR ranges such as ['10.0.0.0/8']; got 'yes'.",
  );
});

test('one address written two ways is one caller: IPv4-mapped IPv6 and IPv6 compression are normalised', async () => {
  const app = await start({ guard: RecordingGuard, throttlers: [{ ttl: 60000, limit: 2 }], ipv6Subnet: 128 });
  trackers.length = 0;
  const statuses = [];
  for (const forwarded of ['::ffff:203.0.113.7', '203.0.113.7', '::FFFF:cb00:7107']) statuses.push((await app.get('/limited/a', { 'x-forwarded-for': forwarded })).status);
  for (const forwarded of ['2001:db8:0:0::1', '2001:DB8::1', '2001:0db8:0000:0000:0000:0000:0000:0001']) statuses.push((await app.get('/limited/a', { 'x-real-ip': forwarded })).status);
  assert.equal(trackers, ['203.0.113.7', '203.0.113.7', '203.0.113.7', '2001:db8::1', '2001:db8::1', '2001:db8::1']);
  assert.equal(statuses, [200, 200, 429, 200, 200, 429]);
});

test('canonicalAddress: RFC 5952 text for IPv6, dotted IPv4 for mapped addresses', () => {
  const cases: Record<string, string | undefined> = {
    '127.0.0.1': '127.0.0.1',
    '::ffff:127.0.0.1': '127.0.0.1',
    '::1': '::1',
    '0:0:0:0:0:0:0:0': '::',
    '2001:db8:0:0:1:0:0:1': '2001:db8::1:0:0:1',
    '2001:db8:0:1:1:1:1:1': '2001:db8:0:1:1:1:1:1',
    'fe80::1%eth0': 'fe80::1',
    'FE80:0:0:0:0:0:0:A': 'fe80::a',
    '1:0:0:2:0:0:0:3': '1:0:0:2::3',
    '010.0.0.1': undefined,
    'localhost': undefined,
  };
  for (const [input, expected] of Object.entries(cases)) assert.is(canonicalAddress(input), expected, input);
});

test('trustProxy: [] trusts nobody, like false', async () => {
  const app = await start({ guard: RecordingGuard, trustProxy: [] });
  trackers.length = 0;
  await app.get('/limited/a', { 'x-forwarded-for': '203.0.113.7', 'x-real-ip': '203.0.113.8' });
  assert.equal(trackers, ['127.0.0.1']);
});

test.run();
