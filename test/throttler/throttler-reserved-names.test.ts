// Regression: throttler names such as `constructor`, `toString` or `__proto__` were accepted, then
// the route plan looked `throttle[name]` up in the route's annotations (an object literal), found
// the member every object inherits, and every throttled route answered 500. Such names are now
// refused at start-up, and overrides are read from the annotations' own members only.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ThrottlerConfig, ThrottlerGuard, ThrottlerModule, type RouteAnnotations } from '@framework/core';
import { LimitedController } from './fixtures/controllers.js';
import { startApp } from './fixtures/app.js';
import { httpContext, routeEntry } from './fixtures/context.js';

function forRootError(name: string): string {
  try {
    ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }, { name, ttl: 1000, limit: 3 }]);
  } catch (error) {
    assert.instance(error, TypeError);
    return (error as Error).message;
  }
  throw new Error(`forRoot accepted the throttler name '${name}'`);
}

test('names of members every object inherits are refused, with the reason and a way out', () => {
  assert.is(
    forRootError('constructor'),
    "ThrottlerModule.forRoot: throttlers[1].name 'constructor' is reserved: every JavaScript object already has a member named 'constructor', " +
      "so an override such as @Throttle({ constructor: { ttl, limit } }) could not be told from it. Choose another name, such as 'constructor-limit'.",
  );
  for (const name of ['toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__proto__', '__defineGetter__']) {
    assert.match(forRootError(name), `throttlers[1].name '${name}' is reserved`);
  }
  assert.match(forRootError('__proto__'), "such as 'proto-limit'");
});

test('the refusal also holds for a ThrottlerConfig built by hand', () => {
  assert.throws(() => new ThrottlerConfig([{ name: 'toString', ttl: 1000, limit: 1 }]), /'toString' is reserved/);
});

test('names that merely resemble them are fine, and routes answer', async () => {
  const app = await startApp({
    throttlers: [
      { name: 'constructors', ttl: 60000, limit: 5 },
      { name: 'to-string', ttl: 60000, limit: 5 },
    ],
    controllers: [LimitedController],
  });
  try {
    const response = await app.get('/limited/a');
    assert.is(response.status, 200);
    assert.is(response.headers.get('x-ratelimit-limit-constructors'), '5');
    assert.is(response.headers.get('x-ratelimit-limit-to-string'), '5');
  } finally {
    await app.close();
  }
});

test('an override is read from the annotations’ own members, never from their prototype', () => {
  const guard = new ThrottlerGuard(new ThrottlerConfig([{ ttl: 60000, limit: 2 }]));
  // An annotations object whose `throttle` inherits a `default` entry (as `constructor` is inherited).
  const inherited = Object.create({ default: { ttl: 60000, limit: 1 } }) as Record<string, { ttl: number; limit: number }>;
  const annotations: RouteAnnotations = { throttle: inherited };
  const context = httpContext(routeEntry(9, annotations));
  assert.is(guard.canActivate(context), true);
  assert.is(context.sent.get('x-ratelimit-limit'), '2', 'the inherited override is not applied');
});

test.run();
