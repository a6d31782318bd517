/**
 * The plain-data intermediate representation produced by `discover` and read by `analyze` and `emit`.
 *
 * Nothing here holds a ts-morph node: every fact the later passes need is copied out, and every node
 * carries the {@link SourceLocation} its diagnostics point at. That keeps `analyze` and `emit` pure
 * functions that tests can feed hand-written IR.
 *
 * @example
 * const route: RouteIR = { methodName: 'findOne', httpMethod: 'GET', path: '/:id', status: 200, params: [...], ... };
 */

import type { GrpcControllerIR } from './grpc.js';

/** A position in a user's file: absolute posix path, 1-based line and column, and the span length. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** Characters underlined in the code frame (on the first line only). */
  readonly length: number;
}

/** Where generated code imports a value from. */
export type ImportSource =
  | { readonly kind: 'file'; readonly file: string }
  | { readonly kind: 'package'; readonly specifier: string };

/** A value (class, const, function) the generated tables import. */
export interface ValueRef {
  /** Identity across the whole program: declaring file + declared name. */
  readonly key: string;
  /** The declared name (`TodoService`), used for messages and as the preferred local name. */
  readonly name: string;
  /** The exported name to import (`default` for a default export). */
  readonly exportName: string;
  readonly from: ImportSource;
  /** False when the declaration is not exported, so generated code cannot import it (FW1007). */
  readonly exported: boolean;
  /**
   * The namespace it is a member of (`Services` for `export namespace Services { export class Mailer {} }`,
   * `A.B` when nested). Reached as `Services.Mailer`, no import names it (unless a package's typings
   * export it by name), so FW1007's hint says to move it out of the namespace.
   */
  readonly namespace?: string;
  /** Where it is declared (start of the name), for diagnostics about the declaration itself. */
  readonly location: SourceLocation;
  /**
   * True for a class with a type parameter that has no default (`class CrudController<T>`):
   * generated code names its instance type `InstanceType<typeof CrudController>`, because the
   * bare name needs type arguments there (TS2314).
   */
  readonly generic?: true;
}

/** A DI token as written in the sources. */
export type TokenIR =
  | { readonly kind: 'class'; readonly ref: ValueRef }
  | { readonly kind: 'string'; readonly value: string }
  /** An importable const (`export const CONFIG = Symbol('CONFIG')`). */
  | { readonly kind: 'const'; readonly ref: ValueRef }
  | { readonly kind: 'global-guard' }
  | { readonly kind: 'global-interceptor' }
  /** Not importable (a local const, a call): emitted as `injectableToken(Module, index)`; `key` gives identity. */
  | { readonly kind: 'opaque'; readonly key: string; readonly text: string };

/** One constructor parameter of a provider class. */
export interface CtorParamIR {
  readonly name: string;
  readonly index: number;
  /** The declared type as written, for messages (`TodoService`, `string`). */
  readonly typeText: string;
  /** The token to inject, from `@Inject(token)` or from a class type; absent when none can be derived. */
  readonly token?: TokenIR;
  /** Why the type cannot be a token (set when `token` is absent). */
  readonly problem?: string;
  /** True when the declared type is exactly the class of `token` (the emitted cast can name it). */
  readonly typeIsToken: boolean;
  readonly location: SourceLocation;
  /**
   * What the dependency is for, when it is not a constructor parameter: an element of a factory's
   * `inject` list (messages say `inject[i]`), or the target of a `useExisting` alias.
   */
  readonly role?: 'inject' | 'existing';
}

/** A `{ token, useFactory, inject }` entry's factory, as the compiler read it. */
export interface FactoryIR {
  /** One per `inject` element, as dependencies (location: the element). */
  readonly inject: readonly CtorParamIR[];
  /** The factory is `async` or returns a promise: `init` awaits it. */
  readonly async: boolean;
}

/** A class a module or a chain decorator names: anything that may become a provider. */
export interface ClassIR {
  readonly ref: ValueRef;
  /** Start of the declaration, decorators included (the `source` of its provider). */
  readonly location: SourceLocation;
  /** The class name, where diagnostics about the class point. */
  readonly nameLocation: SourceLocation;
  /** Declared in a file under the source directory (as opposed to a package). */
  readonly inSources: boolean;
  readonly abstract: boolean;
  /** From `@Injectable({ scope: SCOPE.REQUEST })`. */
  readonly requestScoped: boolean;
  /** Parameters of its own constructor or of the nearest base class that declares one. */
  readonly ctorParams: readonly CtorParamIR[];
  /** Names of its instance methods, inherited ones included (FW1810: a chain class without its method). */
  readonly methods: readonly string[];
  /** The framework classes it is or extends, nearest first (`['ThrottlerGuard', 'AuthGuard']`): which layer it is. */
  readonly frameworkBases?: readonly string[];
  /** Locations where a `canActivate(context)` reads the V1 `context.request`. */
  readonly readsContextRequest: readonly { readonly param: string; readonly location: SourceLocation }[];
  readonly controller?: ControllerIR;
}

