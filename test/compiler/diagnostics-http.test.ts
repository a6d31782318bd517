import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

test('FW1008: a private handler', async () => {
  const result = await compileFixture('fw1008-private-handler');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1008',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1008-private-handler/src/app.module.ts',
      line: 6,
      column: 11,
      message: 'Handler SecretController.reveal is private; the router can only call public instance methods.',
    },
  ]);
});

test('FW1201: a body member without a class-validator decorator points at the member', async () => {
  const result = await compileFixture('fw1201-dto-member');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1201',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1201-dto-member/src/app.module.ts',
      line: 8,
      column: 3,
      message: "Member 'body' of body class CreateNoteDto has no class-validator decorator; every body member needs one.",
    },
    {
      code: 'FW1201',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1201-dto-member/src/app.module.ts',
      line: 10,
      column: 3,
      message: "Member 'tags' of body class CreateNoteDto has no class-validator decorator; every body member needs one.",
    },
    {
      code: 'FW1201',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1201-dto-member/src/app.module.ts',
      line: 12,
      column: 3,
      message: "Member 'author' of body class CreateNoteDto has no class-validator decorator; every body member needs one.",
    },
  ]);
  // The hint names the decorators of the declared type (a DTO class: @ValidateNested()), and @IsOptional() for a member a body may leave out.
  assert.equal(result.diagnostics.map((d) => d.hint), [
    "decorate 'body' with @IsString() (its declared type), and with @IsOptional() too if a body may leave it out (else its absence is a 400); or remove it from CreateNoteDto.",
    "decorate 'tags' with @IsArray() @IsNumber({}, { each: true }) (its declared type), and with @IsOptional() too if a body may leave it out (else its absence is a 400); or remove it from CreateNoteDto.",
    "decorate 'author' with @ValidateNested() (its declared type), and with @IsOptional() too if a body may leave it out (else its absence is a 400); or remove it from CreateNoteDto.",
  ]);
});

test("FW1202: @Param('x') whose path has no :x; the hint lists the path's params", async () => {
  const result = await compileFixture('fw1202-param');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1202',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1202-param/src/app.module.ts',
      line: 6,
      column: 11,
      message: "@Param('userId') of UsersController.findOne has no ':userId' in its route path '/users/:id'.",
    },
  ]);
  assert.is(result.diagnostics[0]?.hint, "the path declares ':id'; use one of them, or add '/:userId' to the path.");
});

test("FW1202: the hint names a path segment written without its colon, and a parameter name one edit away", async () => {
  const result = await compileFixture('fw1202-param-typos');
  assert.equal(
    result.diagnostics.map((d) => [d.code, d.line, d.hint]),
    [
      ['FW1202', 6, "did you mean ':idd'? Write @Param('idd'), or rename the path's ':idd' to ':id'."],
      ['FW1202', 11, "the segment 'postId' of the path is literal text; write ':postId' to make it a parameter."],
    ],
  );
});

test("FW1210 / FW1018: NestJS's @Header(name, value) on a handler: both hints point at @SetHeader", async () => {
  const result = await compileFixture('fw1210-nest-header');
  const setHeader = 'to set a response header (what @Header(name, value) does in NestJS), write @SetHeader(name, value); to read a request header, ';
  assert.equal(
    result.diagnostics.map((d) => [d.code, d.line, d.hint]),
    [
      ['FW1210', 5, `${setHeader}move @Header onto the parameter of the handler that receives the value: \`handler(@Header(…) value: …)\`.`],
      ['FW1018', 5, `${setHeader}remove \`'no-store'\`: @Header takes (name?: string).`],
    ],
  );
});

test('FW1203: two handlers on the same method and path shape name both route decorators', async () => {
  const result = await compileFixture('fw1203-duplicate');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1203',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1203-duplicate/src/app.module.ts',
      line: 10,
      column: 3,
      message:
        'Duplicate route GET /users/:key: UsersController.findOne (app.module.ts:5:3) and UsersController.findByKey (app.module.ts:10:3) both handle it.',
    },
  ]);
});

test('FW1204: a @Body() whose type is not a validated class is an error; @Body({ validate: false }) takes it unchecked on purpose', async () => {
  const result = await compileFixture('fw1204-body-not-class');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1204',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1204-body-not-class/src/app.module.ts',
      line: 10,
      column: 10,
      message: "@Body() parameter 'body' of NotesController.create has type { title: string }, which is not a validated class, so the body would reach the handler unchecked.",
    },
    // An array body whose elements are no validated class: a scalar, an interface.
    {
      code: 'FW1204',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1204-body-not-class/src/app.module.ts',
      line: 15,
      column: 8,
      message: "@Body() parameter 'tags' of NotesController.tags has type string[], which is not a validated class nor an array of one (its elements are string), so the body would reach the handler unchecked.",
    },
    {
      code: 'FW1204',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1204-body-not-class/src/app.module.ts',
      line: 20,
      column: 8,
      message: "@Body() parameter 'notes' of NotesController.many has type readonly Note[], which is not a validated class nor an array of one (its elements are Note), so the body would reach the handler unchecked.",
    },
  ]);
  assert.is(
    result.diagnostics[0]?.hint,
    'declare a DTO class whose members carry class-validator decorators and use it as the parameter type, name a Standard Schema (Zod, Valibot, ArkType) as @Body({ schema: CreateNote }), or write @Body({ validate: false }) to take the parsed JSON unchecked on purpose.',
  );
  assert.is(
    result.diagnostics[2]?.hint,
    'declare a DTO class whose members carry class-validator decorators and use it as the parameter type (`@Body() notes: ThatDto[]` for an array: each element is validated as ThatDto), name a Standard Schema (Zod, Valibot, ArkType) as @Body({ schema: CreateNote }), or write @Body({ validate: false }) to take the parsed JSON unchecked on purpose.',
  );
  // NotesController.raw (`@Body({ validate: false }) event: unknown`) is not reported; the emit-golden
  // fixture shows how such a body is read (`a.body as Parameters<…>`), unchecked.
});

