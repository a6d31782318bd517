/**
 * Golden tests of the wiring mistakes around streams, schemas, caches and the request log that
 * used to build clean and fail at run time (FW1209, FW2405-FW2407, FW2507, FW2312, FW2313): code,
 * severity, message and location of each, the hint of each code, and no report on the fixtures'
 * correct uses.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

const at = (fixture: string, file: string, severity: 'error' | 'warning') => (line: number, column: number, code: string, message: string) => ({
  code, severity, file: `test/compiler/fixtures/${fixture}/src/${file}`, line, column, message,
});

test('FW1209: a second route decorator on one handler is an error at that decorator (the plain one beside @Sse/@Ws)', async () => {
  const result = await compileFixture('fw1209-two-route-decorators');
  const error = at('fw1209-two-route-decorators', 'app.module.ts', 'error');
  assert.equal(result.diagnostics.map(golden), [
    error(10, 3, 'FW1209', "@Post() on ChatController.events adds a second route to a handler that @Sse('/events') already routes: a handler serves one route, and @Sse('/events') is always served on GET."),
    error(14, 18, 'FW1209', "@Get('/socket') on ChatController.socket adds a second route to a handler that @Ws('/socket') already routes: a handler serves one route, and @Ws('/socket') is always served on GET."),
    error(17, 14, 'FW1209', "@Get('/b') on ChatController.both adds a second route to a handler that @Get('/a') already routes: a handler serves one route."),
  ]);
  assert.equal(result.diagnostics.map((d) => d.hint), [
    "remove @Post(): an event stream is opened by a GET request (a browser's EventSource sends nothing else); read what the stream needs from the path, the query or the headers.",
    "remove @Get('/socket'): a WebSocket is opened by a GET upgrade request; read what the stream needs from the path, the query or the headers.",
    'keep one route decorator per method; to answer a second method or path too, add a method with its own decorator that calls this one.',
  ]);
  assert.is(result.ok, false);
});

test('FW2405: context.req read in a @Ws() generator once the socket is open (after a suspension, or in a loop that suspends), at the read', async () => {
  const result = await compileFixture('fw2405-socket-request-read');
  const error = at('fw2405-socket-request-read', 'app.module.ts', 'error');
  const tail = 'when the socket is open: the upgrade request is let go by then, so the read throws and the socket closes with 1011.';
  assert.equal(result.diagnostics.map(golden), [
    error(13, 64, 'FW2405', `ChatController.late reads context.req after the first for await (line 13), ${tail}`),
    error(20, 21, 'FW2405', `ChatController.loop reads ctx.req in a loop that also suspends (line 19), so on its later turns, ${tail}`),
    error(30, 13, 'FW2405', `ChatController.destructured reads \`req\` of context after the first yield (line 29), ${tail}`),
  ]);
  assert.is(
    result.diagnostics[0]!.hint,
    "read what the handler needs of the request through a parameter (@Header('…'), @Query('…'), @Param('…'), @Req()), which is read before the socket opens, or read context.req before the first await, for await or yield.",
  );
});

test('FW2406: a CacheInterceptor reaching a stream route, at the route (class or global) or at the method\'s own use; a keyed cache is not judged', async () => {
  const result = await compileFixture('fw2406-stream-cache');
  const error = at('fw2406-stream-cache', 'app.module.ts', 'error');
  const tail = 'a stream cannot be kept and replayed, so clients sharing a key would split its values and all lose it when one leaves.';
  assert.equal(result.diagnostics.map(golden), [
    error(13, 3, 'FW2406', `FeedController.events is an @Sse() route, but the CacheInterceptor runs on it (@UseInterceptors(CacheInterceptor) on FeedController): ${tail}`),
    error(18, 20, 'FW2406', `ChatController.socket is a @Ws() route, but the CacheInterceptor runs on it (@UseInterceptors(CacheInterceptor) on the method): ${tail}`),
  ]);
  assert.equal(result.diagnostics.map((d) => d.hint), [
    'apply the CacheInterceptor to the routes that return one answer (`@UseInterceptors(CacheInterceptor)` on each of those methods) instead of on the class FeedController.',
    'apply the CacheInterceptor to the routes that return one answer (`@UseInterceptors(CacheInterceptor)` on each of those methods) instead of on this stream route.',
  ]);
  const global = await compileFixture('fw2406-stream-cache-global');
  assert.equal(global.diagnostics.map(golden), [
    at('fw2406-stream-cache-global', 'app.module.ts', 'error')(7, 3, 'FW2406', `FeedController.events is an @Sse() route, but the CacheInterceptor runs on it (registered for every route): ${tail}`),
  ]);
  assert.match(global.diagnostics[0]!.hint, /instead of globally\.$/);
});

test('FW2407: a timeout on a @Ws() or @Sse() route is a warning at the decorator, saying what bounds the stream instead', async () => {
  const result = await compileFixture('fw2407-stream-timeout');
  const warning = at('fw2407-stream-timeout', 'app.module.ts', 'warning');
  const middle = 'bounds only the time until the handler returns its stream:';
  const socket = 'and the TimeoutInterceptor stops timing once the stream starts, so it never ends the socket.';
  const events = 'and the TimeoutInterceptor stops timing once the stream starts, so it never ends the event stream.';
  assert.equal(result.diagnostics.map(golden), [
    warning(11, 3, 'FW2407', `@Timeout(1000) on ChatController.socket ${middle} ChatController.socket is a @Ws() route, ${socket}`),
    warning(20, 20, 'FW2407', `@UseInterceptors(TimeoutInterceptor) on FeedController.events ${middle} FeedController.events is an @Sse() route, ${events}`),
    warning(24, 1, 'FW2407', `@Timeout(500) on LiveController ${middle} LiveController.events is an @Sse() route, ${events}`),
  ]);
  assert.equal(result.diagnostics.map((d) => d.hint), [
    'a socket is bounded by the streaming limits of `new FrameworkApplication(tables, { streaming: { … } })`: `idleTimeoutMs` (closes a silent socket with 4408), `messagesPerSecond` and `maxMessageBytes`; end the generator to close it sooner. Then remove @Timeout(1000).',
    'bound the stream where it is produced: stop yielding when `context.signal` aborts (the client left) or when your own time limit passes; then remove @UseInterceptors(TimeoutInterceptor).',
    'bound the stream where it is produced: stop yielding when `context.signal` aborts (the client left) or when your own time limit passes; then remove @Timeout(500).',
  ]);
  assert.is(result.ok, true);
});

test('FW2507: a @Query({ schema }) field whose input type takes no text, at the schema; coercing fields and bodies are not reported', async () => {
  const result = await compileFixture('fw2507-query-schema-text');
  const error = at('fw2507-query-schema-text', 'app.module.ts', 'error');
  const tail = (field: string) => `but a query's values are always text: every request with ?${field}= would be a 400.`;
  assert.equal(result.diagnostics.map(golden), [
    error(21, 25, 'FW2507', `Schema Search given to @Query accepts boolean for 'exact', ${tail('exact')}`),
    error(21, 25, 'FW2507', `Schema Search given to @Query accepts number for 'limit', ${tail('limit')}`),
    error(21, 25, 'FW2507', `Schema Search given to @Query accepts number[] for 'scores', ${tail('scores')}`),
    error(24, 26, 'FW2507', `Schema Paging given to @Query accepts number for 'size', ${tail('size')}`),
  ]);
  assert.is(
    result.diagnostics[1]!.hint,
    "make 'limit' accept the text and convert it in the schema (Zod: `z.coerce.number()`, Valibot: `v.pipe(v.string(), v.toNumber())`, ArkType: `'string.numeric.parse'`; for an array, its items: `z.array(z.coerce.number())`, given every value of the key), or read it from a body instead.",
  );
});

test('FW2312: requestLog options a custom logger overrides are warnings at each option', async () => {
  const result = await compileFixture('fw2312-request-log-logger');
  const warning = at('fw2312-request-log-logger', 'bootstrap.ts', 'warning');
  assert.equal(result.diagnostics.map(golden), [
    warning(9, 7, 'FW2312', "requestLog option 'level' is ignored: the request log is given its own `logger`, whose level wins."),
    warning(10, 7, 'FW2312', "requestLog option 'redact' is ignored: the request log is given its own `logger`, whose redaction wins, so these paths are written in clear."),
  ]);
  assert.equal(result.diagnostics.map((d) => d.hint), [
    "set it on your pino logger instead (`pino({ level: 'warn' })`), or remove 'level'.",
    "set it on your pino logger instead (`pino({ redact: { paths: […], censor: '[redacted]' } })`), or remove 'redact'.",
  ]);
});

test('FW2313: a literal app.serveStatic prefix holding a controller route is an error at the prefix', async () => {
  const result = await compileFixture('fw2313-static-prefix-route');
  const error = at('fw2313-static-prefix-route', 'bootstrap.ts', 'error');
  assert.equal(result.diagnostics.map(golden), [
    error(5, 19, 'FW2313', "app.serveStatic('/items', …) covers the route GET /items/:id (ItemsController.one): routes answer first, so no file under '/items' at its paths is ever served, and init refuses a prefix holding a route."),
  ]);
  assert.equal(result.diagnostics.map((d) => d.hint), ["serve the files under a prefix of their own (such as '/assets'), or move ItemsController.one out of '/items'."]);
  assert.is(result.ok, false);
});

test.run();