/** A class listed somewhere, with where it was listed. */
export interface ClassUse {
  readonly key: string;
  readonly location: SourceLocation;
}

/** How a `{ token, use… }` entry that is not `useClass` gives its value, as written (for diagnostics about it). */
export interface ProvidedValueIR {
  readonly property: 'useValue' | 'useFactory' | 'useExisting';
  /** `useValue: new AuthGuard()`, on one line. */
  readonly text: string;
  /** The class the value evidently is (`new AuthGuard()`, `useExisting: AuthGuard`), for hints. */
  readonly className?: string;
  /** The property, where diagnostics about the entry point. */
  readonly location: SourceLocation;
}

export type InjectableIR =
  | { readonly kind: 'class'; readonly index: number; readonly cls: ClassUse; readonly location: SourceLocation }
  | { readonly kind: 'useClass'; readonly index: number; readonly token: TokenIR; readonly cls: ClassUse; readonly location: SourceLocation }
  | { readonly kind: 'useValue'; readonly index: number; readonly token: TokenIR; readonly location: SourceLocation; readonly value?: ProvidedValueIR }
  /** `{ token, useFactory, inject }`: created by calling the factory with the `inject` instances. */
  | { readonly kind: 'useFactory'; readonly index: number; readonly token: TokenIR; readonly location: SourceLocation; readonly value: ProvidedValueIR; readonly factory: FactoryIR }
  /** `{ token, useExisting: Other }`: the instance of `Other` under a second token. */
  | { readonly kind: 'useExisting'; readonly index: number; readonly token: TokenIR; readonly location: SourceLocation; readonly value: ProvidedValueIR; readonly target: CtorParamIR }
  /**
   * A `GLOBAL_GUARD` entry written with `useFactory` or `useExisting`, which the runtime does not
   * support: kept (it provides nothing) so that FW1303 and FW1302 can name it.
   */
  | { readonly kind: 'unsupported'; readonly index: number; readonly token: TokenIR; readonly location: SourceLocation; readonly value: ProvidedValueIR };

/** One throttler of a `ThrottlerModule.forRoot([...])` array literal. */
export interface ThrottlerDeclIR {
  /** `default` when the entry has no `name`. */
  readonly name: string;
  readonly location: SourceLocation;
}

/** A `DynamicModule<Value, Injectables>` in a module's `imports`, read from the call's return type. */
export interface DynamicModuleIR {
  /** Position in the `imports` array (the runtime reads the value from there). */
  readonly index: number;
  readonly text: string;
  readonly location: SourceLocation;
  /** The class of `value`: provided under that class as token. */
  readonly value?: ValueRef;
  /** Classes the dynamic module provides. */
  readonly injectables: readonly ClassUse[];
  /**
   * For `ThrottlerModule.forRoot(…)`: the declared throttlers, or `'dynamic'` when the first argument
   * (or a name in it) is not static, which turns the throttler-name check (FW1501) off.
   */
  readonly throttlers?: readonly ThrottlerDeclIR[] | 'dynamic';
  /** For `ConfigModule.forRoot(Schema)`: the schema the environment is read into. */
  readonly config?: ConfigSchemaIR;
}

/** A configuration schema: its members and rules (read as a DTO), and the defaults the compiler can read. */
export interface ConfigSchemaIR {
  readonly dto: DtoIR;
  /** Each member's initialiser, when it is static (`PORT = 3000`). */
  readonly defaults: Readonly<Record<string, RuleValue>>;
  /** Members without an initialiser whose declared type excludes undefined (`JWT_SECRET!: string`), with that type. */
  readonly definite: Readonly<Record<string, string>>;
  /** The schema argument of `forRoot`. */
  readonly location: SourceLocation;
}

