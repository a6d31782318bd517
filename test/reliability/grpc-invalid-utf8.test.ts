// proto3 `string` fields must hold valid UTF-8. A real grpc-js client sends hand-encoded bytes
// (its serializer passes them through) to the example: a string field with an invalid sequence is
// refused with INVALID_ARGUMENT naming the field, on unary calls and on every message of a stream,
// and nothing is stored (protobufjs alone would decode it to U+FFFD and the todo would be kept).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, credentials, Metadata, status as grpcStatus, type ServiceError } from '@grpc/grpc-js';
import { loadProto } from '@framework/grpc';
import { indexProtoFiles } from '../../runtime/grpc/src/proto-descriptors.js';
import { invalidStringField, stringFieldPlan } from '../../runtime/grpc/src/string-fields.js';
import { startExample, type RunningExample } from './fixtures/example.js';

const passThrough = (bytes: Buffer) => bytes;
/** A length-delimited field: tag (field number, wire type 2), length, bytes. */
const field = (number: number, bytes: Buffer) => Buffer.concat([Buffer.from([(number << 3) | 2, bytes.length]), bytes]);
const varint = (value: number) => {
  const bytes: number[] = [];
  for (; value >= 0x80; value = Math.floor(value / 0x80)) bytes.push((value & 0x7f) | 0x80);
  return Buffer.from([...bytes, value]);
};
const INVALID = Buffer.from([0x61, 0xff, 0xfe, 0x62]); // 'a', two bytes UTF-8 never uses, 'b'
const OVERLONG = Buffer.from([0xc0, 0xaf]); // '/' encoded in two bytes: invalid too
const VALID = Buffer.from('café ✓ 😀', 'utf8');

let example: RunningExample;
let client: Client;
const auth = () => {
  const metadata = new Metadata();
  metadata.set('authorization', `Bearer ${example.token}`);
  return metadata;
};

test.before(async () => {
  example = await startExample();
  client = new Client(example.grpcAddress, credentials.createInsecure());
});
test.after(async () => {
  client.close();
  await example.close();
});

/** A unary call of `path` with `bytes` as the request message, as grpc-js sends it. */
function unaryRaw(path: string, bytes: Buffer): Promise<{ error?: ServiceError; reply?: Buffer }> {
  return new Promise((resolve) => client.makeUnaryRequest(path, passThrough, passThrough, bytes, auth(), (error, reply) => resolve(error ? { error } : { reply })));
}

async function titles(): Promise<string[]> {
  const response = await fetch(`${example.base}/todo?limit=100`, { headers: { authorization: `Bearer ${example.token}` } });
  return ((await response.json()) as { name: string }[]).map((todo) => todo.name);
}

test('a unary call with invalid UTF-8 in a string field is INVALID_ARGUMENT naming it, and nothing is stored', async () => {
  const before = await titles();
  for (const bytes of [INVALID, OVERLONG]) {
    const { error } = await unaryRaw('/todo.TodoService/CreateTodo', field(1, bytes));
    assert.is(error?.code, grpcStatus.INVALID_ARGUMENT, `answered ${error ? `${error.code} ${error.details}` : 'OK'}`);
    assert.match(error!.details, "Invalid UTF-8 in string field 'title' of todo.CreateTodoRequest");
  }
  assert.equal(await titles(), before, 'no todo was created');
  assert.ok(!(await titles()).some((title) => title.includes('\uFFFD')));
  const { reply, error } = await unaryRaw('/todo.TodoService/CreateTodo', field(1, VALID));
  assert.is(error, undefined, 'valid multi-byte UTF-8 is accepted');
  assert.ok(reply!.includes(VALID), 'and stored as sent');
  assert.equal(example.errors, [], 'a refused message is an answer, not an error in the log');
});

test('every message of a stream is checked: the invalid one ends the call INVALID_ARGUMENT after the valid ones were answered', async () => {
  const stream = client.makeBidiStreamRequest('/todo.TodoService/SyncTodos', passThrough, passThrough, auth());
  const replies: Buffer[] = [];
  const ended = new Promise<ServiceError | undefined>((resolve) => {
    stream.on('data', (reply: Buffer) => replies.push(reply));
    stream.on('error', (error: ServiceError) => resolve(error));
    stream.on('end', () => resolve(undefined));
  });
  stream.write(field(2, Buffer.from('first, valid')));
  await new Promise((resolve) => setTimeout(resolve, 50));
  stream.write(field(2, INVALID));
  stream.write(field(2, Buffer.from('never read')));
  stream.end();
  const error = await ended;
  assert.is(error?.code, grpcStatus.INVALID_ARGUMENT, `ended with ${error ? `${error.code} ${error.details}` : 'OK'}`);
  assert.match(error!.details, "Invalid UTF-8 in string field 'title' of todo.TodoChange");
  assert.is(replies.length, 1, 'the valid change before it was answered');
  assert.ok(!(await titles()).includes('never read'), 'nothing after the refused message was applied');
});

test('nested messages, repeated and map fields are checked; bytes fields and unknown fields are not', () => {
  const dir = mkdtempSync(join(tmpdir(), 'utf8-'));
  const path = join(dir, 'nested.proto');
  writeFileSync(path, `syntax = "proto3";
package deep;
message Tag { string label = 1; bytes raw = 2; }
message Node { string name = 1; repeated Tag tags = 2; map<string, string> attributes = 3; Node child = 4; int32 size = 5; }
message Numbers { int32 a = 1; bytes b = 2; }
service Tree { rpc Put (Node) returns (Node); rpc Count (Numbers) returns (Numbers); }
`);
  const definition = (loadProto(path) as any).deep.Tree.service;
  const index = indexProtoFiles(definition.Put.requestType.fileDescriptorProtos);
  const plan = stringFieldPlan(index, index.inputTypes.get('/deep.Tree/Put')!)!;
  assert.is(stringFieldPlan(index, index.inputTypes.get('/deep.Tree/Count')!), undefined, 'a message without strings is never walked');
  const entry = (key: Buffer, value: Buffer) => field(3, Buffer.concat([field(1, key), field(2, value)]));
  const cases: [string, Buffer, string | undefined][] = [
    ['valid everywhere', Buffer.concat([field(1, VALID), field(2, field(1, VALID)), entry(VALID, VALID), field(4, field(1, VALID))]), undefined],
    ['a repeated submessage', Buffer.concat([field(2, field(1, VALID)), field(2, field(1, INVALID))]), 'tags.label'],
    ['a bytes field holds anything', field(2, field(2, INVALID)), undefined],
    ['a map key', entry(INVALID, VALID), 'attributes.key'],
    ['a map value', entry(VALID, INVALID), 'attributes.value'],
    ['a recursive child', field(4, field(4, field(1, INVALID))), 'child.child.name'],
    ['an unknown field is not a string', field(9, INVALID), undefined],
  ];
  for (const [what, bytes, expected] of cases) assert.is(invalidStringField(plan, bytes), expected, what);
  let deep = field(1, INVALID);
  for (let level = 0; level < 5000; level++) deep = Buffer.concat([Buffer.from([(4 << 3) | 2]), varint(deep.length), deep]);
  assert.is(invalidStringField(plan, deep), undefined, 'nesting past the recursion limit is left to the decoder, without overflowing the stack');
  assert.throws(() => definition.Put.requestDeserialize(deep), 'and the decoder refuses it');
  const decoded = definition.Put.requestDeserialize(field(1, INVALID));
  assert.is(decoded.name, 'a\uFFFD\uFFFDb', 'protobufjs alone would keep replacement characters');
});

test.run();
