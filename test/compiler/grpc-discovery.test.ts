import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { suggest } from '../../compiler/src/diagnostics/suggest.js';
import { loadProtoFile } from '../../compiler/src/proto/load.js';
import { compileFixture, ROOT, TMP } from './helpers.js';

test('the definition is followed through every supported form of the loadProto path and of the tree access', async () => {
  const result = await compileFixture('grpc-def-forms');
  assert.equal(result.diagnostics, []);
  const services = [...result.files[0]!.text.matchAll(/service: '([^']+)'/g)].map((m) => m[1]);
  assert.equal(services, ['forms.Inline', 'forms.Pathname', 'forms.Resolve', 'forms.Dirname', 'forms.Template', 'forms.Element', 'forms.Aliased', 'forms.Namespace']);
});

test('loadProtoFile describes services, streaming flags, keepCase request fields (oneofs too), and rpc positions', () => {
  const dir = path.join(TMP, 'protos');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'nested.proto');
  fs.writeFileSync(
    file,
    'syntax = "proto3";\npackage a.b;\nimport "google/protobuf/empty.proto";\nmessage R { string user_id = 1; oneof pick { string s = 2; int32 n = 3; } }\n' +
      'service S {\n  rpc Get (R) returns (google.protobuf.Empty);\n  rpc Watch (R) returns (stream R);\n}\n',
  );
  const proto = loadProtoFile(file);
  assert.ok(proto.ok);
  if (!proto.ok) return;
  assert.equal(proto.services.map((s) => s.fullName), ['a.b.S']);
  const [get, watch] = proto.services[0]!.rpcs;
  assert.equal(
    { name: get!.name, requestType: get!.requestType, responseType: get!.responseType, fields: get!.requestFields, line: get!.line, column: get!.column },
    { name: 'Get', requestType: 'a.b.R', responseType: 'google.protobuf.Empty', fields: ['user_id', 's', 'n', 'pick'], line: 6, column: 3 },
  );
  assert.equal([watch!.requestStream, watch!.responseStream], [false, true]);
  assert.is(proto.kinds['a.b'], 'package');
  assert.is(proto.kinds['a.b.R'], 'message');
  assert.equal(proto.inputs.map((i) => path.relative(ROOT, i.file)), ['test/.tmp/compiler/protos/nested.proto'], 'bundled imports are not inputs');
});

test('loadProtoFile reports a missing import at the import line', () => {
  const file = path.join(TMP, 'protos', 'imports-missing.proto');
  fs.writeFileSync(file, 'syntax = "proto3";\n\nimport "nowhere.proto";\n');
  const proto = loadProtoFile(file);
  assert.ok(!proto.ok && proto.problem === 'parse');
  if (proto.ok || proto.problem !== 'parse') return;
  assert.equal([proto.line, proto.column], [3, 8]);
  assert.match(proto.message, /^import "nowhere\.proto" names no file/);
});

test('suggest: case and separator differences first, then small edit distances, else nothing', () => {
  assert.is(suggest('getTodo', ['GetTodo', 'CreateTodo']), 'GetTodo');
  assert.is(suggest('userId', ['user_id', 'with_roles']), 'user_id');
  assert.is(suggest('burts', ['default', 'burst']), 'burst');
  assert.is(suggest('CreateTodos', ['GetTodo', 'CreateTodo']), 'CreateTodo');
  assert.is(suggest('Archive', ['GetTodo', 'CreateTodo']), undefined);
});

test.run();
