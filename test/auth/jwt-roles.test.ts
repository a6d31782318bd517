// A JwtAuthGuard subclass with an injected UserService checks roles (spec Authentication 7).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startJwtApp, type RunningApp } from './fixtures/jwt-app.js';
import { SECRET } from './fixtures/tokens.js';

const test = suite<{ running: RunningApp }>('role-checking JwtAuthGuard subclass');

test.before(async (context) => {
  context.running = await startJwtApp({ secret: SECRET }, 'roles');
});
test.after(async ({ running }) => {
  await running.close();
});

const as = async (running: RunningApp, sub: string) => ({ authorization: `Bearer ${await running.jwt.sign({ sub })}` });

test('a user with the required role is let through', async ({ running }) => {
  const response = await running.get('/admin/stats', await as(running, 'alice'));
  assert.is(response.status, 200);
  assert.equal(await response.json(), { stats: 42 });
});

test('a verified user without the role is refused with 403, after the injected service was asked', async ({ running }) => {
  const before = running.users.lookups;
  const response = await running.get('/admin/stats', await as(running, 'bob'));
  assert.is(response.status, 403);
  assert.is(running.users.lookups, before + 1);
});

test('a valid token of an unknown user is refused on a role-protected route', async ({ running }) => {
  assert.is((await running.get('/admin/stats', await as(running, 'mallory'))).status, 403);
});

test('routes without @Roles only need a valid token', async ({ running }) => {
  assert.is((await running.get('/admin/any', await as(running, 'bob'))).status, 200);
  assert.is((await running.get('/admin/any')).status, 403);
});

test('the subclass keeps the base rules: no token, a bad token, and public routes', async ({ running }) => {
  const before = running.users.lookups;
  assert.is((await running.get('/admin/stats')).status, 403);
  assert.is((await running.get('/admin/stats', { authorization: 'Bearer x.y.z' })).status, 403);
  assert.is((await running.get('/public')).status, 200);
  assert.is(running.users.lookups, before, 'the user service is not asked before the token verified');
});

test.run();
