/**
 * `GET /api/routes` of the dev dashboard: every HTTP route and RPC of the analysed model with its
 * chain in execution order. Read from the compiler's model of the last clean build (no re-scan),
 * in a stable order, so that two snapshots can be diffed (a CI job comparing builds).
 */
import type { AppModel, HandlerModel, MiddlewareModel, RouteModel } from '../../analyze/model.js';
import { methodsOf, operationIdOf } from '../../analyze/operation-ids.js';
import { sourceOf, where } from '../../diagnostics/location.js';
import { loadRoot, shapeOf, type MessageShape, type ProtoSource } from './rpc-messages.js';
import type { ConversionIR, DtoIR, ParamIR, RuleArgIR, SourceLocation } from '../../ir/index.js';

/** Where something is declared: `todo/todo.controller.ts:12:3` (relative to the sources) or `@framework/core#JwtAuthGuard`. */
export type Declared = string;

/** One step of a handler's chain, in the order it runs. */
export interface ChainStep {
  readonly kind: 'middleware' | 'guard' | 'interceptor' | 'pipe' | 'filter' | 'throttle';
  /** `global`, or from the handler's own chain (controller and handler levels merged by the compiler). */
  readonly level: 'global' | 'handler';
  readonly name: string;
  /** Where its class (or middleware function) is declared. */
  readonly declared?: Declared;
  /**
   * Where it is applied to this handler: the argument of `@UseGuard(…)`, `@UseInterceptors(…)`,
   * `@UseFilter(…)` or `@Middleware(…)` on the method or its controller, or the `GLOBAL_GUARD` /
   * `GLOBAL_INTERCEPTOR` entry of a module. What a click on the step opens.
   */
  readonly applied?: Declared;
  /** A throttle rule: the throttler's name, and its limit when the handler overrides it (`@Throttle`). */
  readonly throttle?: { readonly throttler: string; readonly limit?: number; readonly ttl?: number; readonly skipped?: boolean };
}

export interface CatalogParam {
  readonly name: string;
  readonly source: string;
  readonly key?: string;
  readonly type: string;
  readonly conversion?: string;
  readonly optional: boolean;
}

export interface CatalogBody {
  readonly name: string;
  readonly declared: Declared;
  /** Each member with its class-validator rules (`IsString`, `MaxLength(200)`). */
  readonly members: readonly { readonly name: string; readonly rules: readonly string[] }[];
  /** A Standard Schema body (`@Body({ schema })`): what it validates to. */
  readonly schemaOutput?: string;
  /** A JSON array of the DTO (`@Body() items: ItemDto[]`). */
  readonly array?: true;
}

export interface CatalogRoute {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly handler: string;
  /** The typed client's method and the OpenAPI `operationId` (`todo.findOne`). */
  readonly operationId: string;
  readonly declared: Declared;
  readonly status: number;
  readonly stream?: 'sse' | 'websocket';
  readonly public: boolean;
  readonly params: readonly CatalogParam[];
  readonly body?: CatalogBody;
  /** A `@Ws()` route: the DTO its `@Messages()` are validated by, with its rules. */
  readonly messages?: CatalogBody;
  /** The statuses the route can answer with, as the OpenAPI document says them. */
  readonly statuses: readonly number[];
  /** What it answers: the media (`json`, `text`, `events`, `empty`, `any`) and the JSON Schema of its result, as the OpenAPI document has them. */
  readonly answers?: { readonly media: string; readonly schema: unknown };
  readonly chain: readonly ChainStep[];
}

export interface CatalogRpc {
  readonly id: string;
  readonly service: string;
  readonly rpc: string;
  readonly path: string;
  readonly handler: string;
  readonly declared: Declared;
  readonly kind: string;
  readonly params: readonly CatalogParam[];
  readonly chain: readonly ChainStep[];
  /** Its request and response messages with their fields (absent when the `.proto` cannot be read). */
  readonly request?: MessageShape;
  readonly response?: MessageShape;
  /** The `.proto` of its service's `loadProto` call and its read options: what the explorer encodes the request with. */
  readonly proto: ProtoSource;
}

