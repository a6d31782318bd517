import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

const FILE = 'test/compiler/fixtures/fw2301-layer-options/src/app.module.ts';
const at = (code: string, line: number, column: number, message: string) => ({ code, severity: 'warning', file: FILE, line, column, message });
const noCache = 'and the CacheInterceptor caches only HTTP GET calls without credentials (its default key).';

test('FW2301-FW2303: option decorators no layer reads, a timeout on a streamed RPC, a cache on routes it never caches (not GET, or a Response), at the decorator', async () => {
  const result = await compileFixture('fw2301-layer-options');
  assert.equal(result.diagnostics.map(golden), [
    at('FW2301', 13, 1, '@CacheTTL(60_000) on ReportController has no effect: only a CacheInterceptor reads it, and no CacheInterceptor runs on any handler of ReportController.'),
    at('FW2301', 16, 3, '@Timeout(200) on ReportController.daily has no effect: only a TimeoutInterceptor reads it, and no TimeoutInterceptor runs on this route.'),
    at(
      'FW2301', 20, 3,
      '@Throttle({ default: { ttl: 1000, limit: 1 } }) on ReportController.export has no effect: only a ThrottlerGuard reads it, and no ThrottlerGuard runs on this route.',
    ),
    at('FW2301', 24, 3, '@SkipThrottle() on ReportController.health has no effect: only a ThrottlerGuard reads it, and no ThrottlerGuard runs on this route.'),
    at('FW2303', 38, 3, `@CacheTTL(5_000) on ItemsController.create has no effect: it answers POST calls, ${noCache}`),
    at('FW2303', 42, 3, '@CacheTTL(5_000) on ItemsController.export has no effect: it returns a Response, which the CacheInterceptor never keeps (it keeps returned values only).'),
    at('FW2303', 49, 20, `@UseInterceptors(CacheInterceptor) on CartsController.remove has no effect: it answers DELETE calls, ${noCache}`),
    at(
      'FW2302', 60, 3,
      '@Timeout(50) on FeedGrpc.Watch bounds only the time until the handler returns its stream: feed.FeedService/Watch is a server-streaming RPC, and the TimeoutInterceptor stops timing once the iterable is returned, not when its last message is sent.',
    ),
  ]);
  const hints = result.diagnostics.map((d) => d.hint);
  assert.is(
    hints[1],
    'register the interceptor: `@UseInterceptors(TimeoutInterceptor)` on ReportController or on daily, `{ token: GLOBAL_INTERCEPTOR, useClass: TimeoutInterceptor }` in a module\'s injectables, or `app.useGlobalInterceptors(new TimeoutInterceptor())` before init; or remove @Timeout(200).',
  );
  assert.is(
    hints[2],
    'register the guard: `{ token: GLOBAL_GUARD, useClass: ThrottlerGuard }` in the module that imports ThrottlerModule.forRoot([…]), or `@UseGuard(ThrottlerGuard)` on ReportController or on export; or remove @Throttle({ default: { ttl: 1000, limit: 1 } }).',
  );
  assert.match(hints[4]!, 'register `new CacheInterceptor({ key: (context) => … })`');
  assert.is(hints[5], 'return the value (the cache keeps values and sends them as JSON), or remove the cache from this route.');
  assert.match(hints[7]!, 'stop yielding when `context.signal` aborts');
  assert.is(result.ok, true, 'warnings: the app still builds');
});

test('FW2301/FW2303 are silent where a layer reads the option: app.useGlobalInterceptors(new …), a GLOBAL_GUARD subclass of ThrottlerGuard, a cache with its own key', async () => {
  const result = await compileFixture('layer-options-covered');
  assert.equal(result.diagnostics.map(golden), []);
});

test.run();
