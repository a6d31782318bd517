/**
 * `framework-build` emits a `<file>.proto.ts` of TypeScript types for every loaded `.proto`: the
 * golden text, and the check that it describes what loadProto really decodes (same field names,
 * keepCase honoured, oneof and optional markers).
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadProto } from '@framework/grpc';
import { compileFixture, fixtureSrc, ROOT } from './helpers.js';

const result = await compileFixture('proto-types');
const emitted = (name: string): string => {
  const file = result.files.find((f) => f.path.endsWith(`/protos/${name}.proto.ts`));
  if (!file) throw new Error(`no ${name}.proto.ts among ${result.files.map((f) => f.path).join(', ')}`);
  return file.text;
};

test('one types file per loaded .proto, next to the tables, at the file\'s place in the sources', () => {
  assert.ok(result.ok, result.diagnostics.map((d) => d.message).join('\n'));
  assert.equal(result.files.map((f) => path.relative(path.join(ROOT, 'test/.tmp/compiler/proto-types'), f.path)).sort(), ['openapi.json', 'protos/camel.proto.ts', 'protos/shop.proto.ts', 'tables.ts']);
});

test('messages, nested messages, enums, maps, oneofs, optional, 64-bit integers, bytes and imports (golden)', () => {
  const expected = path.join(ROOT, 'test/compiler/fixtures/proto-types/expected/protos/shop.proto.ts');
  // The banner names the output directory of this run; the golden keeps the types only.
  const types = emitted('shop').split('\n').slice(2).join('\n');
  if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(expected, types);
  assert.fixture(types, fs.readFileSync(expected, 'utf8'));
});

test('keepCase: false gives the camelCase names loadProto decodes', () => {
  assert.match(emitted('camel'), 'export interface CamelRequest {\n  userId: string;\n}');
});

/** The property names an emitted interface declares, the optional ones apart. */
function declaredFields(text: string, name: string): { required: string[]; optional: string[] } {
  const body = new RegExp(`export interface ${name} \\{\\n([^}]*)\\}`).exec(text)?.[1] ?? '';
  const lines = body.split('\n').filter(Boolean).map((line) => line.trim());
  return {
    required: lines.filter((line) => !/^\w+\?:/.test(line)).map((line) => line.split(':')[0]!),
    optional: lines.filter((line) => /^\w+\?:/.test(line)).map((line) => line.split('?:')[0]!),
  };
}

test('the emitted Order declares exactly the properties of an Order decoded by loadProto', () => {
  const src = path.join(ROOT, fixtureSrc('proto-types'));
  const tree = loadProto(path.join(src, 'protos/shop.proto'), { includeDirs: [src] });
  const method = tree.shop!.v1!.OrderService!.service.GetOrder!;
  const order = {
    order_id: 'o-1', total_cents: '12345678901234', lines: [{ sku: 'a', quantity: 2 }], status: 'STATUS_OPEN', labels: { gift: 'yes' },
    placed_at: { seconds: '1', nanos: 2 }, card_token: 'tok', note: 'leave at the door', price: { units: '3', currency: 'EUR' },
  };
  const decoded = method.responseDeserialize(method.responseSerialize(order)) as Record<string, unknown>;
  const { required, optional } = declaredFields(emitted('shop'), 'Order');
  assert.equal(optional.sort(), ['_note', 'card_token', 'note', 'payment', 'voucher'], 'oneof members, the oneof itself and an optional field');
  // Every required field is decoded (defaults fill the unset ones); the only optional one missing is the unset oneof member.
  assert.equal(Object.keys(decoded).sort(), [...required, ...optional.filter((f) => f !== 'voucher')].sort());
  assert.is(decoded.payment, 'card_token', 'the oneof names its member');
  assert.is(decoded.total_cents, '12345678901234', 'int64 as a string');
});

test.run();
