/**
 * What decorators remember at class-definition time.
 *
 * The generated tables are the source of truth. These records exist for two reasons only: `init`
 * compares them with the tables to detect stale output of `framework-build`, and a few values that
 * cannot be emitted statically (a `useValue` object, a gRPC service definition) are read from here
 * once, at `init`. Nothing here is read per request.
 */
import type { DynamicModule } from './dynamic-module.js';
import type { Class } from '../types/class.js';

export interface ModuleOptions {
  /** HTTP and gRPC controllers of this module. */
  readonly controllers?: readonly Class[];
  /** Modules (classes, or configured ones such as `ThrottlerModule.forRoot(...)`) whose injectables become visible to this one. */
  readonly imports?: readonly (Class | DynamicModule)[];
  /** Classes, `{ token, useClass }`, `{ token, useValue }`, `{ token, useFactory, inject }` or `{ token, useExisting }` entries. */
  readonly injectables?: readonly InjectableEntry[];
}

export type InjectableEntry =
  | Class
  | { readonly token: unknown; readonly useClass: Class }
  | { readonly token: unknown; readonly useValue: unknown }
  | FactoryProvider
  | { readonly token: unknown; readonly useExisting: unknown };

/**
 * A provider made by a function: `inject` lists the tokens whose instances it receives, in order.
 * The factory may be `async`: `init` awaits it (in dependency order) before anything that depends
 * on it is created. `framework-build` checks `inject` against the factory's parameters.
 *
 * @example
 * { token: DATABASE, useFactory: async (config: ConfigService<Env>) => connect(config.get('DATABASE_URL')), inject: [ConfigService] }
 */
export interface FactoryProvider {
  readonly token: unknown;
  /** Any parameters: framework-build checks them against `inject` (count and types). */
  readonly useFactory: (...args: never[]) => unknown;
  readonly inject?: readonly unknown[];
}

export interface RouteRecord {
  readonly method: string;
  readonly path: string;
  readonly key: string | symbol;
}

interface ClassRecord {
  module?: ModuleOptions;
  controllerPrefix?: string;
  grpcService?: unknown;
  routes: RouteRecord[];
}

const records = new WeakMap<Function, ClassRecord>();

function recordOf(target: Function): ClassRecord {
  let record = records.get(target);
  if (!record) {
    record = { routes: [] };
    records.set(target, record);
  }
  return record;
}

export function recordModule(target: Function, options: ModuleOptions): void {
  recordOf(target).module = options;
}

export function recordController(target: Function, prefix: string): void {
  recordOf(target).controllerPrefix = prefix;
}

export function recordRoute(target: Function, route: RouteRecord): void {
  recordOf(target).routes.push(route);
}

export function recordGrpcService(target: Function, definition: unknown): void {
  recordOf(target).grpcService = definition;
}

/** The options given to `@Module(...)`, or undefined when the class carries no `@Module`. */
export function moduleOptionsOf(target: Function): ModuleOptions | undefined {
  return records.get(target)?.module;
}

export function routesOf(target: Function): readonly RouteRecord[] {
  return records.get(target)?.routes ?? [];
}

/** A route a controller serves, with the class whose method decorator declared it. */
export interface ServedRoute extends RouteRecord {
  /** The controller itself, or the base class the route is inherited from. */
  readonly declaredOn: Function;
}

/**
 * The routes a controller serves: its own and those of its base classes, by the rules
 * framework-build applies (`compiler/src/discover/families/inherited.ts`): a method's routes come
 * from the nearest class that decorates it with a route decorator, so an override that repeats the
 * decorator replaces the base's route and an override without one keeps it.
 *
 * @example
 * servedRoutesOf(TodoController).map((r) => `${r.method} ${String(r.key)}`) // ['GET findAll', 'GET findOne'] (findOne from CrudController)
 */
export function servedRoutesOf(target: Function): ServedRoute[] {
  const served: ServedRoute[] = [];
  const claimed = new Set<string | symbol>();
  // Static inheritance links the constructors: `Object.getPrototypeOf(TodoController) === CrudController`.
  for (let c: unknown = target; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const own = records.get(c)?.routes ?? [];
    // A literal of one shape, not a spread: init reads the routes of every controller (thousands in a large app).
    for (const route of own) if (!claimed.has(route.key)) served.push({ method: route.method, path: route.path, key: route.key, declaredOn: c });
    for (const route of own) claimed.add(route.key);
  }
  return served;
}

export function controllerPrefixOf(target: Function): string | undefined {
  return records.get(target)?.controllerPrefix;
}

export function isController(target: Function): boolean {
  return records.get(target)?.controllerPrefix !== undefined;
}

/** The service definition given to `@GrpcController(...)`. */
export function grpcServiceOf(target: Function): unknown {
  return records.get(target)?.grpcService;
}
