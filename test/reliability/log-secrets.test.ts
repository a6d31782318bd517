// Credentials never reach a request line, whatever logger writes it: the WebSocket subprotocol
// token, a custom API-key header, X-Auth-Token and X-CSRF-Token are redacted beside Authorization
// and Cookie, with pino built from the options and with the application's own pino logger; and a
// 8 KB User-Agent and a 5 KB path are logged cut, not whole; a header whose name says it holds a
// secret (X-Vault-Token, Private-Token) is redacted too.
import { FrameworkApplication, type RequestLogOptions } from '@framework/core';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { apiKeyTables } from '../auth/fixtures/api-key-app.js';
import { collectLines, type CollectedLines } from '../telemetry/fixtures/log-lines.js';

const KEY = 'service-key-of-at-least-16-chars';

/**
 * The application's own logger is made by the pino the framework depends on: the `pino` this
 * repository's root resolves is an older major, of the OpenAPI mock server's dependencies.
 */
const { pino } = createRequire(fileURLToPath(import.meta.resolve('@framework/core')))('pino') as {
  pino(options: { base?: undefined }, destination: CollectedLines): NonNullable<RequestLogOptions['logger']>;
};

async function start(requestLog: (lines: CollectedLines) => object) {
  const lines = collectLines();
  const tables = apiKeyTables({ keys: [KEY], header: 'X-Service-Key' });
  const app = new FrameworkApplication(tables, { requestLog: requestLog(lines), logger: { error: () => undefined, warn: () => undefined, log: () => undefined } });
  await app.init(tables.rootModule);
  const base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
  return { lines, base, close: () => app.close() };
}

const SECRET_HEADERS = {
  'x-service-key': KEY,
  'x-auth-token': 'secret-auth-token',
  'x-csrf-token': 'secret-csrf-token',
  authorization: 'Bearer secret-bearer',
  cookie: 'session=secret-cookie',
  'sec-websocket-protocol': 'bearer, secret-subprotocol-token',
  'user-agent': `probe/${'u'.repeat(8_000)}`,
  'x-vault-token': 'secret-vault',
  'private-token': 'secret-private',
  'x-shopify-access-token': 'secret-shop',
  'x-visible': 'shown',
};

for (const [what, options] of [
  ['pino from the options', (lines: CollectedLines) => ({ headers: true, destination: lines })],
  ['the application\'s own pino logger', (lines: CollectedLines) => ({ headers: true, logger: pino({ base: undefined }, lines) })],
] as const) {
  test(`with ${what}: every credential header redacted, the subprotocol token too, long values cut`, async () => {
    const { lines, base, close } = await start(options);
    try {
      const response = await fetch(`${base}/internal/stats?${'q'.repeat(5_000)}`, { headers: SECRET_HEADERS });
      assert.is(response.status, 200, 'the custom header is the API key');
      const line = await lines.find(() => true);
      const headers = line.headers as Record<string, string>;
      for (const name of ['x-service-key', 'x-auth-token', 'x-csrf-token', 'authorization', 'cookie', 'x-vault-token', 'private-token', 'x-shopify-access-token']) {
        assert.is(headers[name], '[redacted]', name);
      }
      assert.ok(String(line.path).length < 300, `a path of ${String(line.path).length} characters`);
      assert.is(headers['sec-websocket-protocol'], 'bearer, [redacted]');
      assert.is(headers['x-visible'], 'shown');
      assert.ok(String(line.userAgent).length < 300, `a user agent of ${String(line.userAgent).length} characters`);
      assert.ok(headers['user-agent']!.length < 300);
      const raw = lines.raw.join('');
      assert.not.match(raw, /secret-|service-key-of/);
      assert.ok(raw.length < 4000, `a line of ${raw.length} characters`);
    } finally {
      await close();
    }
  });
}

test.run();
