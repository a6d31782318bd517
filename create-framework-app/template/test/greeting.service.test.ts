import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Test } from '@framework/testing';
import { tables } from '../generated/tables.js';
import { GreetingService, type Greeting } from '../src/greeting/greeting.service.js';

// The app built from its tables with the service replaced, called in process: no socket, no port.
const stored: Greeting = { id: 7, message: 'Hello, test!' };
const t = await Test.createTestingModule(tables)
  .overrideProvider(GreetingService)
  .useValue({ list: () => [stored], get: () => stored, create: (name: string) => ({ id: 8, message: `Hi, ${name}` }) })
  .compile();
after(() => t.close());

test('the controller answers from the replaced service', async () => {
  const response = await t.request('/greetings');
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), [stored]);
});

test('a path parameter that is not a number is a 400 naming it', async () => {
  const response = await t.request('/greetings/abc');
  assert.equal(response.status, 400);
  assert.match(await response.text(), /\bid\b/);
});
