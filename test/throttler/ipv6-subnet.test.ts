// Regression: every IPv6 address had a quota of its own, and a caller holds a whole network of
// them (a /64 at least, commonly a /56), so a client picking a fresh address per call (or sending
// a fresh one through a trusted proxy) was never throttled: the login's 5 a minute did not hold.
// An IPv6 address now stands for its /56 (the `ipv6Subnet` option).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ThrottlerConfig, ThrottlerModule } from '@framework/core';
import { AuthController, LimitedController } from './fixtures/controllers.js';
import { startApp, type AppSpec, type RunningApp } from './fixtures/app.js';

const apps: RunningApp[] = [];
test.after(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

async function start(spec: Partial<AppSpec> = {}): Promise<RunningApp> {
  const app = await startApp({ throttlers: [{ ttl: 60000, limit: 100 }], controllers: [LimitedController, AuthController], ...spec });
  apps.push(app);
  return app;
}

/** Logs in seven times, each call from another address of `network` (a trusted loopback proxy forwards it). */
async function loginStatuses(app: RunningApp, network: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= 7; i++) {
    // Only the last 8 bits of the fourth group (and everything after it) change: one /56.
    const address = `${network}${(0x4200 + ((i * 37) & 0xff)).toString(16)}:${(i * 7919).toString(16)}::${i}`;
    statuses.push((await app.get('/auth/login', { 'x-forwarded-for': address })).status);
  }
  return statuses;
}

test('a caller picking a fresh address of its /56 for every call keeps one login budget (5 a minute)', async () => {
  const app = await start();
  assert.equal(await loginStatuses(app, '2001:db8:aa:'), [200, 200, 200, 200, 200, 429, 429]);
  // The addresses of another /56 are another caller.
  const other = await app.get('/auth/login', { 'x-forwarded-for': '2001:db8:aa:4300::1' });
  assert.is(other.status, 200);
  // A refusal says when to come back, as for IPv4.
  const refused = await app.get('/auth/login', { 'x-forwarded-for': '2001:db8:aa:42ff:1:2:3:4' });
  assert.is(refused.status, 429);
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
});

test('the bits that name a caller are the `ipv6Subnet` option; 128 counts each address', async () => {
  const perAddress = await start({ ipv6Subnet: 128 });
  assert.equal(await loginStatuses(perAddress, '2001:db8:cc:'), [200, 200, 200, 200, 200, 200, 200]);
  const per64 = await start({ ipv6Subnet: 64 });
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push((await per64.get('/auth/login', { 'x-forwarded-for': `2001:db8:dd:${i}::1` })).status);
  assert.equal(statuses, [200, 200, 200, 200, 200, 200, 200], 'each /64 is a caller of its own');
  for (let i = 0; i < 5; i++) assert.is((await per64.get('/auth/login', { 'x-forwarded-for': `2001:db8:dd:9::${i + 1}` })).status, 200);
  assert.is((await per64.get('/auth/login', { 'x-forwarded-for': '2001:db8:dd:9:ffff::' })).status, 429);
});

test('IPv4 callers are counted per address, an IPv4-mapped address as its IPv4 form', async () => {
  const app = await start();
  for (let i = 0; i < 5; i++) assert.is((await app.get('/auth/login', { 'x-forwarded-for': `198.51.100.${i + 1}` })).status, 200);
  assert.is((await app.get('/auth/login', { 'x-forwarded-for': '198.51.100.1' })).status, 200, 'five addresses, five budgets');
  for (let i = 0; i < 4; i++) await app.get('/auth/login', { 'x-forwarded-for': '::ffff:198.51.100.1' });
  assert.is((await app.get('/auth/login', { 'x-forwarded-for': '198.51.100.1' })).status, 429);
});

test('ipv6Subnet is checked at start: a prefix length from 1 to 128', () => {
  assert.is(new ThrottlerConfig([{ ttl: 1000, limit: 1 }]).ipv6Subnet, 56);
  for (const bad of [0, 129, 56.5, '56', Number.NaN]) {
    assert.throws(() => ThrottlerModule.forRoot([{ ttl: 1000, limit: 1 }], { ipv6Subnet: bad as number }), /ipv6Subnet must be a prefix length from 1 to 128.*got/);
  }
});

test.run();
