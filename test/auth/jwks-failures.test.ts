// Regression: while the issuer's key set could not be fetched (down, answering 500, hanging),
// every token sent made jose fetch it again, so the issuer was asked at the rate tokens came in
// and each caller waited for the fetch; an answer of any length was read whole into memory. A
// failed fetch now pauses the set's fetches (1 s, doubling up to its cooldown), and an answer
// longer than 1 MiB is refused unread.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { JwtJwksOptions } from '@framework/core';
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

async function start(url: string, jwksOptions: JwtJwksOptions['jwksOptions'] = {}) {
  return startJwtApp({ jwksUrl: url, algorithms: ['RS256'], jwksOptions });
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

test('an issuer answering 500: the key set is not fetched again for every token, and comes back after the pause', async () => {
  const endpoint = await issuer(fail);
  const app = await start(endpoint.url);
  try {
    const run = await statuses(() => app.get('/profile/me', bearer), 20);
    assert.equal(run.statuses, Array(20).fill(403));
    assert.is(endpoint.fetches, 1, `20 tokens made ${endpoint.fetches} fetches`);
    endpoint.answer(serveKeys);
    await new Promise((r) => setTimeout(r, 1100));
    assert.is((await app.get('/profile/me', bearer)).status, 200, 'fetched again once the pause is over');
    assert.is(endpoint.fetches, 2);
  } finally {
    await app.close();
    endpoint.close();
  }
});

test('an issuer that never answers: one caller waits for the timeout, the next ones are refused at once', async () => {
  const endpoint = await issuer(() => undefined);
  const app = await start(endpoint.url, { timeoutDuration: 500 });
  try {
    const run = await statuses(() => app.get('/profile/me', bearer), 8);
    assert.equal(run.statuses, Array(8).fill(403));
    assert.ok(run.ms[0]! >= 490, `the first waited for the timeout (${run.ms[0]!.toFixed(0)} ms)`);
    assert.ok(run.ms.slice(1).every((ms) => ms < 300), `the others did not wait: ${run.ms.map((ms) => ms.toFixed(0)).join(' ')}`);
    assert.is(endpoint.fetches, 1);
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
  const app = await start(endpoint.url);
  try {
    assert.is((await app.get('/profile/me', bearer)).status, 403);
    await new Promise((r) => setTimeout(r, 200));
    assert.ok(written < 16 * 1024 * 1024, `${(written / 1048576).toFixed(1)} MiB were sent before the client stopped reading`);
  } finally {
    await app.close();
    endpoint.close();
  }
});

test('a key set that is no key set (a 200 of HTML) pauses the fetches too', async () => {
  const endpoint = await issuer((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>'));
  const app = await start(endpoint.url);
  try {
    const run = await statuses(() => app.get('/profile/me', bearer), 10);
    assert.equal(run.statuses, Array(10).fill(403));
    assert.is(endpoint.fetches, 1);
  } finally {
    await app.close();
    endpoint.close();
  }
});

test.run();
