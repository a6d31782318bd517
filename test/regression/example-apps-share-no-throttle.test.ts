// Regression: two applications of the example in one process used to share throttle counters
// through the value ThrottlerModule.forRoot built once, when the module was declared.
import { test } from 'uvu';
import * as assert from 'uvu/assert';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';
const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');

test('each application has its own login budget', async () => {
  const first = await bootstrap();
  const second = await bootstrap();
  const statuses = async (app: typeof first.app) => {
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) seen.push((await app.fetch(new Request('http://in-process/auth/login'))).status);
    return seen;
  };
  assert.equal(await statuses(first.app), [200, 200, 200, 200, 200]);
  assert.equal(await statuses(second.app), [200, 200, 200, 200, 200]);
  assert.is((await first.app.fetch(new Request('http://in-process/auth/login'))).status, 429);
  await Promise.all([first.app.close(), second.app.close()]);
});

test.run();
