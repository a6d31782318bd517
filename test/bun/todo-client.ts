// Steps the Bun suites take against the todo example as served on Bun: a login, the change feed
// read until a todo created meanwhile comes through it, and the change socket.
import * as assert from 'uvu/assert';
import type WebSocket from 'ws';
import { closed, nextMessage, openSocket } from '../streaming/helpers.js';

/** The demo user's bearer token from the example at `base`. */
export async function demoToken(base: string): Promise<string> {
  const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }) });
  assert.is(login.status, 200);
  return ((await login.json()) as { access_token: string }).access_token;
}

/**
 * Opens the example's event stream, creates a todo named `streamed`, and returns the stream's text
 * up to its `created` event (or what came within 10 s). Bun sends the head of a streamed response
 * with its first chunk, so the todo is created while the stream is being opened, not after its
 * head arrived; `Last-Event-ID: 0` replays it either way.
 */
export async function createdEventText(base: string, token: string): Promise<{ response: Response; text: string }> {
  const controller = new AbortController();
  const giveUp = setTimeout(() => controller.abort(), 10_000);
  const opened = fetch(`${base}/todo/events`, { headers: { authorization: `Bearer ${token}`, 'last-event-id': '0' }, signal: controller.signal });
  await fetch(`${base}/todo`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'streamed', priority: 1, colorLabel: '#000' }) });
  const response = await opened;
  const reader = response.body!.getReader();
  let text = '';
  try {
    while (!/event: created[\s\S]*streamed/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
  } finally {
    clearTimeout(giveUp);
    controller.abort();
  }
  return { response, text };
}

/**
 * The example's change socket at `base`: refused (403) before the upgrade without a token; with
 * one, a todo created through it comes back as a `created` change, and a message that is not a
 * valid todo closes it with 1007.
 */
export async function checkChangeSocket(base: string, token: string, label?: string): Promise<void> {
  const url = `${base.replace('http:', 'ws:')}/todo/ws`;
  assert.is(await openSocket(url), 403, label);
  const socket = (await openSocket(url, { headers: { authorization: `Bearer ${token}` } })) as WebSocket;
  const change = nextMessage(socket);
  socket.send(JSON.stringify({ name: 'socketed', priority: 1, colorLabel: '#000' }));
  assert.match(JSON.stringify(await change), /"kind":"created".*"title":"socketed"/);
  const end = closed(socket);
  socket.send(JSON.stringify({ name: 7 }));
  assert.is((await end).code, 1007);
}
