/**
 * `GET /api/graph` of the dev dashboard: modules, providers (controllers among them) and their
 * injections, each controller's routes and the gRPC services, from the analysed model.
 */
import type { AppModel } from '../../analyze/model.js';
import { sourceOf } from '../../diagnostics/location.js';

export interface GraphNode {
  /** `module:AppModule`, `provider:3` (the provider's index in the model). */
  readonly id: string;
  readonly kind: 'module' | 'controller' | 'provider' | 'service';
  readonly name: string;
  readonly declared?: string;
  /** `singleton` or `request`, for providers and controllers. */
  readonly scope?: string;
  /** Routes of a controller (`GET /todo/:id`), RPCs of a gRPC service. */
  readonly handles?: readonly string[];
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  /** A module declares a provider or controller, or imports a module; a provider injects another; a controller serves a service. */
  readonly kind: 'declares' | 'injects' | 'serves';
}

export interface Graph {
  /** The absolute directory every `declared` path is relative to. */
  readonly srcDir: string;
  readonly root: string;
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
}

/**
 * The dependency graph of an analysed application.
 *
 * @example
 * graphOf(model).edges.filter((e) => e.kind === 'injects') // [{ from: 'provider:4', to: 'provider:1', kind: 'injects' }, …]
 */
export function graphOf(model: AppModel): Graph {
  const moduleId = (key: string): string => `module:${key}`;
  const controllerKeys = new Map(model.modules.flatMap((m) => m.controllers.map((c) => [c.key, m.module.key] as const)));
  const nodes: GraphNode[] = model.modules.map((m) => ({ id: moduleId(m.module.key), kind: 'module', name: m.module.name, declared: sourceOf(m.module, m.module.location, model.srcDir) }));
  const edges: GraphEdge[] = [];
  const routesOf = new Map<number, string[]>();
  for (const route of model.routes) routesOf.set(route.controller, [...(routesOf.get(route.controller) ?? []), `${route.method} ${route.path}`]);
  for (const service of model.grpc) routesOf.set(service.controller, [...(routesOf.get(service.controller) ?? []), ...service.methods.map((m) => m.path)]);

  model.providers.forEach((provider, index) => {
    const id = `provider:${index}`;
    const controllerOf = provider.cls ? controllerKeys.get(provider.cls.key) : undefined;
    const handles = routesOf.get(index);
    nodes.push({
      id,
      kind: controllerOf ? 'controller' : 'provider',
      name: provider.name,
      declared: sourceOf(provider.cls, provider.location, model.srcDir),
      scope: provider.scope,
      ...(handles ? { handles } : {}),
    });
    const owner = controllerOf ?? provider.entry?.module.key;
    if (owner) edges.push({ from: moduleId(owner), to: id, kind: 'declares' });
    for (const dep of new Set(provider.deps)) edges.push({ from: id, to: `provider:${dep}`, kind: 'injects' });
  });
  for (const service of model.grpc) {
    const id = `service:${service.service}`;
    nodes.push({ id, kind: 'service', name: service.service, handles: service.methods.map((m) => m.rpc) });
    edges.push({ from: `provider:${service.controller}`, to: id, kind: 'serves' });
  }
  return { srcDir: model.srcDir, root: moduleId(model.root.key), nodes, edges };
}
