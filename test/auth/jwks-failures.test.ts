// Regression: while the issuer's key set could not be fetched (down, answering 500, hanging),
// every token sent made jose fetch it again, so the issuer was asked at the rate tokens came in
// and each caller waited for the fetch; an answer of any length was read whole into memory; and
// nothing was logged, so the 403s had no explanation. A failed fetch now pauses the set's fetches
// (1 s, doubling up to its cooldown), an answer longer than 1 MiB is refused unread, and each run
// of failures is one warning through the application's logger, naming the set and the reason.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { JwtJwksOptions, Logger } from '@framework/core';
import { startJwtApp } from './fixtures/jwt-app.js';

type Answer = (res: ServerResponse, req: IncomingMessage) => void;

/** A JWKS endpoint whose answer the test changes; counts its requests. */
async function issuer(initial: Answer) {
  let answer = initial;
  let fetches = 0;
  const server = createServer((req, res) => {
    fetches++;
    answer(res, req);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`,
    answer: (next: Answer) => void (answer = next),
    get fetches() {
      return fetches;
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const keys = await generateKeyPair('RS256');
const keySet = JSON.stringify({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] });
const token = await new SignJWT({ sub: 'alice' }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setExpirationTime('1h').sign(keys.privateKey);
const bearer = { authorization: `Bearer ${token}` };
const serveKeys: Answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(keySet);
const fail: Answer = (res) => res.writeHead(500).end('down');

/** The application's logger, keeping its warnings and lines. */
function recording(): Logger & { readonly warnings: string[]; readonly lines: string[] } {
  const warnings: string[] = [];
  const lines: string[] = [];
  return { warnings, lines, warn: (m) => warnings.push(m), log: (m) => lines.push(m), error: (m) => warnings.push(`error: ${m}`) };
}

async function start(url: string, jwksOptions: JwtJwksOptions['jwksOptions'] = {}, logger: Logger = recording()) {
  return startJwtApp({ jwksUrl: url, algorithms: ['RS256'], jwksOptions }, 'jwt', logger);
}

/** The one warning of a run of failures: it names the set (without its query) and the reason. */
function assertOneWarning(logger: ReturnType<typeof recording>, url: string, reason: string): void {
  assert.is(logger.warnings.length, 1, logger.warnings.join('\n'));
  assert.match(logger.warnings[0]!, `JwtModule: the key set at ${url.split('?')[0]} could not be fetched: ${reason}`);
  assert.match(logger.warnings[0]!, 'Tokens whose key is not at hand are refused until a fetch succeeds');
}

async function statuses(get: () => Promise<Response>, count: number): Promise<{ statuses: number[]; ms: number[] }> {
  const out = { statuses: [] as number[], ms: [] as number[] };
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const response = await get();
    await response.arrayBuffer();
    out.ms.push(performance.now() - start);
    out.statuses.push(response.status);
  }
  return out;
}

test('an issuer answering 500: the key set is not fetched again for every token, one warning says so, and it comes back after the pause', async () => {
  const endpoint = await issuer(fail);
  const logger = recording();
  const app = await start(endpoint.url, {}, logger);
  try {
    const run = await statuses(() => app.get('/profile/me', bearer), 20);
    assert.equal(run.statuses, Array(20).fill(403));
    assert.is(endpoint.fetches, 1, `20 tokens made ${endpoint.fetches} fetches`);
    assertOneWarning(logger, endpoint.url, 'it answered 500');
    endpoint.answer(serveKeys);
    await new Promise((r) => setTimeout(r, 1100));
    assert.is((await app.get('/profile/me', bearer)).status, 200, 'fetched again once the pause is over');
    assert.is(endpoint.fetches, 2);
    assert.equal(logger.lines, [`JwtModule: the key set at ${endpoint.url} was fetched again, after 1 failed fetch.`]);
  } finally {
    await app.close();
    endpoint.close();
  }
});

test('an issuer that never answers: one caller waits for the timeout, the next ones are refused at once', async () => {
  const endpoint = await issuer(() => undefined);
  const logger = recording();
  const app = await start(endpoint.url, { timeoutDuration: 500 }, logger);
  try {
    const run = await statuses(() => app.get('/profile/me', bearer), 8);
    assert.equal(run.statuses, Array(8).fill(403));
    assert.ok(run.ms[0]! >= 490, `the first waited for the timeout (${run.ms[0]!.toFixed(0)} ms)`);
    assert.ok(run.ms.slice(1).every((ms) => ms < 300), `the others did not wait: ${run.ms.map((ms) => ms.toFixed(0)).join(' ')}`);
    assert.is(endpoint.fetches, 1);
    assertOneWarning(logger, endpoint.url, 'no answer within 500 ms (timeoutDuration)');
  } finally {
    await app.close();
    endpoint.close();
  }
});

test('a key set answer longer than 1 MiB is refused without being read whole', async () => {
  let written = 0;
  const endpoint = await issuer((res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, ' ');
    res.write('{"keys":[');
    // Writes up to 64 MiB, as fast as the client reads.
    const pump = (): void => {
      while (written < 64 * 1024 * 1024) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end(']}');
    };
    res.on('close', () => undefined);
    pump();
  });
  const logger = recording();
  const app = await start(endpoint.url, {}, logger);
  try {
    assert.is((await app.get('/profile/me', bearer)).status, 403);
    await new Promise((r) => setTimeout(r, 200));
    assert.ok(written < 16 * 1024 * 1024, `${(written / 1048576).toFixed(1)} MiB were sent before the client stopped reading`);
    assertOneWarning(logger, endpoint.url, "the key set's answer is longer than the 1048576 bytes read");
  } finally {
    await app.close();
    endpoint.close();
  }
});

test('a key set that is no key set (a 200 of HTML) pauses the fetches too', async () => {
  const endpoint = await issuer((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>'));
  const logger = recording();
  const app = await start(endpoint.url, {}, logger);
  try {
    const run = await statuses(() => app.get('/profile/me', bearer), 10);
    assert.equal(run.statuses, Array(10).fill(403));
    assert.is(endpoint.fetches, 1);
    assertOneWarning(logger, endpoint.url, 'its answer is not a key set (a JSON object with a `keys` array)');
  } finally {
    await app.close();
    endpoint.close();
  }
});

test('a key set that starts failing: one warning per run of failures, not per request or per fetch; a line when it is fetched again; a new run warns again', async () => {
  const endpoint = await issuer(serveKeys);
  const logger = recording();
  // Keys older than 300 ms are fetched again: a failure shows on the next token after that.
  const app = await start(`${endpoint.url}?tenant=a-secret-of-the-query`, { cacheMaxAge: 300 }, logger);
  const stale = () => new Promise((r) => setTimeout(r, 350));
  try {
    assert.is((await app.get('/profile/me', bearer)).status, 200);
    endpoint.answer(fail);
    await stale();
    assert.equal((await statuses(() => app.get('/profile/me', bearer), 5)).statuses, Array(5).fill(403));
    assertOneWarning(logger, endpoint.url, 'it answered 500');
    assert.not.match(logger.warnings[0]!, 'a-secret-of-the-query');
    await new Promise((r) => setTimeout(r, 1100)); // the first pause
    assert.is((await app.get('/profile/me', bearer)).status, 403);
    assert.is(endpoint.fetches, 3, 'fetched again after the pause, and failed again');
    assert.is(logger.warnings.length, 1, 'the same run of failures');
    endpoint.answer(serveKeys);
    await new Promise((r) => setTimeout(r, 2100)); // the second pause, doubled
    assert.is((await app.get('/profile/me', bearer)).status, 200);
    assert.equal(logger.lines, [`JwtModule: the key set at ${endpoint.url} was fetched again, after 2 failed fetches.`]);
    endpoint.answer((res) => res.writeHead(503).end());
    await stale();
    assert.is((await app.get('/profile/me', bearer)).status, 403);
    assert.is(logger.warnings.length, 2, 'a new run of failures');
    assert.match(logger.warnings[1]!, 'could not be fetched: it answered 503');
  } finally {
    await app.close();
    endpoint.close();
  }
});

test('an issuer nobody listens for: the warning names the refused connection', async () => {
  const endpoint = await issuer(serveKeys);
  endpoint.close(); // its port is free again: the connection is refused
  const logger = recording();
  const app = await start(endpoint.url, {}, logger);
  try {
    assert.is((await app.get('/profile/me', bearer)).status, 403);
    assertOneWarning(logger, endpoint.url, 'fetch failed: connect ECONNREFUSED');
  } finally {
    await app.close();
  }
});

test.run();