/** A `config.get('KEY')` with a literal key on a `ConfigService`. */
export interface ConfigReadIR {
  readonly key: string;
  /** The receiver as written (`this.config`), for messages. */
  readonly receiver: string;
  /** The key of the schema class of `ConfigService<Schema>`; absent when untyped. */
  readonly schema?: string;
  /** The key argument. */
  readonly location: SourceLocation;
}

export interface ModuleIR {
  readonly key: string;
  readonly ref: ValueRef;
  readonly location: SourceLocation;
  readonly nameLocation: SourceLocation;
  readonly imports: readonly ClassUse[];
  /** Configured modules in `imports` (`ThrottlerModule.forRoot(…)` returning `DynamicModule<Value, [typeof X]>`). */
  readonly dynamicModules: readonly DynamicModuleIR[];
  readonly controllers: readonly ClassUse[];
  readonly injectables: readonly InjectableIR[];
}

/** A guard, interceptor, middleware or filter reference from `@UseGuard/@UseInterceptors/@Middleware/@UseFilter`. */
export type ChainRef =
  | { readonly kind: 'class'; readonly cls: ClassUse }
  | { readonly kind: 'fn'; readonly ref: ValueRef; readonly location: SourceLocation };

/** A throttler name written in `@Throttle({ name: … })` or `@SkipThrottle({ name: true })`, for FW1501. */
export interface ThrottleNameUse {
  readonly name: string;
  readonly decorator: 'Throttle' | 'SkipThrottle';
  /** For `@SkipThrottle`: the flag written for the name (`false` re-enables it), when static. */
  readonly skip?: boolean;
  /** The property key. */
  readonly location: SourceLocation;
}

/** Chain decorators and throttle annotations found on a class or a method. */
export interface ChainIR {
  readonly guards: readonly ChainRef[];
  /** `@UseInterceptors(...)`: classes only. */
  readonly interceptors: readonly ChainRef[];
  readonly middleware: readonly ChainRef[];
  readonly filters: readonly ChainRef[];
  readonly throttle?: Readonly<Record<string, { readonly ttl: number; readonly limit: number }>>;
  /**
   * `@SkipThrottle()` → `{ '*': true }`, `@SkipThrottle({ burst: true, default: false })` → the flags
   * as written. A name's own flag wins over `'*'`; see `analyze/skip-throttle.ts` for the merge.
   */
  readonly skipThrottle?: Readonly<Record<string, boolean>>;
  /** Every throttler name the throttle decorators mention, with where. */
  readonly throttleNames?: readonly ThrottleNameUse[];
  /** The decorators that set an option a layer reads (`@Timeout`, `@CacheTTL`, `@Throttle`, `@SkipThrottle`), for FW2301-FW2303. */
  readonly layerOptions?: readonly LayerOptionIR[];
}

/** A decorator whose only effect is an option read by a layer: `@Timeout(ms)` by the `TimeoutInterceptor`, … */
export interface LayerOptionIR {
  readonly name: 'Timeout' | 'CacheTTL' | 'Throttle' | 'SkipThrottle';
  /** The decorator as written, on one line (`@Timeout(200)`). */
  readonly text: string;
  readonly location: SourceLocation;
}

/** An interceptor given to `app.useGlobalInterceptors(…)` in the sources. */
export interface AppInterceptorIR {
  /** The framework classes it is or extends (`['CacheInterceptor']`); absent when its class cannot be told. */
  readonly bases?: readonly string[];
  /** Its options may choose which calls it acts on (`new CacheInterceptor({ key })`, or a value made elsewhere). */
  readonly customKey: boolean;
  readonly location: SourceLocation;
}

/** How a handler parameter gets its value. */
export type ParamSource =
  | { readonly kind: 'req' }
  /** `@Body()`; `unvalidated` for `@Body({ validate: false })`. */
  | { readonly kind: 'body'; readonly unvalidated?: true }
  | { readonly kind: 'query'; readonly name?: string }
  | { readonly kind: 'param'; readonly name: string }
  | { readonly kind: 'header'; readonly name?: string }
  | { readonly kind: 'context' }
  /** `@GrpcPayload()`; `stream` for `@GrpcStream()`, the incoming messages of a client-streaming RPC. */
  | { readonly kind: 'payload'; readonly stream?: true }
  /** `@GrpcMetadata()` (whole metadata) or `@GrpcMetadata('key')` (the key's values). */
  | { readonly kind: 'metadata'; readonly name?: string }
  /** A parameter decorator of another transport (`@Body()` on a gRPC handler): `decorator` names it. */
  | { readonly kind: 'foreign'; readonly decorator: string }
  | { readonly kind: 'none' };