test("FW1211: NestJS's @Body(new ParseArrayPipe({ items })) is refused at the pipe, the hint writing the plain array form", async () => {
  const f = 'fw1211-body-array-pipe';
  const result = await compileFixture(f);
  const file = `test/compiler/fixtures/${f}/src/app.module.ts`;
  // Neither FW1004 (the pipe is no static options object) nor FW1204 (ItemDto[] is an array body) on top.
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1211', severity: 'error', file, line: 11, column: 16,
      message: "@Body(new ParseArrayPipe({ items: ItemDto })) on parameter 'items' of ItemsController.create: pipes do not apply to a body here; the parameter's declared type says that the body is an array and what each element is validated as.",
    },
    {
      code: 'FW1211', severity: 'error', file, line: 16, column: 14,
      message: "@Body(ParseArrayPipe) on parameter 'items' of ItemsController.bare: pipes do not apply to a body here; the parameter's declared type says that the body is an array and what each element is validated as.",
    },
  ]);
  const hint = "write `@Body() items: ItemDto[]`: each element is then validated as ItemDto (whitelisted, an instance of it), a body that is not a JSON array is a 400, and the reasons name the element's index ('[1] name must be a string'), as ParseArrayPipe's do.";
  assert.equal(result.diagnostics.map((d) => d.hint), [hint, hint]);
});

test('FW1205: a handler parameter without a parameter decorator', async () => {
  const result = await compileFixture('fw1205-undecorated-param');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1205',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1205-undecorated-param/src/app.module.ts',
      line: 6,
      column: 8,
      message: "Parameter 'limit' of handler NotesController.list has no parameter decorator, so the router has nothing to pass.",
    },
  ]);
});

test('FW1206: HTTP route decorators on a @GrpcController (own or inherited methods) are errors, not silently ignored', async () => {
  const f = 'fw1206-route-on-grpc-controller';
  const result = await compileFixture(f);
  const file = `test/compiler/fixtures/${f}/src/app.module.ts`;
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1206', severity: 'error', file, line: 8, column: 3,
      message: '@Get on PingGrpc.health is ignored: PingGrpc is a @GrpcController, which serves RPCs only, so no HTTP route is registered for it.',
    },
    {
      code: 'FW1206', severity: 'error', file, line: 21, column: 3,
      message: '@Post on PingGrpc.post is ignored: PingGrpc is a @GrpcController, which serves RPCs only, so no HTTP route is registered for it.',
    },
  ]);
  assert.is(result.diagnostics[1]?.hint, 'move the method to a @Controller class to serve it over HTTP, or remove @Post (bind the method to an RPC with @GrpcMethod).');
});

test('FW1207: a literal @HttpCode outside 200-599 points at the status; a const in range is fine', async () => {
  const f = 'fw1207-http-code-range';
  const result = await compileFixture(f);
  const file = `test/compiler/fixtures/${f}/src/app.module.ts`;
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1207', severity: 'error', file, line: 8, column: 13,
      message: '@HttpCode(600) on JobsController.create is not a status a response can have: responses are built with statuses 200 to 599 only, so every call of this route would fail.',
    },
    {
      code: 'FW1207', severity: 'error', file, line: 14, column: 13,
      message: '@HttpCode(99) on JobsController.early is not a status a response can have: responses are built with statuses 200 to 599 only, so every call of this route would fail.',
    },
  ]);
  assert.is(result.diagnostics[0]?.hint, 'use a status between 200 and 599 (for example 200, 201 or 204); 1xx statuses cannot be sent by a handler.');
});

test('FW1208: 204/205/304 with a return type that carries a body warn; void, Promise<void> and Response do not; inherited routes and quoted names too', async () => {
  const f = 'fw1208-null-body-status';
  const result = await compileFixture(f);
  const file = `test/compiler/fixtures/${f}/src/app.module.ts`;
  const at = (line: number, message: string, inFile = file) => ({ code: 'FW1208', severity: 'warning', file: inFile, line, column: 13, message });
  assert.equal(result.diagnostics.map(golden), [
    at(11, 'ItemsController.remove returns Item, but @HttpCode(204) answers without a body: a 204 response cannot carry one, so the returned value is dropped.'),
    at(17, 'ItemsController.reset returns Promise<Item | undefined>, but @HttpCode(205) answers without a body: a 205 response cannot carry one, so the returned value is dropped.'),
    at(23, 'ItemsController.cached returns string, but @HttpCode(304) answers without a body: a 304 response cannot carry one, so the returned value is dropped.'),
    // The override's @HttpCode(205), not the base's @HttpCode(200), of a method with a quoted name.
    at(45, 'ItemsController.remove-old returns Item, but @HttpCode(205) answers without a body: a 205 response cannot carry one, so the returned value is dropped.'),
    // A route inherited as is: its @HttpCode is on the base class.
    at(8, 'ItemsController.archive returns Item, but @HttpCode(204) answers without a body: a 204 response cannot carry one, so the returned value is dropped.', `test/compiler/fixtures/${f}/src/items.base.ts`),
  ]);
  assert.is(result.diagnostics[0]?.hint, 'declare ItemsController.remove as returning void (or Promise<void>) and return nothing, or use a status that carries a body (200, or 201 for a creation).');
  assert.is(result.ok, true);
});

test.run();