export interface Catalog {
  /** The absolute directory every `declared` path is relative to (the page makes editor links of them). */
  readonly srcDir: string;
  readonly routes: readonly CatalogRoute[];
  readonly rpcs: readonly CatalogRpc[];
  /** RPCs of the `.proto` no method binds, answered UNIMPLEMENTED. */
  readonly unimplemented: readonly { readonly service: string; readonly rpc: string; readonly reason: string }[];
}

/**
 * The catalog of an analysed application.
 *
 * @example
 * catalogOf(result.model!).routes[0] // { method: 'GET', path: '/todo/:id', chain: [{ kind: 'guard', name: 'JwtAuthGuard', … }], … }
 */
export function catalogOf(model: AppModel): Catalog {
  const routes = model.routes.map((route): CatalogRoute => {
    const chain = chainOf(model, route);
    return {
    id: `http:${route.method} ${route.path}`,
    method: route.method,
    path: route.path,
    handler: route.name,
    operationId: operationIdOf(route, methodsOf(route)[0]!),
    declared: where(model.srcDir, route.location),
    status: route.status,
    ...(route.stream ? { stream: route.stream } : {}),
    public: route.api?.public ?? false,
    params: route.params.map(paramOf),
    ...bodyOf(model, route),
    ...(route.messages ? { messages: dtoOf(model, route.messages) } : {}),
    statuses: statusesOf(route, chain),
    ...(route.api ? { answers: { media: route.api.result.media, schema: route.api.result.schema } } : {}),
    chain,
    };
  });
  const rpcs = model.grpc.flatMap((service) => {
    const messages = messagesOf(service.proto, service.service);
    return service.methods.map((method): CatalogRpc => ({
      id: `grpc:${method.path}`,
      service: service.service,
      rpc: method.rpc,
      path: method.path,
      handler: method.name,
      declared: where(model.srcDir, method.location),
      kind: method.streamKind ?? 'unary',
      params: method.params.map(paramOf),
      chain: chainOf(model, method),
      ...messages(method.rpc),
      proto: service.proto,
    }));
  });
  const unimplemented = model.grpc.flatMap((service) => service.unimplemented.map((u) => ({ service: service.service, rpc: u.rpc, reason: u.reason })));
  return { srcDir: model.srcDir, routes, rpcs, unimplemented };
}

/** The request and response shapes of a service's RPCs, by RPC name; none when the file cannot be read. */
function messagesOf(proto: ProtoSource, service: string): (rpc: string) => { request?: MessageShape; response?: MessageShape } {
  let root: ReturnType<typeof loadRoot>;
  try {
    root = loadRoot(proto);
  } catch {
    return () => ({});
  }
  return (rpc) => {
    try {
      const method = root.lookupService(service).methods[rpc]!;
      return { request: shapeOf(root, method.resolvedRequestType!.fullName), response: shapeOf(root, method.resolvedResponseType!.fullName) };
    } catch {
      return {};
    }
  };
}

function paramOf(param: ParamIR): CatalogParam {
  const source = param.source;
  const key = 'name' in source && typeof source.name === 'string' ? source.name : undefined;
  return {
    name: param.name,
    source: source.kind,
    ...(key !== undefined ? { key } : {}),
    type: param.typeText,
    ...(param.conversion ? { conversion: conversionText(param.conversion) } : {}),
    optional: param.optional === true,
  };
}

function conversionText(conversion: ConversionIR): string {
  if (conversion.kind === 'oneOf') return `one of ${conversion.values.map((v) => JSON.stringify(v)).join(', ')}`;
  if (conversion.kind === 'unsupported') return `unsupported (${conversion.type})`;
  if (conversion.kind === 'array') return `every value, each ${conversionText(conversion.item)}`;
  return conversion.kind;
}

function bodyOf(model: AppModel, route: RouteModel): { body?: CatalogBody } {
  if (route.body) return { body: { ...dtoOf(model, route.body), ...(route.bodyArray ? { array: true as const } : {}) } };
  if (route.bodySchema) {
    const s = route.bodySchema;
    return { body: { name: s.ref.name, declared: sourceOf(s.ref, s.location, model.srcDir), members: s.outputKeys.map((name) => ({ name, rules: [] })), schemaOutput: s.outputText } };
  }
  return {};
}

