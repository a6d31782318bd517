import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, compileFixture, fixtureSrc, golden } from './helpers.js';

const file = (fixture: string, name = 'app.module.ts'): string => `test/compiler/fixtures/${fixture}/src/${name}`;
const error = (fixture: string, line: number, column: number, code: string, message: string, name?: string) => ({
  code, severity: 'error', file: file(fixture, name), line, column, message,
});
const warning = (fixture: string, line: number, column: number, code: string, message: string, name?: string) => ({
  ...error(fixture, line, column, code, message, name), severity: 'warning',
});

test('FW1401: a definition the compiler cannot follow (a let, a computed path) names the culprit', async () => {
  const f = 'fw1401-grpc-def-not-static';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    error(f, 5, 27, 'FW1401',
      "The service definition given to @GrpcController on EnvPath cannot be resolved at build time: the path given to loadProto, `process.env.TODO_PROTO ?? 'todo.proto'`, is an expression the compiler cannot evaluate."),
    error(f, 7, 17, 'FW1401',
      'The service definition given to @GrpcController on MutableTree cannot be resolved at build time: `tree` is not a const, so it may be reassigned.'),
  ]);
  assert.match(result.diagnostics[0]!.hint, /loadProto\(fileURLToPath\(new URL\('\.\/x\.proto', import\.meta\.url\)\)\)/);
});

test('FW1402: a .proto file that does not exist points at the loadProto call', async () => {
  const f = 'fw1402-proto-missing';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [error(f, 5, 15, 'FW1402', 'loadProto reads protos/todo.proto, which does not exist.')]);
});

test("FW1403: a .proto that does not parse or resolve: the loadProto call, plus the proto's own line:col", async () => {
  const f = 'fw1403-proto-parse';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    error(f, 5, 16, 'FW1403', "loadProto reads broken.proto, which cannot be parsed: broken.proto:7:1: illegal token '}', ';' expected."),
    error(f, 6, 20, 'FW1403', "loadProto reads unresolved.proto, which cannot be parsed: unresolved.proto:6:3: no such Type or Enum 'TodoId' in Type .todo.GetTodoRequest."),
  ]);
  assert.is(result.diagnostics[0]!.hint, 'fix the .proto at broken.proto:7:1; framework-build reads it as @grpc/proto-loader will at run time.');
});

test('FW1404: unknown package or service, a client constructor, a message: with the available names', async () => {
  const f = 'fw1404-unknown-service';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    error(f, 7, 17, 'FW1404', "`proto.todoo.TodoService.service` names no service of todo.proto: there is no package 'todoo' (services: todo.TodoService)."),
    error(f, 10, 17, 'FW1404', "`proto.todo.TodoServise.service` names no service of todo.proto: package 'todo' has no service 'TodoServise' (its services: TodoService)."),
    error(f, 14, 17, 'FW1404', '`proto.todo.TodoService` names no service of todo.proto: it is the client constructor of todo.TodoService, not its service definition.'),
    error(f, 17, 17, 'FW1404', "`proto.todo.Todo.service` names no service of todo.proto: 'todo.Todo' is a message, not a service (services: todo.TodoService)."),
  ]);
  assert.equal(result.diagnostics.map((d) => d.hint), [
    'did you mean todo.TodoService? Write `<tree>.todo.TodoService.service`.',
    'did you mean todo.TodoService? Write `<tree>.todo.TodoService.service`.',
    'add `.service`: `<tree>.todo.TodoService.service`.',
    'name one of the services (todo.TodoService) as `<tree>.todo.TodoService.service`.',
  ]);
});

test('FW1405: a method or @GrpcMethod name matching no RPC, with "did you mean" for case and near misses', async () => {
  const f = 'fw1405-unknown-rpc';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    error(f, 9, 3, 'FW1405', "@GrpcMethod() on TodoGrpc.getTodo (bound by the method name 'getTodo') names no RPC of todo.TodoService (its RPCs: GetTodo, CreateTodo)."),
    error(f, 12, 15, 'FW1405', "@GrpcMethod('CreateTodos') on TodoGrpc.create names no RPC of todo.TodoService (its RPCs: GetTodo, CreateTodo)."),
    error(f, 15, 15, 'FW1405', "@GrpcMethod('Archive') on TodoGrpc.archive names no RPC of todo.TodoService (its RPCs: GetTodo, CreateTodo)."),
  ]);
  assert.equal(result.diagnostics.map((d) => d.hint), [
    "did you mean 'GetTodo'? RPC names are case-sensitive: rename the method to GetTodo, or write @GrpcMethod('GetTodo').",
    "did you mean 'CreateTodo'? RPC names are case-sensitive: write @GrpcMethod('CreateTodo').",
    'bind one of the RPCs of the service, or add the RPC to the .proto.',
  ]);
});

