// A client on the same private network (LAN, container or pod network) forging X-Forwarded-For
// and X-Real-IP against the example's login throttle (5 a minute): with the default trust
// (loopback only) its headers are ignored, so the 6th wrong-password login is a 429 whatever it
// claims. The example's own fetch handler is hosted with the peer address a LAN client would have.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startExample, type RunningExample } from './fixtures/example.js';

let spoofed = 0;
const forged = () => ({ 'x-forwarded-for': `192.0.2.${++spoofed % 250}, 203.0.113.${spoofed % 200}`, 'x-real-ip': `198.51.100.${spoofed % 250}` });

/** POST /auth/login with a wrong password, as a peer at `peer`. */
async function wrongLogin(example: RunningExample, peer: string, headers: Record<string, string>): Promise<number> {
  const request = new Request(`${example.base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username: 'demo', password: `guess-${spoofed}` }),
  });
  const response = await example.app.fetch(request, { remoteAddress: () => peer });
  await response.arrayBuffer();
  return response.status;
}

test('40 wrong-password logins with forged forwarding headers from private-network peers: the 6th and later are 429', async () => {
  const example = await startExample();
  try {
    for (const peer of ['10.0.0.23', '::ffff:172.16.4.5', 'fd00::23', '192.168.1.50']) {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push(await wrongLogin(example, peer, forged()));
      assert.equal(statuses.slice(0, 5), [401, 401, 401, 401, 401], `${peer}: the first five are judged`);
      assert.ok(statuses.slice(5).every((status) => status === 429), `${peer}: the rest are throttled: ${statuses.slice(5).join(',')}`);
    }
    // The same peer written another way is the same caller (normalised before it becomes a key).
    assert.is(await wrongLogin(example, '::ffff:10.0.0.23', {}), 429, '::ffff:10.0.0.23 is 10.0.0.23');
    assert.is(await wrongLogin(example, 'fd00:0:0:0::23', {}), 429, 'fd00:0:0:0::23 is fd00::23');
    assert.equal(example.errors, []);
  } finally {
    await example.close();
  }
});

test.run();
