import { suite } from 'uvu';
import * as assert from 'uvu/assert';

/** One answer, as any transport driver reports it. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
  header(name: string): string | null;
}

/** How the contract reaches the fixture app: a call by route path with instruction headers. */
export interface ChainDriver {
  call(path: string, instructions?: Record<string, string>): Promise<Answer>;
  /** The body of an HttpException's answer on this transport (gRPC carries no exception name). */
  errorBody(error: { status: number; name: string; message: string }): unknown;
  /** The answer to an error that is not an HttpException, thrown with this message. */
  unexpectedError(message: string): { status: number; body: unknown };
  /** Counters of the app (singleton), for request-scope, timeout and cache checks. */
  counters(): { requestScopedCreated: number; bootstrapped: number; closed: number; aborted: number; cachedRuns: number };
  /** Starts a call and gives it up (the client disconnects or cancels) after `ms`; resolves then. */
  cancelAfter(path: string, ms: number, instructions?: Record<string, string>): Promise<void>;
  /** Whether the transport's calls are HTTP GETs, which the CacheInterceptor caches (gRPC calls are not). */
  readonly cachesGet: boolean;
  stop(): Promise<void>;
}

const trailOf = (answer: Answer) => answer.header('x-trail')?.split(',') ?? [];

/**
 * The request chain's contract: order, short-circuits, throw normalisation, filters, metadata and
 * request scope. Every transport runs the same suite.
 *
 * @example
 * registerChainContract('HTTP', startHttpDriver);
 */
