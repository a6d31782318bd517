/**
 * The compiler reads a `.proto` as the runtime's `loadProto` will: same `keepCase` (field names),
 * same `includeDirs` (imports), same path handling (no decoding of a URL's `.pathname`, Node's own
 * `fileURLToPath`). Each case is checked against the real runtime function.
 */
import { fileURLToPath } from 'node:url';
import { loadProto } from '@framework/grpc';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadProtoFile } from '../../compiler/src/proto/load.js';

const src = new URL('./fixtures/grpc-proto-options/src/', import.meta.url);
const file = (name: string): string => fileURLToPath(new URL(name, src));
const includeDirs = [file('protos')];

/** The keys of a request as the runtime decodes it from the wire. */
function decodedKeys(tree: ReturnType<typeof loadProto>, path: string[], rpc: string, request: object): string[] {
  let node: unknown = tree;
  for (const part of path) node = (node as Record<string, unknown>)[part];
  const method = (node as { service: Record<string, { requestSerialize(v: object): Buffer; requestDeserialize(b: Buffer): object }> }).service[rpc]!;
  return Object.keys(method.requestDeserialize(method.requestSerialize(request))).sort();
}

test('keepCase: false gives the camelCase field names the runtime decodes; the default keeps them as written', () => {
  const camel = loadProtoFile(file('users.proto'), { keepCase: false });
  const kept = loadProtoFile(file('users.proto'));
  assert.ok(camel.ok && kept.ok);
  const fields = (p: typeof camel): string[] => (p.ok ? [...p.services[0]!.rpcs[0]!.requestFields].sort() : []);
  assert.equal(fields(camel), ['emailAddress', 'lookupKey', 'userId', 'withRoles']);
  assert.equal(fields(kept), ['email_address', 'lookup_key', 'user_id', 'with_roles']);

  const runtimeCamel = decodedKeys(loadProto(file('users.proto'), { keepCase: false }), ['users', 'UserService'], 'GetUser', { userId: 'u', emailAddress: 'a@b' });
  const runtimeKept = decodedKeys(loadProto(file('users.proto')), ['users', 'UserService'], 'GetUser', { user_id: 'u', email_address: 'a@b' });
  assert.equal(runtimeCamel, fields(camel));
  assert.equal(runtimeKept, fields(kept));
});

test('includeDirs resolves an import for both; without it both fail', () => {
  assert.ok(loadProtoFile(file('orders.proto'), { includeDirs }).ok);
  assert.not.throws(() => loadProto(file('orders.proto'), { includeDirs }));

  const without = loadProtoFile(file('orders.proto'));
  assert.is(without.ok, false);
  assert.match(without.ok ? '' : without.problem === 'parse' ? without.message : '', /import "common\/money.proto" names no file/);
  assert.throws(() => loadProto(file('orders.proto')));
});

test('a missing import names the include directories it was looked for in', () => {
  const proto = loadProtoFile(file('orders.proto'), { includeDirs: [file('.')] });
  assert.is(proto.ok, false);
  assert.match(proto.ok || proto.problem !== 'parse' ? '' : proto.message, /looked in the includeDirs .*grpc-proto-options\/src\/?, then for .*common\/money.proto/);
});

test('paths: a percent-encoded .pathname and a lone % fail at run time, as the compiler reports (regression-proto-path-encoding)', () => {
  const dir = new URL('./fixtures/regression-proto-path-encoding/src/', import.meta.url);
  assert.not.throws(() => loadProto(fileURLToPath(new URL('./my protos/todo.proto', dir))));
  assert.throws(() => loadProto(new URL('./my protos/todo.proto', dir).pathname), /does not exist/);
  assert.throws(() => fileURLToPath(new URL('./100%.proto', dir)), /URI malformed/);
});

test.run();
