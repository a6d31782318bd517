import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GrpcController, loadProto, type ServiceDefinition } from '@framework/grpc';
import { todoProto, todoProtoPath } from './fixtures/protos.js';

const test = suite('loadProto and @GrpcController');

function thrown(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error, but none was thrown');
}

test('the service definition is <tree>.<package>.<Service>.service with the proto\'s RPC names and paths', () => {
  const definition = todoProto.todo.TodoService.service;
  assert.equal(Object.keys(definition), ['GetTodo', 'CreateTodo']);
  assert.is(definition.GetTodo!.path, '/todo.TodoService/GetTodo');
  assert.is(definition.GetTodo!.requestStream, false);
});

test('messages keep the proto\'s field case and get proto3 defaults', () => {
  const tree = loadProto(todoProtoPath);
  const decode = tree.todo.TodoService.service.CreateTodo!.responseDeserialize;
  const encode = tree.todo.TodoService.service.CreateTodo!.responseSerialize;
  assert.equal(decode(encode({ id: '7' })), { id: '7', title: '', done: false });
});

test('a missing absolute path names the file', () => {
  const error = thrown(() => loadProto('/nowhere/missing.proto'));
  assert.match(error.message, "the schema file '/nowhere/missing.proto' does not exist");
});

test('a missing relative path says it resolved against the working directory and how to anchor it', () => {
  const error = thrown(() => loadProto('./protos/missing.proto'));
  assert.match(error.message, `resolved to '${join(process.cwd(), 'protos/missing.proto')}'`);
  assert.match(error.message, `working directory (${process.cwd()})`);
  assert.match(error.message, "fileURLToPath(new URL('./x.proto', import.meta.url))");
});

test('an unparseable file names the file and the parser\'s complaint', () => {
  const dir = mkdtempSync(join(tmpdir(), 'proto-'));
  const path = join(dir, 'broken.proto');
  writeFileSync(path, 'syntax = "proto3";\nmessage Broken { string id = ; }\n');
  try {
    const error = thrown(() => loadProto(path));
    assert.match(error.message, `cannot parse the schema file '${path}'`);
    assert.match(error.message, 'illegal');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('@GrpcController rejects a path string', () => {
  const error = thrown(() => GrpcController('todo.proto' as unknown as ServiceDefinition)(class Wrong {}));
  assert.instance(error, TypeError);
  assert.match(error.message, "@GrpcController on Wrong takes a service definition, not the string 'todo.proto'");
});

test('@GrpcController rejects undefined (`.service` of a message instead of a service)', () => {
  const error = thrown(() => GrpcController(todoProto.todo.Todo.service)(class Misspelt {}));
  assert.instance(error, TypeError);
  assert.match(error.message, 'not undefined');
});

test('@GrpcController rejects the client constructor and says to pass .service', () => {
  const error = thrown(() => GrpcController(todoProto.todo.TodoService as unknown as ServiceDefinition)(class Ctor {}));
  assert.instance(error, TypeError);
  assert.match(error.message, '<tree>.<package>.<Service>.service');
});

test.run();
