// Hostile typed numbers on a public route: a long run of digits followed by a letter is refused
// in linear time (it took 0.3 s of event loop per request, and eight in parallel delayed an
// unrelated request by 2.5 s), and an integer too large to be exact is a 400, not another number.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { asNumber } from '@framework/core';
import { buildFixture, startFixture, type RunningApp } from '../compiler/app-fixture.js';

let running: RunningApp;

test.before(async () => {
  assert.equal((await buildFixture('typed-params')).diagnostics, []);
  running = await startFixture('typed-params');
});
test.after(async () => running?.close());

test('100,000 digits and a letter are refused within milliseconds (the check is linear)', () => {
  // Quadratic matching took 0.3 s for 16,000 digits, so about 12 s for 100,000.
  const started = performance.now();
  assert.throws(() => asNumber(`${'1'.repeat(100_000)}a`, 'id', 'path'), /must be a number/);
  assert.throws(() => asNumber(`-${'1'.repeat(100_000)}.${'2'.repeat(100_000)}e`, 'id', 'path'), /must be a number/);
  assert.ok(performance.now() - started < 2000, `took ${Math.round(performance.now() - started)} ms`);
});

test('eight hostile numbers in parallel do not hold up an unrelated request', async () => {
  const hostile = `${running.base}/p/num/${'1'.repeat(16_000)}a`;
  const attacks = Array.from({ length: 8 }, () => fetch(hostile).then(async (response) => ({ status: response.status, body: await response.json() })));
  const started = performance.now();
  const unrelated = await fetch(`${running.base}/p/num/7`);
  const waited = performance.now() - started;
  assert.is(unrelated.status, 200);
  await unrelated.arrayBuffer();
  for (const answer of await Promise.all(attacks)) {
    assert.is(answer.status, 400);
    assert.match(answer.body.message, /^Path parameter 'id' must be a number, got '1{40}…'$/);
  }
  // Before the fix the unrelated request waited about 2.5 s; now it waits for eight 16 kB reads.
  assert.ok(waited < 1000, `the unrelated request waited ${Math.round(waited)} ms`);
});

test('integers beyond 2^53 - 1 are a 400 naming the parameter; the largest safe ones and decimals pass', async () => {
  for (const text of ['9007199254740993', '-9007199254740993', '12345678901234567890']) {
    const response = await fetch(`${running.base}/p/num/${text}`);
    assert.is(response.status, 400, text);
    assert.match((await response.json()).message, /^Path parameter 'id' must be a safe integer \(at most 9007199254740991 in size\)/);
  }
  for (const [text, value] of [['9007199254740991', 9007199254740991], ['-9007199254740991', -9007199254740991], ['1.5e3', 1500], ['0.1', 0.1]] as const) {
    const response = await fetch(`${running.base}/p/num/${text}`);
    assert.is(response.status, 200, text);
    assert.is((await response.json()).id, value, text);
  }
});

test.run();
