// Channelz: off by default (nothing serves it, and it costs every call); a raw server option turns it on.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { getChannelzHandlers } from '@grpc/grpc-js';
import { unary } from './fixtures/clients.js';
import { startApp, type StartedApp } from './fixtures/harness.js';
import type { Todo } from './fixtures/protos.js';

interface ChannelzServer {
  readonly data: { readonly calls_started: string; readonly calls_succeeded: string };
  readonly listen_socket: readonly { readonly name: string }[];
}

/** The servers grpc-js's channelz registry lists, as its GetServers RPC would answer them. */
function channelzServers(): Promise<ChannelzServer[]> {
  return new Promise((resolve, reject) => {
    const call = { request: { start_server_id: 0, max_results: 1000 } };
    getChannelzHandlers().GetServers(call as never, (error, response) => (error ? reject(error) : resolve((response?.server ?? []) as unknown as ChannelzServer[])));
  });
}

/** The channelz entry of the server listening on `port`, if channelz tracks it. */
async function trackedServer(port: number): Promise<ChannelzServer | undefined> {
  const servers = await channelzServers();
  return servers.find((server) => server.listen_socket.some((socket) => socket.name.endsWith(`:${port}`)));
}

async function withApp(options: Parameters<typeof startApp>[0], body: (started: StartedApp) => Promise<void>): Promise<void> {
  const started = await startApp(options);
  try {
    await body(started);
  } finally {
    await started.stop();
  }
}

test('by default the server is not in the channelz registry, and its calls are answered as usual', async () => {
  await withApp({}, async (started) => {
    const { response } = await unary<Todo>(started.todo, 'CreateTodo', { title: 'untracked' });
    assert.is(response.title, 'untracked');
    assert.is(await trackedServer(started.grpcPort), undefined);
  });
});

test("serverOptions { 'grpc.enable_channelz': 1 } turns it on: channelz counts the server's calls", async () => {
  await withApp({ grpcOptions: { serverOptions: { 'grpc.enable_channelz': 1 } } }, async (started) => {
    await unary<Todo>(started.todo, 'CreateTodo', { title: 'one' });
    await unary<Todo>(started.todo, 'CreateTodo', { title: 'two' });
    const tracked = await trackedServer(started.grpcPort);
    assert.ok(tracked, `a channelz entry listening on port ${started.grpcPort}`);
    assert.is(Number(tracked.data.calls_succeeded), 2);
  });
});

test.run();
