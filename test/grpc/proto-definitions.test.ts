// loadProto builds its definitions from protobufjs itself, without @grpc/proto-loader at start:
// what it gives must be what proto-loader gives (paths, kinds, encodings, descriptors), and its
// descriptors must be made only when read.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defaultProtoOptions, loadProto, type ProtoNode, type ProtoTree } from '@framework/grpc';
import { loadSync, type Options } from '@grpc/proto-loader';
import { loadPackageDefinition, type MethodDefinition } from '@grpc/grpc-js';
import { todoProtoPath } from './fixtures/protos.js';

const test = suite('loadProto definitions');

const richPath = fileURLToPath(new URL('./fixtures/schema/rich.proto', import.meta.url));
const options: Options = { ...defaultProtoOptions, includeDirs: [fileURLToPath(new URL('./fixtures/schema/include', import.meta.url))] };
const ours = loadProto(richPath, options);
const theirs = loadPackageDefinition(loadSync(richPath, options)) as unknown as ProtoTree;

type LooseMethod = MethodDefinition<unknown, unknown> & { originalName?: string; options?: unknown; requestType: Described; responseType: Described };
interface Described {
  format: string;
  type: unknown;
  fileDescriptorProtos: Buffer[];
}

const service = (tree: ProtoTree) => tree.rich!.v1!.OrderService!.service as unknown as Record<string, LooseMethod>;
const message = (tree: ProtoTree, ...path: string[]) => path.reduce<ProtoNode>((node, name) => node[name]!, tree as ProtoNode) as unknown as Described;

const order = {
  id: 'o-1',
  lines: [{ sku: 'tea', quantity: 2, price: { currency: 'EUR', cents: '9007199254740993' } }],
  labels: { gift: 'yes', 'ü': 'ß' },
  lines_by_number: { 7: { sku: 'cup', quantity: 1 } },
  state: 'PAID',
  priority: 'HIGH',
  placed_at: { seconds: '1700000000', nanos: 5 },
  signature: Buffer.from([0, 255, 7]),
  version: '-42',
  voucher: { currency: 'USD', cents: '100' },
};

test('the same RPCs, paths, kinds, client aliases and method options as @grpc/proto-loader', () => {
  const mine = service(ours);
  const reference = service(theirs);
  assert.equal(Object.keys(mine), Object.keys(reference));
  for (const [rpc, method] of Object.entries(mine)) {
    const other = reference[rpc]!;
    assert.equal(
      [method.path, method.requestStream, method.responseStream, method.originalName, method.options],
      [other.path, other.requestStream, other.responseStream, other.originalName, other.options],
      rpc,
    );
  }
  assert.is(mine.sync_orders!.originalName, 'syncOrders');
  assert.is((mine.GetOrder!.options as Record<string, unknown>).idempotency_level, 'NO_SIDE_EFFECTS');
});

test('messages encode to the same bytes and decode to the same objects (maps, enums, oneofs, 64-bit, bytes, well-known types)', () => {
  const mine = service(ours).GetOrder!;
  const reference = service(theirs).GetOrder!;
  const bytes = mine.responseSerialize(order);
  assert.equal(bytes, reference.responseSerialize(order));
  assert.equal(mine.responseDeserialize(bytes), reference.responseDeserialize(bytes));
  const decoded = mine.responseDeserialize(bytes) as Record<string, unknown>;
  assert.is(decoded.version, '-42');
  assert.is(decoded.payment, 'voucher');
  assert.equal(decoded.labels, { gift: 'yes', 'ü': 'ß' });
});

test('a serializer refuses an array as proto-loader does', () => {
  assert.throws(() => service(ours).GetOrder!.requestSerialize([]), /expected object with GetOrderRequest structure, got array/);
});

test('the same packages, services, messages and enums (imported files\' included) as @grpc/proto-loader', () => {
  for (const pkg of [['rich', 'v1'], ['shared'], ['google', 'protobuf']]) {
    assert.equal(Object.keys(message(ours, ...pkg)), Object.keys(message(theirs, ...pkg)), pkg.join('.'));
  }
});

test('message and enum entries, and each RPC\'s request and response types, carry proto-loader\'s descriptors', () => {
  for (const path of [['rich', 'v1', 'Order'], ['rich', 'v1', 'GetOrderRequest'], ['shared', 'Money'], ['shared', 'Level'], ['google', 'protobuf', 'Timestamp']]) {
    const mine = message(ours, ...path);
    const reference = message(theirs, ...path);
    assert.is(mine.format, reference.format, path.join('.'));
    assert.equal(mine.type, reference.type, path.join('.'));
    assert.equal(mine.fileDescriptorProtos, reference.fileDescriptorProtos, path.join('.'));
  }
  const method = service(ours).ImportOrders!;
  assert.equal(method.requestType.type, service(theirs).ImportOrders!.requestType.type);
  assert.is(method.responseType.fileDescriptorProtos, method.requestType.fileDescriptorProtos, 'one array per schema');
});

test('an import that only includeDirs can find fails without it, naming the file', () => {
  assert.throws(() => loadProto(richPath), /cannot parse the schema file .*shared\/common\.proto|no such file/);
});

test('includeDirs that is not an array is refused with the reason', () => {
  assert.throws(() => loadProto(richPath, { includeDirs: 'include' as unknown as string[] }), /includeDirs option must be an array/);
});

// A fresh process, so that what this suite loaded does not count.
function loadedAfter(script: string): string[] {
  const source = `
    import { createRequire } from 'node:module';
    import { loadProto, GrpcServer } from '@framework/grpc';
    const cache = createRequire(import.meta.url).cache;
    ${script}
    console.log(JSON.stringify(Object.keys(cache)));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', source], { cwd: fileURLToPath(new URL('.', import.meta.url)), encoding: 'utf8' });
  return JSON.parse(output) as string[];
}

test('loading a schema loads neither @grpc/proto-loader nor protobufjs\'s descriptor schema; reading a descriptor does', () => {
  const atStart = loadedAfter(`loadProto(${JSON.stringify(todoProtoPath)});`);
  assert.ok(atStart.some((file) => file.includes('/protobufjs/')), 'protobufjs parses the schema');
  assert.not.ok(atStart.some((file) => file.includes('@grpc/proto-loader')), 'no proto-loader');
  assert.not.ok(atStart.some((file) => file.includes('ext/descriptor')), 'no descriptor schema');
  const onRead = loadedAfter(`loadProto(${JSON.stringify(todoProtoPath)}).todo.TodoService.service.GetTodo.requestType.fileDescriptorProtos;`);
  assert.ok(onRead.some((file) => file.includes('ext/descriptor')), 'the descriptor schema, once a descriptor is read');
});

test.run();
