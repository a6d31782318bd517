/**
 * `@SkipThrottle` flags merge per throttler, handler over class (the NestJS pattern: `@SkipThrottle()`
 * on a controller, `@SkipThrottle({ default: false })` on the one route that stays throttled). The
 * runtime reads a list of names to skip, so the compiler lists every declared throttler but the
 * re-enabled ones; the runtime's own route planner proves the list means what was written.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { skippedThrottlers } from '../../compiler/src/analyze/skip-throttle.js';
import { planRoute } from '../../runtime/core/src/throttler/route-plan.js';
import { ThrottlerConfig } from '../../runtime/core/src/throttler/throttler-config.js';
import type { HandlerEntry } from '../../runtime/core/src/contract/tables.js';
import { compileFixture } from './helpers.js';

const names = { kind: 'static', names: ['default', 'burst', 'hourly'] } as const;

test('the handler re-enables one throttler under a class-level @SkipThrottle(): every other declared one is listed', async () => {
  const result = await compileFixture('regression-skip-throttle-reenable');
  assert.equal(result.diagnostics, []);
  const skips = Object.fromEntries(result.model!.routes.map((r) => [r.name, r.skipThrottle]));
  assert.equal(skips, {
    'ReportsController.list': ['*'],
    'ReportsController.export': ['burst', 'hourly'],
    'ReportsController.everything': ['hourly'],
    'SearchController.search': ['hourly'],
    'SearchController.all': ['*'],
  });
  assert.ok(result.files[0]!.text.includes("annotations: { skipThrottle: ['burst', 'hourly'] }"));
});

test('the runtime plans the re-enabled throttler, and only it, for the route', async () => {
  const result = await compileFixture('regression-skip-throttle-reenable');
  const config = new ThrottlerConfig([
    { ttl: 60000, limit: 100 },
    { name: 'burst', ttl: 1000, limit: 5 },
    { name: 'hourly', ttl: 3600000, limit: 1000 },
  ]);
  const planned = (name: string): string[] => {
    const route = result.model!.routes.find((r) => r.name === name)!;
    const entry = { id: route.id, name, annotations: route.skipThrottle ? { skipThrottle: route.skipThrottle } : {} } as unknown as HandlerEntry;
    return planRoute(config, entry).map((rule) => rule.name);
  };
  assert.equal(planned('ReportsController.list'), []);
  assert.equal(planned('ReportsController.export'), ['default']);
  assert.equal(planned('ReportsController.everything'), ['default', 'burst']);
  assert.equal(planned('SearchController.search'), ['default', 'burst']);
});

test('skippedThrottlers: name over wildcard, handler over class; names needed only to list "all but"', () => {
  assert.equal(skippedThrottlers({ '*': true }, undefined, names), ['*']);
  assert.equal(skippedThrottlers({ '*': true }, { default: false }, names), ['burst', 'hourly']);
  assert.equal(skippedThrottlers({ '*': true }, { default: false }, { kind: 'dynamic' }), 'unknown');
  assert.equal(skippedThrottlers({ '*': true }, { default: false }, { kind: 'none' }), ['*']);
  assert.equal(skippedThrottlers({ '*': true }, { missing: false }, names), ['*'], 're-enabling an undeclared name (FW1501) changes nothing');
  assert.equal(skippedThrottlers({ default: false }, { '*': true }, names), ['*'], "the handler's @SkipThrottle() wins over the class's flags");
  assert.equal(skippedThrottlers({ burst: true }, { burst: false }, names), []);
  assert.equal(skippedThrottlers({ burst: true }, { hourly: true }, { kind: 'dynamic' }), ['burst', 'hourly']);
  assert.equal(skippedThrottlers({ '*': true, default: false }, undefined, names), ['burst', 'hourly'], 'one level: a name beats the wildcard');
  assert.equal(skippedThrottlers(undefined, { default: false }, names), []);
});

test.run();
