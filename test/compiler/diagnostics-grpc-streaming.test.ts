import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

const f = 'fw2200-stream-shape';
const file = `test/compiler/fixtures/${f}/src/app.module.ts`;
const at = (severity: string, line: number, column: number, code: string, message: string) => ({ code, severity, file, line, column, message });

const result = await compileFixture(f);

test('handlers of the right shape for each kind of RPC get no diagnostic, streaming ones included', () => {
  assert.not.ok(result.diagnostics.some((d) => d.message.includes('FeedGrpc.')), result.diagnostics.map((d) => d.message).join('\n'));
});

test('FW2200-FW2205: a handler whose shape does not fit its RPC kind, at the handler or the parameter', () => {
  assert.equal(result.diagnostics.map(golden), [
    at('error', 23, 24, 'FW2201',
      'MisfitGrpc.Latest serves feed.MisfitService/Latest, a unary RPC answered with one feed.Item, but returns AsyncGenerator<Item>, an iterable: the client would get the iterable object, not its messages.'),
    at('error', 23, 31, 'FW2203',
      "@GrpcStream() parameter 'queries' of MisfitGrpc.Latest reads a stream of requests, but feed.MisfitService/Latest is a unary RPC: it receives one feed.Query."),
    at('error', 24, 17, 'FW2200',
      'MisfitGrpc.Watch serves feed.MisfitService/Watch, a server-streaming RPC, but returns Item, which is not an iterable of feed.Item messages.'),
    at('error', 25, 24, 'FW2202',
      "@GrpcPayload() parameter 'item' of MisfitGrpc.Upload reads one request, but feed.MisfitService/Upload is a client-streaming RPC: its feed.Item messages arrive as a stream."),
    at('warning', 26, 17, 'FW2204',
      "MisfitGrpc.Chat returns { topic: string; txt: string }[], whose field 'txt' is not in the response message feed.Item of feed.MisfitService/Chat (its fields: topic, text); the encoder drops them."),
    at('warning', 27, 25, 'FW2205',
      "@GrpcStream() parameter 'items' of MisfitGrpc.Collect has type AsyncIterable<{ topic: string; texts: string }>, whose messages' field 'texts' is not in the request message feed.Item (its fields: topic, text)."),
  ]);
  assert.equal(result.diagnostics.map((d) => d.hint), [
    'return one feed.Item (not an `async *` method), or declare the RPC as `returns (stream feed.Item)` in the .proto.',
    'write `@GrpcPayload() queries: Query`, or declare the RPC as `rpc Latest (stream feed.Query)` in the .proto.',
    'make it an `async *` method that yields feed.Item messages (or return an array of them), or make the RPC answer one message in the .proto (no `stream` in `returns`).',
    'write `@GrpcStream() item: AsyncIterable<Item>` and read it with `for await`.',
    "return the fields of feed.Item: rename 'txt' to 'text'; the generated types of the .proto (`generated/…/<file>.proto.ts`) spell them out.",
    "the messages carry the .proto's field names as written (keepCase): rename 'texts' to 'text'.",
  ]);
});

test.run();