function dtoOf(model: AppModel, dto: DtoIR): CatalogBody {
  const members = dto.members.map((m) => ({
    name: m.name,
    rules: m.rules.map((r) => (r.args.length === 0 ? r.name : `${r.name}(${r.args.map(argText).join(', ')})`)),
  }));
  return { name: dto.ref.name, declared: sourceOf(dto.ref, dto.location, model.srcDir), members };
}

function argText(arg: RuleArgIR): string {
  const text = arg.kind === 'value' ? (JSON.stringify(arg.value) ?? 'undefined') : arg.text;
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Its own status, what its JSDoc `@throws`, 400 when it converts or validates input, 403 behind a guard, 429 when throttled. */
function statusesOf(route: RouteModel, chain: readonly ChainStep[]): number[] {
  const statuses = new Set<number>([route.status, ...(route.api?.throws ?? []).map((t) => t.status)]);
  if (route.readsBody || route.params.some((p) => p.conversion && p.conversion.kind !== 'string')) statuses.add(400);
  if (chain.some((step) => step.kind === 'guard')) statuses.add(403);
  if (chain.some((step) => step.kind === 'throttle' && !step.throttle?.skipped)) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * The steps a call runs through, in order: middleware, the global guard, the handler's guards
 * (controller then handler), throttle rules, global then handler interceptors, pipes, and the
 * exception filters around them.
 */
export function chainOf(model: AppModel, handler: HandlerModel): ChainStep[] {
  const at = (location: SourceLocation | undefined): { applied?: Declared } => (location ? { applied: where(model.srcDir, location) } : {});
  const provider = (index: number, kind: ChainStep['kind'], level: ChainStep['level'], applied?: SourceLocation): ChainStep => {
    const p = model.providers[index];
    // A global one is applied where a module registers it.
    return { kind, level, name: p?.name ?? `provider ${index}`, ...(p ? { declared: sourceOf(p.cls, p.location, model.srcDir) } : {}), ...at(level === 'global' ? p?.registeredAt : applied) };
  };
  const used = (indices: readonly number[], kind: ChainStep['kind'], applied: readonly SourceLocation[]): ChainStep[] => indices.map((i, n) => provider(i, kind, 'handler', applied[n]));
  const middleware = (m: MiddlewareModel, n: number): ChainStep => {
    const applied = handler.appliedAt.middleware[n];
    return 'provider' in m
      ? provider(m.provider, 'middleware', 'handler', applied)
      : { kind: 'middleware', level: 'handler', name: m.fn.name, declared: sourceOf(m.fn, m.fn.location, model.srcDir), ...at(applied) };
  };
  const throttlers = model.throttlers?.kind === 'static' ? model.throttlers.names : Object.keys(handler.throttle ?? {});
  const throttle: ChainStep[] =
    model.throttlers?.kind === 'none' && !handler.throttle
      ? []
      : [...new Set([...throttlers, ...Object.keys(handler.throttle ?? {})])].map((name) => {
          const own = handler.throttle?.[name];
          const skipped = handler.skipThrottle?.includes(name) === true;
          return { kind: 'throttle', level: own ? 'handler' : 'global', name, throttle: { throttler: name, ...(own ? { limit: own.limit, ttl: own.ttl } : {}), ...(skipped ? { skipped } : {}) } };
        });
  return [
    ...handler.middleware.map(middleware),
    ...(model.globalGuard === undefined ? [] : [provider(model.globalGuard, 'guard', 'global')]),
    ...used(handler.guards, 'guard', handler.appliedAt.guards),
    ...throttle,
    ...model.globalInterceptors.map((i) => provider(i, 'interceptor', 'global')),
    ...used(handler.interceptors, 'interceptor', handler.appliedAt.interceptors),
    ...handler.pipes.map((i) => provider(i, 'pipe', 'handler')),
    ...used(handler.filters, 'filter', handler.appliedAt.filters),
  ];
}