export function registerChainContract(transport: string, start: () => Promise<ChainDriver>): void {
  const chain = suite<{ driver: ChainDriver }>(`request chain contract (${transport})`);
  chain.before(async (context) => {
    context.driver = await start();
  });
  chain.after(async ({ driver }) => driver.stop());

  chain('runs middleware (global, controller, handler), then guards (global, controller, handler), then the handler', async ({ driver }) => {
    const answer = await driver.call('/chain/order');
    assert.is(answer.status, 200);
    const order = ['mw:global', 'mw:controller', 'mw:handler', 'guard:global', 'guard:controller', 'guard:handler', 'handler'];
    assert.equal(answer.body, order);
    assert.equal(trailOf(answer), order);
  });

  for (const level of ['global', 'controller', 'handler']) {
    chain(`a refusal by the ${level} guard is a 403 ForbiddenException and stops the chain there`, async ({ driver }) => {
      const answer = await driver.call('/chain/order', { 'x-deny': level });
      assert.is(answer.status, 403);
      assert.equal(answer.body, driver.errorBody({ status: 403, name: 'ForbiddenException', message: 'Forbidden' }));
      const trail = trailOf(answer);
      assert.is(trail.at(-1), `guard:${level}`);
      assert.not.ok(trail.includes('handler'));
    });
  }

  chain('an HttpException thrown by a guard is answered as such; any other throw is the transport\'s internal error', async ({ driver }) => {
    const http = await driver.call('/chain/order', { 'x-throw': 'http:controller' });
    assert.is(http.status, 401);
    assert.equal(http.body, driver.errorBody({ status: 401, name: 'HttpException', message: 'refused by the controller guard' }));
    const plain = await driver.call('/chain/order', { 'x-throw': 'plain:handler' });
    const expected = driver.unexpectedError('handler guard crashed');
    assert.is(plain.status, expected.status);
    assert.equal(plain.body, expected.body);
  });

  chain('a middleware that does not call next() answers with its own value; guards and handler do not run', async ({ driver }) => {
    const answer = await driver.call('/chain/order', { 'x-short': 'controller' });
    assert.is(answer.status, 200);
    assert.equal(answer.body, { answeredBy: 'controller middleware' });
    assert.equal(trailOf(answer), ['mw:global', 'mw:controller']);
  });

  chain('calling next() twice is a clear error (500, logged)', async ({ driver }) => {
    const answer = await driver.call('/chain/order', { 'x-twice': 'controller' });
    assert.is(answer.status, 500);
  });

  chain('metadata set with SetMetadata is read from the handler, then the class', async ({ driver }) => {
    assert.equal((await driver.call('/chain/open')).body, ['mw:global', 'mw:controller', 'open:handler', 'guard:global', 'guard:controller']);
    assert.equal((await driver.call('/open-class')).body, ['mw:global', 'open:class', 'guard:global']);
    assert.not.ok(trailOf(await driver.call('/chain/order')).some((step) => step.startsWith('open:')));
  });

  chain('filters: the handler filter answers what it @Catch-es', async ({ driver }) => {
    const answer = await driver.call('/chain/fail/not-found');
    assert.is(answer.status, 200);
    const body = answer.body as { filteredBy: string; trail: string[] };
    assert.is(body.filteredBy, 'handler');
    // Filters wrap the whole chain, middleware included, so they run after every other step.
    assert.equal(body.trail.slice(-2), ['handler', 'filter:handler']);
  });

  chain('filters: an error the handler filter does not catch goes to the controller filter', async ({ driver }) => {
    const answer = await driver.call('/chain/fail/conflict');
    const body = answer.body as { filteredBy: string; trail: string[] };
    assert.is(body.filteredBy, 'controller');
    assert.equal(body.trail.slice(-2), ['handler', 'filter:controller']);
  });

  chain('filters: a filter returning nothing passes the error on to the global filter', async ({ driver }) => {
    const answer = await driver.call('/chain/fail/global');
    const body = answer.body as { filteredBy: string; trail: string[] };
    assert.is(body.filteredBy, 'global');
    assert.equal(body.trail.slice(-3), ['handler', 'filter:controller', 'filter:global']);
  });

  chain('filters: an error nobody answers gets the default answer', async ({ driver }) => {
    const answer = await driver.call('/chain/fail/other');
    const expected = driver.unexpectedError('nobody filters this');
    assert.is(answer.status, expected.status);
    assert.equal(answer.body, expected.body);
  });

  chain('a request-scoped provider is fresh per call; a singleton route creates none', async ({ driver }) => {
    const before = driver.counters().requestScopedCreated;
    const first = (await driver.call('/scoped')).body as { serial: number };
    const second = (await driver.call('/scoped')).body as { serial: number };
    assert.is(second.serial, first.serial + 1);
    assert.is(driver.counters().requestScopedCreated, before + 2);
    await driver.call('/singleton');
    assert.is(driver.counters().requestScopedCreated, before + 2);
  });

  chain('interceptors run after the guards, outermost first (app, GLOBAL_INTERCEPTOR, controller, handler), and see the result on the way out', async ({ driver }) => {
    const answer = await driver.call('/chain/intercepted', { 'x-intercept': 'trace' });
    assert.is(answer.status, 200);
    const levels = ['app', 'global', 'controller', 'handler'];
    assert.equal(trailOf(answer), [
      'mw:global', 'mw:controller', 'guard:global', 'guard:controller',
      ...levels.map((level) => `icpt:${level}`), 'handler', ...levels.reverse().map((level) => `icpt:${level}:after`),
    ]);
  });

  chain('an interceptor replaces the handler\'s result with what it returns', async ({ driver }) => {
    const answer = await driver.call('/chain/intercepted', { 'x-intercept': 'map' });
    assert.is(answer.status, 200);
    assert.equal(answer.body, { data: ['mw:global', 'mw:controller', 'guard:global', 'guard:controller', 'handler'] });
  });

  chain('an interceptor that does not call next() answers alone; the handler does not run', async ({ driver }) => {
    const answer = await driver.call('/chain/intercepted', { 'x-intercept': 'short' });
    assert.is(answer.status, 200);
    assert.equal(answer.body, { answeredBy: 'controller interceptor', trail: ['mw:global', 'mw:controller', 'guard:global', 'guard:controller'] });
    assert.not.ok(trailOf(answer).includes('handler'));
  });

  chain('an error thrown by an interceptor reaches the filters', async ({ driver }) => {
    const answer = await driver.call('/chain/intercepted', { 'x-intercept': 'throw' });
    const body = answer.body as { filteredBy: string; trail: string[] };
    assert.is(body.filteredBy, 'controller');
    assert.equal(body.trail.slice(-2), ['handler', 'filter:controller']);
  });

  chain('an interceptor sees the handler\'s error from next() and may answer instead', async ({ driver }) => {
    const answer = await driver.call('/chain/intercepted', { 'x-intercept': 'recover', 'x-fail': '1' });
    assert.is(answer.status, 200);
    assert.equal(answer.body, { recovered: 'handler failed' });
  });

  chain('a guard refusal stops the call before any interceptor', async ({ driver }) => {
    const answer = await driver.call('/chain/intercepted', { 'x-intercept': 'trace', 'x-deny': 'controller' });
    assert.is(answer.status, 403);
    assert.is(trailOf(answer).at(-1), 'guard:controller', 'the trail reached the refusing guard');
    assert.not.ok(trailOf(answer).some((step) => step.startsWith('icpt:')));
  });

  chain('TimeoutInterceptor: a handler past its @Timeout is answered 503 / DEADLINE_EXCEEDED and its signal is aborted', async ({ driver }) => {
    const before = driver.counters().aborted;
    const started = performance.now();
    const late = await driver.call('/chain/slow', { 'x-delay': '5000' });
    assert.is(late.status, 503);
    assert.equal(late.body, driver.errorBody({ status: 503, name: 'HandlerTimeoutException', message: 'The handler did not answer within 50 ms' }));
    assert.ok(performance.now() - started < 2000, 'answered at the deadline, not when the handler would have finished');
    assert.is(driver.counters().aborted, before + 1);
    const quick = await driver.call('/chain/slow', { 'x-delay': '0' });
    assert.is(quick.status, 200);
    assert.equal(quick.body, { waited: 0 });
    assert.is(driver.counters().aborted, before + 1);
  });

  chain('a call the client gives up aborts context.signal, so the handler can stop its work', async ({ driver }) => {
    const before = driver.counters().aborted;
    await driver.cancelAfter('/chain/wait', 50, { 'x-delay': '5000' });
    for (let waited = 0; driver.counters().aborted === before && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.is(driver.counters().aborted, before + 1);
  });

  chain('CacheInterceptor: a GET is answered from the cache while fresh; calls with credentials and gRPC calls run the handler', async ({ driver }) => {
    const first = (await driver.call('/chain/cached')).body as { run: number };
    const second = (await driver.call('/chain/cached')).body as { run: number };
    assert.is(second.run, driver.cachesGet ? first.run : first.run + 1);
    const withToken = (await driver.call('/chain/cached', { authorization: 'Bearer x' })).body as { run: number };
    assert.is(withToken.run, second.run + 1);
  });

  chain('onAppBootstrap ran once after init', async ({ driver }) => {
    assert.is(driver.counters().bootstrapped, 1);
    assert.is(driver.counters().closed, 0);
  });

  chain.run();
}