/** How the text of a path or query parameter becomes the declared type (see `discover/param-types.ts`). */
export type ConversionIR =
  | { readonly kind: 'string' | 'number' | 'boolean' | 'date' }
  /** An enum or a union of string (or of number) literals: these values. */
  | { readonly kind: 'oneOf'; readonly values: readonly string[] | readonly number[] }
  /** A type no conversion exists for (FW1801, FW1803): `type` as written. */
  | { readonly kind: 'unsupported'; readonly type: string };

/** A pipe given to `@Param(name, …)` or `@Query(name, …)`. */
export type PipeIR =
  /** A class: created by the injector, so it becomes a provider. */
  | { readonly kind: 'class'; readonly cls: ClassUse; readonly ref: ValueRef }
  /** `new Pipe(<static arguments>)`: created once by the generated tables; `args` as JSON text. */
  | { readonly kind: 'instance'; readonly cls: ClassUse; readonly ref: ValueRef; readonly args: readonly string[] };

/**
 * Pipes whose types do not meet: `input`, a pipe whose `transform` cannot take what it is given;
 * `output`, a last pipe whose result is not the parameter's declared type. Types as written by tsc.
 */
export interface PipeMismatchIR {
  readonly kind: 'input' | 'output';
  readonly pipe: string;
  /** What the pipe is given (`input`) or what the last pipe produces (`output`). */
  readonly given: string;
  /** Where `given` comes from, in words. */
  readonly source: string;
  /** What the pipe takes (`input`) or the parameter's declared type (`output`). */
  readonly expected: string;
  /** The pipe (`input`) or the parameter's name (`output`). */
  readonly location: SourceLocation;
}

/** A member of a `@Query()` class with the conversion of its declared type. */
export interface QueryMemberIR {
  readonly name: string;
  readonly conversion: ConversionIR;
  readonly location: SourceLocation;
}

export interface ParamIR {
  readonly index: number;
  readonly name: string;
  readonly typeText: string;
  readonly source: ParamSource;
  /** For `@Body()` and a whole `@Query()`: the DTO when the type is a class, else absent (then FW1204 for a body, unless `unvalidated`). */
  readonly dto?: DtoIR;
  /** For `@Param(name)` and `@Query(name)`: how the text becomes the declared type. */
  readonly conversion?: ConversionIR;
  /** The parameter accepts `undefined` (`?`, a default value, or `| undefined` in its type). */
  readonly optional?: true;
  /** Pipes given after the name, applied in order instead of the conversion. */
  readonly pipes?: readonly PipeIR[];
  /** Where the types of those pipes do not meet (FW2308, FW2309). */
  readonly pipeMismatch?: PipeMismatchIR;
  /** For a whole `@Query()` of a class type: its members' conversions. */
  readonly queryMembers?: readonly QueryMemberIR[];
  /** The declared type when generated code can import it by name (a plain reference to an exported type). */
  readonly typeRef?: ValueRef;
  /** Names of the declared type's data properties, when it is an object type (gRPC payload check). */
  readonly typeFields?: readonly string[];
  readonly location: SourceLocation;
}

export interface DtoMemberIR {
  readonly name: string;
  readonly location: SourceLocation;
  /** Names of its class-validator decorators (of every declaration the compiler can read). */
  readonly validators: readonly string[];
  /**
   * True when it (or a base class's declaration of it) is declared in a `.d.ts` file, a base class
   * from a package: declaration files drop decorators, so its validators cannot be read, but the
   * package's JavaScript applies them at run time. The "member without a validator" check (FW1201)
   * skips it rather than report validators it cannot see.
   */
  readonly declaredInDeclarationFile?: true;
  readonly nested?: { readonly dto: DtoIR; readonly each: boolean };
  /** The class-validator decorators with their arguments, in source order (base class first). */
  readonly rules: readonly ValidatorRuleIR[];
  /** Declared by more than one class of the lineage (class-validator then merges their rules its own way). */
  readonly redeclared?: true;
  /** The declared type when it is a primitive or an array of one, for type-aware rule checks (FW1702). */
  readonly declaredType?: DeclaredTypeIR;
  /** Its JSDoc text (the OpenAPI document's description of the property). */
  readonly doc?: string;
}

/** `string`, `number`, `boolean`, or an array of one (`string[]`). */
export interface DeclaredTypeIR {
  readonly base: 'string' | 'number' | 'boolean';
  readonly array: boolean;
  /** As written, for messages (`number`, `string[]`). */
  readonly text: string;
}