const unbound = "RPC CreateTodo of todo.TodoService (todo.proto:16:3) is bound by no method of TodoGrpc; its calls answer UNIMPLEMENTED.";

test('FW1406: an RPC that no method binds is an error, naming where the RPC is declared', async () => {
  const f = 'fw1406-unbound-rpc';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [error(f, 7, 1, 'FW1406', unbound)]);
  assert.match(result.diagnostics[0]!.hint, /--allow-unbound-rpc/);
  assert.is(result.files.length, 0);
});

test('FW1406: allowUnboundRpc (API, --allow-unbound-rpc, or package.json) makes it a warning; the RPC is emitted as unimplemented', async () => {
  const f = 'fw1406-unbound-rpc';
  const result = await compileFixture(f, { allowUnboundRpc: true });
  assert.equal(result.diagnostics.map(golden), [warning(f, 7, 1, 'FW1406', unbound)]);
  assert.ok(result.files[0]!.text.includes("unimplemented: [{ rpc: 'CreateTodo', reason: 'unbound' }] }"), result.files[0]!.text);
  const run = cli([fixtureSrc(f), '--out', `test/.tmp/compiler/${f}-cli`, '--allow-unbound-rpc']);
  assert.is(run.status, 0, run.stdout);
  assert.match(run.stdout, /warning FW1406/);
  // grpc-golden's package.json says "frameworkBuild": { "allowUnboundRpc": true }. Its throttle
  // annotations, there to show how they are emitted, have no guard to read them (FW2301, see generated-typecheck.test.ts).
  const configured = await compileFixture('grpc-golden');
  assert.equal(configured.diagnostics.filter((d) => d.code !== 'FW2301').map((d) => `${d.severity} ${d.code}`), ['warning FW1406']);
});

test('FW1408: a payload type with fields the request message does not have (keepCase names)', async () => {
  const f = 'fw1408-payload-mismatch';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    warning(f, 17, 11, 'FW1408',
      "@GrpcPayload() parameter 'request' of UsersGrpc.GetUser has type GetUserRequest, whose fields 'userId', 'tenant' are not in the request message users.GetUserRequest (its fields: user_id, with_roles)."),
  ]);
  assert.is(result.diagnostics[0]!.hint, "the payload carries the .proto's field names as written (keepCase): rename 'userId' to 'user_id'.");
});

test('FW1409: new GrpcServer(app) after app.init() in the same function; the right order is fine', async () => {
  const f = 'fw1409-server-after-init';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    error(f, 8, 16, 'FW1409', '`new GrpcServer(app)` comes after `app.init(…)` (line 7); the application accepts no transport once init has run, so this throws at startup.', 'bootstrap.ts'),
  ]);
  assert.is(result.diagnostics[0]!.hint, 'construct the server before init: `const grpc = new GrpcServer(app); await app.init(AppModule);`.');
});

test('FW1410: a relative path depends on the working directory; it is read from the package root', async () => {
  const f = 'fw1410-relative-proto-path';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    warning(f, 4, 15, 'FW1410', "loadProto is given the relative path 'src/protos/todo.proto', which resolves against the working directory at run time; the compiler read protos/todo.proto."),
  ]);
  assert.is(result.ok, true);
});

test('FW1411: two methods bound to one RPC', async () => {
  const f = 'fw1411-rpc-bound-twice';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    error(f, 11, 26, 'FW1411', 'TodoGrpc.getTodoAgain and TodoGrpc.GetTodo (app.module.ts:9:17) both bind RPC todo.TodoService/GetTodo; an RPC is served by one method.'),
  ]);
});

test('FW1412: a gRPC handler parameter without a gRPC decorator, or with an HTTP one', async () => {
  const f = 'fw1412-grpc-param';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    error(f, 9, 25, 'FW1412', "Parameter 'id' of gRPC handler TodoGrpc.GetTodo has no parameter decorator, so there is nothing to pass on a gRPC call."),
    error(f, 12, 28, 'FW1412', "Parameter 'body' of gRPC handler TodoGrpc.CreateTodo uses @Body(), which reads HTTP requests only, so there is nothing to pass on a gRPC call."),
  ]);
});

