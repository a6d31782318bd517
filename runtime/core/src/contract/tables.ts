/**
 * The contract between `framework-build` and the runtime.
 *
 * The compiler emits one `ApplicationTables` object per root module into `generated/`. The runtime
 * executes it: it never scans classes or reads decorator metadata per request. Everything here is
 * plain data plus direct, typed closures (`invoke`, `create`) so that `tsc` checks the generated
 * file against the user's code.
 *
 * @example
 * // generated/todo/tables.ts (abridged)
 * export const tables: ApplicationTables = {
 *   version: 1, manifest: 'f3a9…', rootModule: AppModule,
 *   providers: [{ token: TodoService, scope: 'singleton', deps: [], create: () => new TodoService(), … }],
 *   routes: [{ method: 'GET', path: '/todo/:id', invoke: (c: TodoController, a) => c.findOne(a.param('id')), … }],
 *   …
 * };
 */
import type { ArgumentSource } from './argument-source.js';
import type { ExecutionContext } from './execution-context.js';
import type { Class } from '../types/class.js';
import type { StandardSchemaV1 } from '../types/standard-schema.js';
import type { CompiledValidate } from './compiled-validate.js';
import type { Token } from '../types/token.js';
import type { RouteCors } from './route-cors.js';

/** The version of the table format; the runtime refuses tables of another version. */
export const TABLES_VERSION = 1;

/** Where a declaration stands in the user's sources, as `file:line:column` relative to the build root. */
export type SourceRef = string;

export type ProviderScope = 'singleton' | 'request';

/** One injectable, controller, guard, middleware class or filter class of the application. */
export interface ProviderEntry {
  /** What other providers ask for (the class itself, or the `token` of a `{ token, use… }` entry). */
  readonly token: Token;
  /** Printable name for messages (`TodoService`, `'CONFIG'`). */
  readonly name: string;
  /** `request` when the provider, or anything it depends on, is request-scoped (computed by the compiler). */
  readonly scope: ProviderScope;
  /** Indices into `ApplicationTables.providers`, in constructor-parameter order. */
  readonly deps: readonly number[];
  /** Builds the instance from the resolved dependencies, in `deps` order. */
  readonly create: (deps: readonly unknown[]) => unknown;
  /** The class, for lifecycle hooks and messages; absent for `useValue` entries. */
  readonly useClass?: Class;
  readonly source: SourceRef;
}

/** A middleware: an injectable class (by provider index) or a plain function. */
export type MiddlewareRef = { readonly provider: number } | { readonly fn: MiddlewareFunction };

/** `action(context, next)` of a middleware class, or a middleware function. */
export type MiddlewareFunction = (context: ExecutionContext, next: () => Promise<unknown>) => unknown;

/** Build-time facts about one handler that guards (the throttler among them) read through the context. */
export interface RouteAnnotations {
  /** `@Throttle({ name: { ttl, limit } })`, handler entries over class entries. */
  readonly throttle?: Readonly<Record<string, { readonly ttl: number; readonly limit: number }>>;
  /** Throttler names exempted by `@SkipThrottle()`; `'*'` exempts all of them. */
  readonly skipThrottle?: readonly string[];
}

