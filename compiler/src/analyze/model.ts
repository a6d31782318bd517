/**
 * What `analyze` hands to `emit`: the application resolved from the root module, with provider
 * indices in dependency order, HTTP routes and gRPC services with their chains. Plain data, like the IR.
 */
import type { FormModel } from './upload-checks.js';
import type { ValidationPlans } from './validation/plan.js';
import type { ConfigSchemaModel } from './config/config-plans.js';
import type { CorsIR, DtoIR, ParamIR, RouteApiIR, SchemaIR, SourceLocation, TokenIR, ValueRef, VersioningIR } from '../ir/index.js';
import type { DeclaredThrottlers } from './skip-throttle.js';
import type { ProtoReadOptions } from '../proto/types.js';

export interface ProviderModel {
  /** Identity of the provider definition (one per class in the app, one per `useValue` entry). */
  readonly key: string;
  readonly token: TokenIR;
  readonly name: string;
  readonly scope: 'singleton' | 'request';
  readonly deps: readonly number[];
  /** Per constructor parameter: the class to cast the dependency to, or undefined to cast via `ConstructorParameters`. */
  readonly depCasts: readonly (ValueRef | undefined)[];
  /** The class to instantiate; absent for `useValue` entries. */
  readonly cls?: ValueRef;
  /**
   * The module entry that declared it: `injectables[index]` (read with `injectableValue/injectableToken`)
   * or, for a dynamic module's value, `imports[index]` (read with `dynamicModuleValue`).
   */
  readonly entry?: { readonly module: ValueRef; readonly index: number; readonly list: 'injectables' | 'imports' };
  readonly location: SourceLocation;
  /**
   * Where the user's code first names it: its `injectables` entry (the class of a `useClass`, so
   * for a `GLOBAL_GUARD` or `GLOBAL_INTERCEPTOR` entry, where it is applied to every handler), its
   * place in `controllers`, or a chain decorator. Absent for a value, a factory or an alias.
   */
  readonly registeredAt?: SourceLocation;
  /** Made by `useFactory` (called with its deps; `async` when it returns a promise) or `useExisting` (its one dep). */
  readonly made?: { readonly kind: 'factory'; readonly async: boolean } | { readonly kind: 'existing' };
  /** Why it is request-scoped: its own `@Injectable({ scope: SCOPE.REQUEST })`, or a dependency (a provider index) that is. */
  readonly scopeCause?: { readonly kind: 'declared' } | { readonly kind: 'dependency'; readonly dep: number };
}

export type MiddlewareModel = { readonly provider: number } | { readonly fn: ValueRef };

/** The chain and throttle annotations of one handler of either transport, class level merged in. */
export interface HandlerChainModel {
  readonly guards: readonly number[];
  readonly interceptors: readonly number[];
  readonly middleware: readonly MiddlewareModel[];
  readonly filters: readonly number[];
  readonly throttle?: Readonly<Record<string, { readonly ttl: number; readonly limit: number }>>;
  readonly skipThrottle?: readonly string[];
  /** `@Cors` of the class and the handler merged (the handler's fields win); where: the most specific one. */
  readonly cors?: CorsIR;
  /**
   * Where each entry of `guards`, `interceptors`, `filters` and `middleware` is applied to this
   * handler, index for index: its argument in `@UseGuard(…)`, `@UseInterceptors(…)`,
   * `@UseFilter(…)` or `@Middleware(…)` on the method, its controller or a base class. The dev
   * dashboard links a chain step there.
   */
  readonly appliedAt: AppliedAt;
}

/** {@link HandlerChainModel.appliedAt}. */
export interface AppliedAt {
  readonly guards: readonly SourceLocation[];
  readonly interceptors: readonly SourceLocation[];
  readonly filters: readonly SourceLocation[];
  readonly middleware: readonly SourceLocation[];
}