test('FW1413: two controllers for one service', async () => {
  const f = 'fw1413-service-twice';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    error(f, 13, 1, 'FW1413', 'WriteGrpc and ReadGrpc (app.module.ts:8:14) are both @GrpcController of todo.TodoService; a gRPC server serves each service from one class.'),
  ]);
});

test('FW1414: @GrpcMethod on an HTTP @Controller is an error, not silently ignored', async () => {
  const f = 'fw1414-grpc-method-on-http-controller';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    error(f, 11, 3, 'FW1414', '@GrpcMethod on PingController.ping is ignored: PingController is an HTTP @Controller, so no RPC is bound to it.'),
  ]);
  assert.is(result.diagnostics[0]!.hint, 'move the method to the @GrpcController class of the service, or remove @GrpcMethod (serve it over HTTP with @Get, @Post, …).');
});

test('FW1415: loadProto options the compiler cannot read (a computed keepCase, a call, a spread nothing overrides) name the culprit; the proto is not checked', async () => {
  const f = 'fw1415-proto-options-not-static';
  const result = await compileFixture(f);
  const tail = '; the compiler needs `keepCase` and `includeDirs` to read the .proto as it is loaded at run time.';
  assert.equal(result.diagnostics.map(golden), [
    error(f, 7, 27, 'FW1415', `The options given to loadProto cannot be read at build time: \`keepCase\` is \`process.env.KEEP_CASE !== '0'\`, which is only known at run time${tail}`),
    error(f, 13, 34, 'FW1415', `The options given to loadProto cannot be read at build time: \`protoOptions()\` is not an object literal${tail}`),
    error(f, 14, 49, 'FW1415', `The options given to loadProto cannot be read at build time: \`...protoOptions()\` is a spread the compiler cannot follow, which may set keepCase or includeDirs${tail}`),
  ]);
  assert.match(result.diagnostics[0]!.hint, /`keepCase: true` or `false` and `includeDirs: \[fileURLToPath\(new URL\('\.\/protos', import\.meta\.url\)\)\]`/);
});

test('loadProto options are honoured: keepCase: false compares camelCase fields (FW1408 hint says so), includeDirs resolves imports, a relative include dir warns (FW1410), overridden spreads are fine', async () => {
  const f = 'grpc-proto-options';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    warning(f, 13, 111, 'FW1410', "loadProto is given the relative include directory 'src/protos', which resolves against the working directory at run time; the compiler read protos."),
    warning(f, 41, 8, 'FW1408',
      "@GrpcPayload() parameter 'request' of LegacyGrpc.Find has type { user_id: string }, whose field 'user_id' is not in the request message legacy.FindRequest (its fields: userId)."),
  ]);
  assert.is(result.diagnostics[0]!.hint, "anchor the directory on the module: `includeDirs: [fileURLToPath(new URL('./protos', import.meta.url))]`.");
  assert.is(result.diagnostics[1]!.hint, "the payload carries the .proto's field names in camelCase (loadProto is given keepCase: false): rename 'user_id' to 'userId'.");
  assert.is(result.ok, true);
});

test('paths are placed as at run time: .pathname stays percent-encoded (FW1402 says why), a lone % or a URL object is FW1401, never a crash', async () => {
  const f = 'regression-proto-path-encoding';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    error(f, 8, 17, 'FW1402', 'loadProto reads my%20protos/todo.proto, which does not exist.'),
    error(f, 10, 27, 'FW1401',
      "The service definition given to @GrpcController on PercentGrpc cannot be resolved at build time: the path given to loadProto, `fileURLToPath(new URL('./100%.proto', import.meta.url))`, is a call that throws at run time (URI malformed; a '%' in a URL must be written %25)."),
    error(f, 13, 23, 'FW1401',
      "The service definition given to @GrpcController on UrlGrpc cannot be resolved at build time: the path given to loadProto, `new URL('./my protos/todo.proto', import.meta.url)`, is a URL object, but a path string is expected (at run time `path.resolve` throws on it); wrap it in fileURLToPath(…)."),
  ]);
  assert.is(result.diagnostics[0]!.hint,
    "the path is percent-encoded (%20 for a space): a URL's `.pathname` is not decoded, so loadProto looks for a file of that literal name; use `fileURLToPath(new URL('./x.proto', import.meta.url))`, which decodes it.");
});

test.run();
