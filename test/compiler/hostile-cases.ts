/**
 * Odd-but-plausible source trees for the hostile-sources suite: each case is a few files written to a
 * scratch directory and built as-is. A case may be a correct program (it must build) or a wrong one
 * (it must end in diagnostics at the user's lines); what it may never do is crash the compiler.
 */

/** One source tree: file name (relative to `src/`) to its text or bytes. */
export type CaseFiles = Record<string, string | Uint8Array>;

export interface HostileCase {
  readonly name: string;
  readonly files: CaseFiles;
}

const CORE = "import { Body, Controller, Delete, Get, Inject, Injectable, Module, Param, Post, Query, UploadedFile } from '@framework/core';\n";
const VALIDATORS = "import { IsString, IsNumber, ValidateNested, IsOptional } from '@framework/core/validators';\n";

/** One `app.module.ts` holding `body` and a root module listing `controllers` (and `extra` module options). */
export const app = (body: string, controllers = 'C', extra = ''): CaseFiles => ({
  'app.module.ts': `${CORE}${VALIDATORS}${body}\n@Module({ controllers: [${controllers}]${extra} })\nexport class AppModule {}\n`,
});

/** A controller `C` with one handler of the given decorators and parameters. */
const handler = (decorators: string, params = '', pre = ''): CaseFiles =>
  app(`${pre}\n@Controller('/c')\nexport class C {\n  ${decorators} h(${params}): string { return 'x'; }\n}\n`);

/** A controller `C` with `n` GET routes. */
export const routes = (n: number): CaseFiles =>
  app(`@Controller('/c')\nexport class C {\n${Array.from({ length: n }, (_, i) => `  @Get('/r${i}/:id') r${i}(@Param('id') id: string): string { return id; }\n`).join('')}}\n`);

/** A body DTO of `n` validated members behind one POST route. */
export const dtoMembers = (n: number): CaseFiles =>
  app(
    `export class Big {\n${Array.from({ length: n }, (_, i) => `  @IsString() m${i}!: string;\n`).join('')}}\n` +
      `@Controller('/c')\nexport class C { @Post() p(@Body() b: Big): string { return b.m0; } }\n`,
  );

/** `n` controller files, each imported by the root module. */
export const controllerFiles = (n: number): CaseFiles => {
  const files: CaseFiles = {};
  for (let i = 0; i < n; i++) {
    files[`c${i}.controller.ts`] = `${CORE}@Controller('/c${i}')\nexport class C${i} { @Get('/:id') g(@Param('id') id: string): string { return id; } }\n`;
  }
  const names = Array.from({ length: n }, (_, i) => `C${i}`);
  files['app.module.ts'] =
    `${CORE}${names.map((c, i) => `import { ${c} } from './c${i}.controller.js';`).join('\n')}\n` +
    `@Module({ controllers: [${names.join(', ')}] })\nexport class AppModule {}\n`;
  return files;
};

const dtoRoute = (type: string, pre: string): CaseFiles =>
  app(`${pre}\n@Controller('/c')\nexport class C { @Post() p(@Body() b: ${type}): string { return 'x'; } }\n`);

/** A gRPC controller of service `x.S` (one RPC `M`) with the given members. */
const grpcApp = (members: string): CaseFiles => ({
  's.proto': 'syntax = "proto3";\npackage x;\nservice S { rpc M (R) returns (R); }\nmessage R {}\n',
  'app.module.ts':
    "import { fileURLToPath } from 'node:url';\nimport { Module } from '@framework/core';\nimport { GrpcController, GrpcMethod, GrpcPayload, loadProto } from '@framework/grpc';\n" +
    "const p = loadProto(fileURLToPath(new URL('./s.proto', import.meta.url)));\n" +
    `@GrpcController(p.x.S.service)\nexport class G {\n  ${members}\n}\n@Module({ controllers: [G] })\nexport class AppModule {}\n`,
});