/** What every handler of either transport has. */
export interface HandlerModel extends HandlerChainModel {
  readonly id: number;
  /** `TodoController.findOne` */
  readonly name: string;
  /** Provider index of the controller. */
  readonly controller: number;
  readonly controllerRef: ValueRef;
  readonly methodName: string;
  readonly params: readonly ParamIR[];
  /** Provider indices of the class pipes of the parameters, in parameter then pipe order (`p` of invoke). */
  readonly pipes: readonly number[];
  readonly location: SourceLocation;
}

export interface RouteModel extends HandlerModel {
  readonly method: string;
  readonly path: string;
  readonly readsBody: boolean;
  readonly body?: DtoIR;
  /** `@Body() items: ItemDto[]`: the body is a JSON array of `body`. */
  readonly bodyArray?: true;
  /** The Standard Schema of `@Body({ schema })`, in the DTO's place. */
  readonly bodySchema?: SchemaIR;
  readonly status: number;
  /** `@Sse()` or `@Ws()`. */
  readonly stream?: 'sse' | 'websocket';
  /** The DTO of a `@Ws()` route's `@Messages()` parameter. */
  readonly messages?: DtoIR;
  /** A `multipart/form-data` route's files (`@Form()`, `@UploadedFile()`, `@UploadedFiles()`). */
  readonly form?: FormModel;
  /** `@BodyLimit(bytes)`. */
  readonly bodyLimit?: number;
  /** What the OpenAPI document and the typed client say of it. */
  readonly api?: RouteApiIR;
  /** The controller's JSDoc (its tag's description in the OpenAPI document). */
  readonly controllerDoc?: string;
  /** `@SetHeader` pairs. */
  readonly setHeaders?: readonly (readonly [string, string])[];
  /** `@Redirect(url, status)`. */
  readonly redirect?: { readonly url: string; readonly status: number };
  /** `@Version(…)`, else the controller's `version`. */
  readonly versions?: { readonly values: readonly string[]; readonly neutral?: true };
}

export interface GrpcMethodModel extends HandlerModel {
  /** The RPC's name in the service (`GetTodo`). */
  readonly rpc: string;
  /** `/<package>.<Service>/<Rpc>` */
  readonly path: string;
  /** The RPC's kind in words (`server-streaming`), when it answers with a stream (FW2302). */
  readonly streamKind?: string;
}

export interface GrpcServiceModel {
  readonly controller: number;
  readonly controllerRef: ValueRef;
  /** `<package>.<Service>` */
  readonly service: string;
  readonly methods: readonly GrpcMethodModel[];
  /** RPCs that answer UNIMPLEMENTED, in `.proto` order. */
  readonly unimplemented: readonly { readonly rpc: string; readonly reason: 'unbound' | 'streaming' }[];
  /** The `.proto` file of its `loadProto` call and the options it was read with (the dev dashboard's RPC forms read it). */
  readonly proto: { readonly file: string; readonly options: ProtoReadOptions };
}

export interface AppModel {
  readonly srcDir: string;
  readonly root: ValueRef;
  readonly modules: readonly { readonly module: ValueRef; readonly controllers: readonly ValueRef[] }[];
  readonly providers: readonly ProviderModel[];
  readonly globalGuard?: number;
  /** Provider indices of the `GLOBAL_INTERCEPTOR` entries, in module order. */
  readonly globalInterceptors: readonly number[];
  readonly routes: readonly RouteModel[];
  readonly grpc: readonly GrpcServiceModel[];
  /** How each DTO the routes validate is checked (compiled, or class-validator and why), for the emitters. */
  readonly validation: ValidationPlans;
  /** The environment schema classes of `ConfigModule.forRoot` and `loadConfig`, compiled like body DTOs (or why not), for the tables. */
  readonly config: readonly ConfigSchemaModel[];
  /** The application's throttler names (which routes answer 429, in the OpenAPI document). */
  readonly throttlers?: DeclaredThrottlers;
  /** The `versioning` option, when every application of the sources that sets one sets the same literal type (for the OpenAPI document). */
  readonly versioning?: VersioningIR;
}
