// A bounded, seeded fuzz of JSON bodies against the example's DTO routes: random types, nesting,
// prototype keys, extreme numbers and strings. No answer is a 5xx or carries a stack, nothing is
// logged, and valid-looking bodies still work afterwards.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seeded } from '../seeded-random.js';
import { startExample } from './fixtures/example.js';

const BODIES = 300;

const KEYS = ['name', 'priority', 'colorLabel', 'done', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', 'é', '\u0000'];
const SCALARS: unknown[] = [null, true, false, 0, -0, 1e308, -1e308, 5e-324, 2 ** 53 + 1, '', ' ', '#fff', '#ff8800', 'x'.repeat(201), '\u{1F600}', '\ud800', 'NaN'];

function randomValue(random: () => number, depth: number): unknown {
  const pick = random();
  if (depth > 6 || pick < 0.5) return SCALARS[Math.floor(random() * SCALARS.length)];
  if (pick < 0.75) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
  const object: Record<string, unknown> = {};
  for (let i = Math.floor(random() * 5); i > 0; i--) object[KEYS[Math.floor(random() * KEYS.length)]!] = randomValue(random, depth + 1);
  return object;
}

/** A body: mostly a DTO-shaped object with random member values, sometimes anything at all. */
function randomBody(random: () => number): string {
  const roll = random();
  if (roll < 0.05) return '['.repeat(5000) + ']'.repeat(5000); // deep nesting
  if (roll < 0.1) return `{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"polluted": 1}}, "name": "p", "priority": 1, "colorLabel": "#fff"}`;
  if (roll < 0.15) return JSON.stringify(randomValue(random, 0)).slice(0, Math.floor(random() * 40)); // cut short
  const body: Record<string, unknown> = {};
  for (const key of ['name', 'priority', 'colorLabel', 'done']) if (random() < 0.8) body[key] = randomValue(random, 1);
  if (random() < 0.3) body[KEYS[Math.floor(random() * KEYS.length)]!] = randomValue(random, 1);
  return JSON.stringify(body);
}

test(`${BODIES} random JSON bodies: no 5xx, no stack, nothing logged, no prototype polluted`, async () => {
  const example = await startExample();
  try {
    const seed = Number(process.env.FUZZ_SEED ?? 20261124);
    const random = seeded(seed);
    const headers = { authorization: `Bearer ${example.token}`, 'content-type': 'application/json' };
    const created = (await (await fetch(`${example.base}/todo`, { method: 'POST', headers, body: JSON.stringify({ name: 'seed', priority: 1, colorLabel: '#fff' }) })).json()) as { id: string };
    const statuses = new Map<number, number>();
    for (let i = 0; i < BODIES; i++) {
      const body = randomBody(random);
      const [method, path] = random() < 0.5 ? ['POST', '/todo'] : ['PUT', `/todo/${created.id}`];
      // As a proxy on loopback, name a caller per body, so the throttler (100 a minute) lets every one through.
      const caller = { 'x-forwarded-for': `198.51.${100 + (i >> 8)}.${i & 255}` };
      const response = await fetch(`${example.base}${path}`, { method, headers: { ...headers, ...caller }, body });
      const text = await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      assert.ok(response.status < 500, `seed ${seed}, body ${i} (${method} ${body.slice(0, 120)}): ${response.status} ${text.slice(0, 200)}`);
      assert.not.match(text, /\bat \S+ \(|\.ts:\d+|\.js:\d+/, `seed ${seed}, body ${i}: a stack in the answer`);
    }
    assert.equal(example.errors, []);
    assert.is(({} as Record<string, unknown>).isAdmin, undefined);
    assert.is(({} as Record<string, unknown>).polluted, undefined);
    assert.is(statuses.get(429), undefined, 'every body reached validation');
    assert.ok((statuses.get(400) ?? 0) > BODIES / 2, `most bodies are refused: ${JSON.stringify([...statuses])}`);
    const valid = await fetch(`${example.base}/todo`, { method: 'POST', headers, body: JSON.stringify({ name: 'after', priority: 2, colorLabel: '#abc' }) });
    assert.is(valid.status, 200);
  } finally {
    await example.close();
  }
});

test.run();