/** One class-validator decorator on a DTO member: `@Min(1, { each: true })`. */
export interface ValidatorRuleIR {
  /** The exported name of the decorator (`Min`, also when imported under an alias). */
  readonly name: string;
  /** The decorator, where validation diagnostics point. */
  readonly location: SourceLocation;
  readonly args: readonly RuleArgIR[];
}

/** A value known at build time (what `evaluate` in discover reads). */
export type RuleValue = string | number | boolean | null | undefined | readonly RuleValue[] | { readonly [key: string]: RuleValue };

/**
 * An argument of a validator decorator as the compiler can use it: a static value, a regular
 * expression literal, an arrow function whose body names only its parameters (`@ValidateIf`), or
 * something only known at run time.
 */
export type RuleArgIR =
  | { readonly kind: 'value'; readonly value: RuleValue }
  | { readonly kind: 'regexp'; readonly text: string }
  | { readonly kind: 'arrow'; readonly text: string }
  /** An enum, by reference (`@IsEnum(Status)`): the generated file imports it. */
  | { readonly kind: 'enum'; readonly ref: ValueRef; readonly text: string; readonly values?: readonly (string | number)[] }
  | { readonly kind: 'dynamic'; readonly text: string };

export interface DtoIR {
  readonly ref: ValueRef;
  readonly location: SourceLocation;
  readonly members: readonly DtoMemberIR[];
  /** A base class of its lineage is a call (`extends PartialType(NoteDto)`): what it adds is only known at run time. */
  readonly expressionBase?: string;
  /** Its JSDoc text (the OpenAPI document's description of the schema). */
  readonly doc?: string;
}

export interface RouteIR {
  readonly methodName: string;
  /** The method name: routes' `source`, and where route diagnostics point. */
  readonly location: SourceLocation;
  /** The method decorator (`@Get('/:id')`), for path diagnostics. */
  readonly decoratorLocation: SourceLocation;
  readonly httpMethod: string;
  /** The path argument as written (not yet joined with the prefix). */
  readonly path: string;
  readonly status: number;
  /** The argument of `@HttpCode(…)` when there is one, where status diagnostics point (FW1207, FW1208). */
  readonly statusLocation?: SourceLocation;
  /** What the handler returns, from its declared (else inferred) return type (FW1208). */
  readonly returns?: ReturnIR;
  /** Not callable from the generated file (private, protected or static). */
  readonly inaccessible?: string;
  readonly params: readonly ParamIR[];
  readonly chain: ChainIR;
  /** What the OpenAPI document and the typed client say of the route (see `ir/api.ts`). */
  readonly api?: RouteApiIR;
}

/**
 * A handler's return type, classified for the null-body statuses: `empty` (void, undefined, null,
 * never, or a Promise of those), `response` (a `Response`, sent as built), `value` (a body), or
 * `unknown` (any, unknown).
 */
export interface ReturnIR {
  readonly kind: 'empty' | 'response' | 'value' | 'unknown';
  /** The type as written, or as inferred when not annotated. */
  readonly text: string;
}

/** An HTTP controller. Other families (gRPC, in `grpc.ts`) add their own variant with a distinct `family`. */
export interface HttpControllerIR {
  readonly family: 'http';
  readonly prefix: string;
  readonly chain: ChainIR;
  readonly routes: readonly RouteIR[];
  /** Its JSDoc text (the description of its tag in the OpenAPI document). */
  readonly doc?: string;
}

export type ControllerIR = HttpControllerIR | GrpcControllerIR;

/** Everything `discover` found. */
export interface ProgramIR {
  readonly srcDir: string;
  readonly modules: readonly ModuleIR[];
  /** Every class that may become a provider, by `ValueRef.key`. */
  readonly classes: ReadonlyMap<string, ClassIR>;
  /** Classes declared under srcDir carrying `@Controller` or `@Injectable` (for reachability). */
  readonly declared: readonly string[];
  /** The interceptors given to `app.useGlobalInterceptors(…)` anywhere in the sources. */
  readonly appInterceptors?: readonly AppInterceptorIR[];
  /** Every `config.get('KEY')` with a literal key on a `ConfigService` in the sources. */
  readonly configReads?: readonly ConfigReadIR[];
}

export type * from './grpc.js';
export type * from './api.js';
import type { RouteApiIR } from './api.js';