/** What every handler of either transport shares. */
export interface HandlerEntry {
  /** Compiler-assigned, unique in the application; stable while the sources do not change. */
  readonly id: number;
  /** `TodoController.findOne`, for logs and messages only (never for identity). */
  readonly name: string;
  /** Provider index of the controller. */
  readonly controller: number;
  /** The method itself (`TodoController.prototype.findOne`): what `context.getHandler()` returns. */
  readonly handler: Function;
  /**
   * Calls the handler with its parameters drawn from the argument source, converted to their
   * declared types; `pipes` are the instances of `HandlerEntry.pipes`, in that order.
   */
  readonly invoke: (controller: never, args: ArgumentSource, pipes: readonly unknown[]) => unknown;
  /** Guard provider indices: controller-level first, then handler-level (the global guard is added at init). */
  readonly guards: readonly number[];
  /**
   * Interceptor provider indices: controller-level first, then handler-level (global ones are
   * added at init). Absent when the handler has none.
   */
  readonly interceptors?: readonly number[];
  /** Provider indices of the pipe classes its parameters name, in parameter order; absent when none. */
  readonly pipes?: readonly number[];
  /** Middleware: controller-level first, then handler-level (global ones are added at init). */
  readonly middleware: readonly MiddlewareRef[];
  /** Filter provider indices: handler-level first, then controller-level (most specific first). */
  readonly filters: readonly number[];
  readonly annotations: RouteAnnotations;
  readonly source: SourceRef;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

/** A DTO to validate, with the classes of its nested DTO members so plain JSON can be hydrated. */
export interface DtoEntry {
  readonly dto: Class;
  /** Member name → nested DTO (`each` when the member is an array of them). */
  readonly nested?: Readonly<Record<string, { readonly dto: DtoEntry; readonly each: boolean }>>;
  /** Member names in declaration order, to order validation reasons. */
  readonly members: readonly string[];
  /**
   * The DTO's rules compiled by `framework-build` into one function (see `CompiledValidate`);
   * absent when a rule is not compiled (`@Validate`, an async rule…): class-validator runs then.
   */
  readonly validate?: CompiledValidate;
}

/**
 * A Standard Schema value (Zod, Valibot, ArkType…) named by `@Body({ schema })` or
 * `@Query({ schema })`: the generated tables import it from the user's module.
 */
export interface SchemaEntry {
  readonly schema: StandardSchemaV1;
  /** The const's name, for messages (`CreateTodo`). */
  readonly name: string;
}

/** What a body or query object is checked against: a DTO class, or a Standard Schema. */
export type BodyEntry = DtoEntry | SchemaEntry;

export interface HttpRouteEntry extends HandlerEntry {
  /** `ALL` for `@All()`. */
  readonly method: HttpMethod | 'ALL';
  /** Full path: controller prefix + method path, starting with `/`, `:name` for parameters. */
  readonly path: string;
  /** The `@Body()` class, or its `{ schema }`, when the handler reads the body. */
  readonly body?: BodyEntry;
  /** Whether any parameter reads the body (`@Body()` with or without a DTO). */
  readonly readsBody: boolean;
  /** `@HttpCode(n)`, else 200. */
  readonly status: number;
  /** `sse` for an `@Sse()` route, `websocket` for a `@Ws()` route; absent for an ordinary one. */
  readonly stream?: 'sse' | 'websocket';
  /** The DTO each message of a `@Ws()` route's `@Messages()` parameter is validated against. */
  readonly messages?: DtoEntry;
  /** `@Version(…)` (or the controller's `version`): the versions it answers under the `versioning` option. */
  readonly versions?: readonly string[];
  /** `VERSION_NEUTRAL` is among its versions: it also answers any version and none. */
  readonly versionNeutral?: true;
  /** `@Cors(...)` of the controller and the handler, merged; absent: the application's CORS settings. */
  readonly cors?: RouteCors;
  /** A `multipart/form-data` route's form (`@Form()`, `@UploadedFile()`, `@UploadedFiles()`); `readsBody` is true then. */
  readonly form?: FormEntry;
  /** `@BodyLimit(bytes)`: the route's own body limit in bytes, in place of the application's `bodyLimit`. */
  readonly bodyLimit?: number;
}

/** One file field of a form route: `@UploadedFile(field, options)` or `@UploadedFiles(field, options)`. */
export interface FormFileEntry {
  readonly field: string;
  /** 1 for `@UploadedFile`; `maxCount` (default 10) for `@UploadedFiles`. */
  readonly maxCount: number;
  /** Bytes of one file; absent: the application's `uploads.maxFileBytes` (1 MiB). */
  readonly maxBytes?: number;
  /** MIME types the file's bytes must be of; absent: any. */
  readonly types?: readonly string[];
  /** Whether a missing file is a 400 before the handler runs (an `@UploadedFile` parameter that is not optional). */
  readonly required: boolean;
}

/** What a form route reads from its `multipart/form-data` body. */
export interface FormEntry {
  readonly files: readonly FormFileEntry[];
}

export interface GrpcMethodEntry extends HandlerEntry {
  /** The RPC's name in the `.proto` service (`GetTodo`). */
  readonly rpc: string;
  /** `/<package>.<Service>/<Rpc>`. */
  readonly path: string;
}

export interface GrpcServiceEntry {
  /** Provider index of the `@GrpcController` class. */
  readonly controller: number;
  /** `<package>.<Service>`. */
  readonly service: string;
  readonly methods: readonly GrpcMethodEntry[];
  /**
   * RPCs of the service that no method binds: they answer UNIMPLEMENTED. (`streaming` appears only
   * in tables built before streaming RPCs were served.)
   */
  readonly unimplemented: readonly { readonly rpc: string; readonly reason: 'unbound' | 'streaming' }[];
}

/** Everything the runtime needs to serve one root module. */
export interface ApplicationTables {
  readonly version: number;
  /** Hash of the inputs (sources and protos) the tables were built from. */
  readonly manifest: string;
  readonly rootModule: Class;
  /** The modules reachable from the root, with the controllers each lists; used to detect stale tables at init. */
  readonly modules: readonly { readonly module: Class; readonly controllers: readonly Class[] }[];
  /** In dependency order: every entry's deps come before it. */
  readonly providers: readonly ProviderEntry[];
  /** Provider index of the `GLOBAL_GUARD` entry (the last declared one), if any. */
  readonly globalGuard?: number;
  /** Provider indices of the `GLOBAL_INTERCEPTOR` entries, in module order; absent when none. */
  readonly globalInterceptors?: readonly number[];
  readonly routes: readonly HttpRouteEntry[];
  readonly grpc: readonly GrpcServiceEntry[];
}