export const hostileCases: readonly HostileCase[] = [
  // Decorator arguments known only at run time.
  { name: 'get-const-path', files: handler('@Get(PATH)', '', "const PATH = '/p';") },
  { name: 'get-computed-path', files: handler('@Get(makePath())', '', "const makePath = (): string => '/p';") },
  { name: 'get-spread-args', files: handler('@Get(...args)', '', "const args = ['/p'] as const;") },
  { name: 'get-template-path', files: handler('@Get(`/${x}`)', '', "const x = 'p';") },
  { name: 'get-template-plain', files: handler('@Get(`/p`)') },
  { name: 'get-number-path', files: handler('@Get(42 as any)') },
  { name: 'get-two-args', files: handler("@Get('/a', '/b' as any)") },
  { name: 'controller-config-prefix', files: app("const cfg = { prefix: '/p' };\n@Controller(cfg.prefix)\nexport class C { @Get() g(): string { return 'x'; } }\n") },
  { name: 'controller-spread', files: app("const a = ['/p'] as const;\n@Controller(...a)\nexport class C { @Get() g(): string { return 'x'; } }\n") },
  { name: 'controller-object-arg', files: app("@Controller({ path: '/p' } as any)\nexport class C { @Get() g(): string { return 'x'; } }\n") },
  { name: 'param-name-variable', files: handler("@Get('/:id')", '@Param(NAME) id: string', "const NAME = 'id';") },
  { name: 'param-name-call', files: handler("@Get('/:id')", '@Param(String(1)) id: string') },
  { name: 'param-spread', files: handler("@Get('/:id')", '@Param(...(["id"] as [string])) id: string') },
  { name: 'decorator-not-called', files: app("@Controller('/c')\nexport class C { @(Get as any) g(): string { return 'x'; } }\n") },
  { name: 'decorator-parenthesised', files: handler("@((Get))('/x')") },
  { name: 'decorator-satisfies-non-null', files: handler("@(Get satisfies unknown)!('/x')") },
  { name: 'decorator-type-assertion', files: handler("@(<any>Get)('/x')") },
  { name: 'decorator-conditional', files: handler("@(flag ? Get : Post)('/x')", '', 'const flag = Math.random() > 0.5;') },
  { name: 'decorator-element-access', files: handler("@(list[0]!)('/x')", '', 'const list = [Get, Post];') },
  { name: 'decorator-const-alias', files: handler("@Fetch('/x')", '', 'const Fetch = Get;') },
  { name: 'decorator-any-typed-value', files: handler("@(list[0])('/x')", '', 'const list: any[] = [Get];') },
  { name: 'decorator-call-result', files: handler("@(wrap(Get))('/x')", '', 'const wrap = <T>(d: T): T => d;') },
  { name: 'param-decorator-conditional', files: handler("@Post('/x')", "@(Math.random() > 0.5 ? Query : Body)('q') q: string") },
  { name: 'decorator-bare', files: handler('@Get') },
  { name: 'decorator-property-access', files: app("import * as core from '@framework/core';\n@core.Controller('/c')\nexport class C { @core.Get('/x') g(): string { return 'x'; } }\n") },
  { name: 'decorator-aliased-import', files: { 'app.module.ts': "import { Controller as Ctl, Get as G, Module as M } from '@framework/core';\n@Ctl('/c')\nexport class C { @G('/x') g(): string { return 'x'; } }\n@M({ controllers: [C] })\nexport class AppModule {}\n" } },
  // Decorators on members that are not plain methods.
  { name: 'route-on-getter', files: app("@Controller('/c')\nexport class C { @Get('/g') get value(): string { return 'x'; } }\n") },
  { name: 'route-on-setter', files: app("@Controller('/c')\nexport class C { @Get('/s') set value(v: string) {} }\n") },
  { name: 'route-on-static', files: app("@Controller('/c')\nexport class C { @Get('/s') static s(): string { return 'x'; } }\n") },
  { name: 'route-on-private-name', files: app("@Controller('/c')\nexport class C { @Get('/s') #s(): string { return 'x'; } @Get('/t') t(): string { return this.#s(); } }\n") },
  { name: 'route-on-property', files: app("@Controller('/c')\nexport class C { @Get('/p') p = (): string => 'x'; }\n") },
  { name: 'route-on-arrow-property-body', files: app("@Controller('/c')\nexport class C { @Post('/p') p = (@Body() b: string): string => b; }\n") },
  { name: 'upload-on-property', files: app("@Controller('/c')\nexport class C { @UploadedFile('f') f!: File; @Post() p(): string { return 'x'; } }\n") },
  { name: 'body-on-constructor-param', files: app("@Controller('/c')\nexport class C { constructor(@Body() readonly b: string) {} @Get() g(): string { return 'x'; } }\n") },
  { name: 'inject-primitive-ctor', files: app("@Controller('/c')\nexport class C { constructor(readonly n: number, readonly s: string) {} @Get() g(): string { return 'x'; } }\n") },
  { name: 'ctor-param-rest', files: app("@Injectable() export class S {}\n@Controller('/c')\nexport class C { constructor(...rest: S[]) {} @Get() g(): string { return 'x'; } }\n", 'C', ', injectables: [S]') },
  { name: 'ctor-param-destructured', files: app("@Injectable() export class S {}\n@Controller('/c')\nexport class C { constructor({ a }: { a: S }) {} @Get() g(): string { return 'x'; } }\n", 'C', ', injectables: [S]') },
  { name: 'ctor-param-union', files: app("@Injectable() export class S {}\n@Injectable() export class T {}\n@Controller('/c')\nexport class C { constructor(readonly s: S | T) {} @Get() g(): string { return 'x'; } }\n", 'C', ', injectables: [S, T]') },
  { name: 'ctor-param-untyped', files: app("@Controller('/c')\nexport class C { constructor(s) {} @Get() g(): string { return 'x'; } }\n") },
  { name: 'inject-computed-token', files: app("const T = Symbol('t');\n@Controller('/c')\nexport class C { constructor(@Inject(T) readonly s: string) {} @Get() g(): string { return 'x'; } }\n", 'C', ", injectables: [{ token: T, useValue: 'v' }]") },
  { name: 'param-decorators-on-overloads', files: app("@Controller('/c')\nexport class C {\n  h(a: string): string;\n  h(a: number): string;\n  @Get('/:a') h(@Param('a') a: string | number): string { return String(a); }\n}\n") },
  { name: 'overload-signature-decorated', files: app("@Controller('/c')\nexport class C {\n  @Get('/x') h(a: string): string;\n  h(a?: string): string { return 'x'; }\n}\n") },
  // Class shapes.
  { name: 'abstract-controller', files: app("@Controller('/c')\nexport abstract class C { @Get() g(): string { return 'x'; } abstract a(): void; }\n") },
  { name: 'anonymous-class-expression', files: app("export const C = @Controller('/c') class { @Get() g(): string { return 'x'; } };\n", 'C as any') },
  { name: 'named-class-expression', files: app("export const C = @Controller('/c') class Inner { @Get() g(): string { return 'x'; } };\n") },
  { name: 'class-inside-function', files: app("export function make() {\n  @Controller('/c')\n  class Local { @Get() g(): string { return 'x'; } }\n  return Local;\n}\nexport const C = make();\n") },
  { name: 'class-inside-arrow', files: app("export const make = () => {\n  @Controller('/c')\n  class Local { @Get() g(): string { return 'x'; } }\n  return Local;\n};\nexport const C = make();\n") },
  { name: 'class-inside-block', files: app("{\n  @Controller('/b')\n  class B { @Get() g(): string { return 'x'; } }\n}\n@Controller('/c')\nexport class C { @Get() g(): string { return 'x'; } }\n") },
  { name: 'class-inside-method', files: app("export class Factory { build() { @Injectable() class Made {} return Made; } }\n@Controller('/c')\nexport class C { @Get() g(): string { return 'x'; } }\n") },
  { name: 'mixin-injectable', files: app("export function Timestamped<T extends new (...a: any[]) => object>(B: T) { return @Injectable() class extends B { at = 1; }; }\nexport class Clock {}\nexport const S = Timestamped(Clock);\n@Controller('/c')\nexport class C { @Get() g(): string { return 'x'; } }\n", 'C', ', injectables: [S]') },
  { name: 'mixin-extended', files: app("export function Timestamped<T extends new (...a: any[]) => object>(B: T) { return class extends B { at = 1; }; }\nexport class Clock {}\n@Injectable() export class S extends Timestamped(Clock) {}\n@Controller('/c')\nexport class C { constructor(readonly s: S) {} @Get() g(): number { return this.s.at; } }\n", 'C', ', injectables: [S]') },
  { name: 'module-class-expression', files: { 'app.module.ts': `${CORE}export const AppModule = @Module({}) class {};\n` } },
  { name: 'class-inside-namespace', files: app("export namespace Ns {\n  @Controller('/c')\n  export class Inner { @Get() g(): string { return 'x'; } }\n}\n", 'Ns.Inner') },
  { name: 'default-export-controller', files: { 'c.controller.ts': `${CORE}@Controller('/c')\nexport default class { @Get() g(): string { return 'x'; } }\n`, 'app.module.ts': `${CORE}import C from './c.controller.js';\n@Module({ controllers: [C] })\nexport class AppModule {}\n` } },
  { name: 'default-export-module', files: { 'app.module.ts': `${CORE}@Controller('/c')\nexport class C { @Get() g(): string { return 'x'; } }\n@Module({ controllers: [C] })\nexport default class {}\n` } },
  { name: 'declare-class', files: app("@Controller('/c')\nexport declare class C { @Get() g(): string; }\n") },
  { name: 'empty-controller', files: app("@Controller('/c')\nexport class C {}\n") },
  { name: 'empty-module', files: { 'app.module.ts': `${CORE}@Module({})\nexport class AppModule {}\n` } },
  { name: 'module-no-args', files: { 'app.module.ts': `${CORE}@Module()\nexport class AppModule {}\n` } },
  { name: 'module-options-variable', files: { 'app.module.ts': `${CORE}const options = { controllers: [] };\n@Module(options)\nexport class AppModule {}\n` } },
  { name: 'module-options-spread', files: app("@Controller('/c')\nexport class C { @Get() g(): string { return 'x'; } }\nconst more = { injectables: [] };\n", 'C', ', ...more') },
  { name: 'controllers-spread-array', files: app("@Controller('/c')\nexport class C { @Get() g(): string { return 'x'; } }\nconst list = [C];\n", '...list') },
  { name: 'controllers-not-a-class', files: app("export const C = 1;\n", 'C as any') },
  { name: 'controllers-holes', files: app("@Controller('/c')\nexport class C { @Get() g(): string { return 'x'; } }\n", ', , C') },
  { name: 'decorator-shadowed-local', files: { 'app.module.ts': "import { Controller, Module } from '@framework/core';\nfunction Get(_p: string) { return (..._a: unknown[]) => {}; }\n@Controller('/c')\nexport class C { @Get('/x') g(): string { return 'x'; } }\n@Module({ controllers: [C] })\nexport class AppModule {}\n" } },
  { name: 'decorator-from-other-package', files: { 'app.module.ts': "import { Controller, Module } from '@framework/core';\nimport { Get } from 'no-such-package';\n@Controller('/c')\nexport class C { @Get('/x') g(): string { return 'x'; } }\n@Module({ controllers: [C] })\nexport class AppModule {}\n" } },
  { name: 'module-imports-forward-ref', files: app("@Module({ imports: [forwardRef(() => Other)] as any })\nexport class Holder {}\nconst forwardRef = (f: () => unknown) => f();\n@Module({})\nexport class Other {}\n@Controller('/c')\nexport class C { @Get() g(): string { return 'x'; } }\n", 'C', ', imports: [Holder]') },
  { name: 'module-imports-call', files: app("@Module({})\nexport class Other {}\nconst pick = () => Other;\n@Controller('/c')\nexport class C { @Get() g(): string { return 'x'; } }\n", 'C', ', imports: [pick()]') },
  { name: 'module-import-cycle-files', files: {
    'a.module.ts': `${CORE}import { BModule } from './b.module.js';\n@Module({ imports: [BModule] })\nexport class AModule {}\n`,
    'b.module.ts': `${CORE}import { AModule } from './a.module.js';\n@Module({ imports: [AModule] })\nexport class BModule {}\n`,
    'app.module.ts': `${CORE}import { AModule } from './a.module.js';\n@Module({ imports: [AModule] })\nexport class AppModule {}\n`,
  } },
  { name: 'reexport-star-chain', files: {
    'c.controller.ts': `${CORE}@Controller('/c')\nexport class C { @Get() g(): string { return 'x'; } }\n`,
    'one.ts': "export * from './c.controller.js';\nexport * from './two.js';\n",
    'two.ts': "export * from './one.js';\n",
    'app.module.ts': `${CORE}import { C } from './two.js';\n@Module({ controllers: [C] })\nexport class AppModule {}\n`,
  } },
  { name: 'reexport-star-cycle-missing', files: {
    'one.ts': "export * from './two.js';\n",
    'two.ts': "export * from './one.js';\n",
    'app.module.ts': `${CORE}// @ts-expect-error the cycle exports nothing\nimport { C } from './two.js';\n@Module({ controllers: [C] })\nexport class AppModule {}\n`,
  } },
  { name: 'reexport-namespace-alias', files: {
    'c.controller.ts': `${CORE}@Controller('/c')\nexport class C { @Get() g(): string { return 'x'; } }\n`,
    'index.ts': "export * as controllers from './c.controller.js';\nexport { C as Renamed } from './c.controller.js';\n",
    'app.module.ts': `${CORE}import { controllers, Renamed } from './index.js';\n@Module({ controllers: [controllers.C, Renamed] })\nexport class AppModule {}\n`,
  } },
  // DTO types.
  { name: 'dto-recursive', files: dtoRoute('Node', '@Injectable() export class Unused {}\nexport class Node { @IsString() name!: string; @IsOptional() @ValidateNested() child?: Node; @ValidateNested({ each: true }) kids!: Node[]; }') },
  { name: 'dto-mutually-recursive', files: dtoRoute('A', 'export class A { @ValidateNested() b!: B; }\nexport class B { @ValidateNested() a!: A; }') },
  { name: 'dto-generic', files: dtoRoute('Box<string>', 'export class Box<T> { @IsString() value!: T; }') },
  { name: 'dto-intersection', files: dtoRoute('A & B', 'export class A { @IsString() a!: string; }\nexport class B { @IsString() b!: string; }') },
  { name: 'dto-union', files: dtoRoute('A | B', 'export class A { @IsString() a!: string; }\nexport class B { @IsString() b!: string; }') },
  { name: 'dto-mapped', files: dtoRoute('Partial<A>', 'export class A { @IsString() a!: string; }') },
  { name: 'dto-conditional', files: dtoRoute('A extends object ? A : never', 'export class A { @IsString() a!: string; }') },
  { name: 'dto-record', files: dtoRoute('Record<string, A>', 'export class A { @IsString() a!: string; }') },
  { name: 'dto-index-signature', files: dtoRoute('A', 'export class A { [key: string]: string; @IsString() a!: string; }') },
  { name: 'dto-interface', files: dtoRoute('A', 'export interface A { a: string }') },
  { name: 'dto-enum-member', files: dtoRoute('A', "export enum Mixed { One = 1, Two = 'two' }\nexport class A { @IsString() a!: string; @IsNumber() m!: Mixed; }") },
  { name: 'dto-body-any', files: dtoRoute('any', '') },
  { name: 'dto-body-unknown', files: dtoRoute('unknown', '') },
  { name: 'dto-body-never', files: dtoRoute('never', '') },
  { name: 'dto-body-untyped', files: app("@Controller('/c')\nexport class C { @Post() p(@Body() b): string { return 'x'; } }\n") },
  { name: 'dto-from-dts', files: { 'types.d.ts': 'export declare class Ambient { a: string; }\n', ...dtoRoute('Ambient', "import { Ambient } from './types.js';") } },
  { name: 'dto-from-missing-package', files: dtoRoute('Ghost', "import { Ghost } from 'no-such-package';") },
  { name: 'dto-from-missing-file', files: dtoRoute('Ghost', "import { Ghost } from './nowhere.js';") },
  { name: 'dto-member-private-name', files: dtoRoute('A', 'export class A { @IsString() a!: string; #secret = 1; }') },
  { name: 'dto-member-static', files: dtoRoute('A', 'export class A { @IsString() a!: string; @IsString() static s: string; }') },
  { name: 'dto-member-accessor', files: dtoRoute('A', 'export class A { @IsString() a!: string; @IsString() get g(): string { return this.a; } }') },
  { name: 'dto-rule-spread-args', files: dtoRoute('A', "const opts = [{ each: true }] as const;\nexport class A { @IsString(...opts) a!: string; }") },
  { name: 'query-enum-mixed', files: handler("@Get('/')", "@Query('e') e: Mixed", "export enum Mixed { One = 1, Two = 'two' }") },
  { name: 'query-const-enum', files: handler("@Get('/')", "@Query('e') e: E", "export const enum E { A = 'a', B = 'b' }") },
  { name: 'param-type-from-missing-package', files: handler("@Get('/:id')", "@Param('id') id: Ghost", "import type { Ghost } from 'no-such-package';") },
  // Files that are not well-formed text.
  { name: 'syntax-error', files: app("@Controller('/c')\nexport class C { @Get() g(): string { return 'x' } ) }\n") },
  { name: 'syntax-error-in-decorator', files: app("@Controller('/c'\nexport class C { @Get() g(): string { return 'x'; } }\n") },
  { name: 'only-garbage', files: { 'app.module.ts': '@@@ }}} ((( ' } },
  { name: 'empty-file', files: { 'app.module.ts': '' } },
  { name: 'bom-and-crlf', files: { 'app.module.ts': `\uFEFF${Object.values(handler("@Get('/:id')", "@Param('nope') id: string"))[0]}`.replace(/\n/g, '\r\n') } },
  { name: 'cr-only-line-ends', files: { 'app.module.ts': String(Object.values(handler("@Get('/:id')", "@Param('nope') id: string"))[0]).replace(/\n/g, '\r') } },
  { name: 'non-utf8-byte', files: { 'app.module.ts': Buffer.concat([Buffer.from(String(Object.values(handler("@Get('/:id')", "@Param('nope') id: string"))[0])), Buffer.from([0x2f, 0x2f, 0x20, 0xff, 0xfe, 0xc3, 0x0a])]) } },
  { name: 'nul-byte', files: { 'app.module.ts': `${String(Object.values(handler("@Get('/x')"))[0])}// \u0000\n` } },
  { name: 'utf16-file', files: { 'app.module.ts': Buffer.from(`\uFEFF${String(Object.values(handler("@Get('/x')"))[0])}`, 'utf16le') } },
  { name: 'non-ascii-names', files: app("@Controller('/ça')\nexport class Ç { @Get('/é/:ü') ö(@Param('ü') ü: string): string { return ü; } }\n", 'Ç') },
  { name: 'proto-garbage', files: {
    'broken.proto': Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x7d, 0x0a, 0x73, 0x79, 0x6e]),
    'app.module.ts': "import { fileURLToPath } from 'node:url';\nimport { Module } from '@framework/core';\nimport { GrpcController, GrpcMethod, loadProto } from '@framework/grpc';\nconst p = loadProto(fileURLToPath(new URL('./broken.proto', import.meta.url)));\n@GrpcController(p.x.S.service)\nexport class G { @GrpcMethod() M(): void {} }\n@Module({ controllers: [G] })\nexport class AppModule {}\n",
  } },
  { name: 'proto-empty', files: {
    'empty.proto': '',
    'app.module.ts': "import { fileURLToPath } from 'node:url';\nimport { Module } from '@framework/core';\nimport { GrpcController, GrpcMethod, loadProto } from '@framework/grpc';\nconst p = loadProto(fileURLToPath(new URL('./empty.proto', import.meta.url)));\n@GrpcController(p.x.S.service)\nexport class G { @GrpcMethod() M(): void {} }\n@Module({ controllers: [G] })\nexport class AppModule {}\n",
  } },
  { name: 'proto-is-directory', files: {
    'dir.proto/keep.txt': 'x',
    'app.module.ts': "import { fileURLToPath } from 'node:url';\nimport { Module } from '@framework/core';\nimport { GrpcController, GrpcMethod, loadProto } from '@framework/grpc';\nconst p = loadProto(fileURLToPath(new URL('./dir.proto', import.meta.url)));\n@GrpcController(p.x.S.service)\nexport class G { @GrpcMethod() M(): void {} }\n@Module({ controllers: [G] })\nexport class AppModule {}\n",
  } },
  { name: 'proto-self-import', files: {
    'self.proto': 'syntax = "proto3";\nimport "self.proto";\npackage x;\nservice S { rpc M (R) returns (R); }\nmessage R {}\n',
    'app.module.ts': "import { fileURLToPath } from 'node:url';\nimport { Module } from '@framework/core';\nimport { GrpcController, GrpcMethod, loadProto } from '@framework/grpc';\nconst p = loadProto(fileURLToPath(new URL('./self.proto', import.meta.url)));\n@GrpcController(p.x.S.service)\nexport class G { @GrpcMethod() M(): void {} }\n@Module({ controllers: [G] })\nexport class AppModule {}\n",
  } },
  { name: 'grpc-method-on-getter', files: grpcApp("@GrpcMethod() get M(): () => object { return () => ({}); }") },
  { name: 'grpc-payload-on-property', files: grpcApp('@GrpcPayload() payload!: object;\n  @GrpcMethod() M(): object { return this.payload; }') },
  { name: 'grpc-method-overload', files: grpcApp('@GrpcMethod() M(a: object): object;\n  M(a?: object): object { return a ?? {}; }') },
  // Sizes (2,000 routes, 1,000 DTO members and 200 files are built by the timing tests).
  { name: 'zero-routes', files: routes(0) },
];
