import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ProgramIR, VersioningIR } from '../ir/index.js';
import { checkChainClasses } from './chain-classes.js';
import { checkAsyncFactories } from './factory-checks.js';
import { checkExports, checkGuards, checkUnreachable, globalGuard, globalInterceptors } from './checks.js';
import type { AppModel } from './model.js';
import { planValidation } from './validation/validation-plans.js';
import { moduleGraph } from './module-graph.js';
import { orderProviders } from './provider-order.js';
import { collectProviders } from './providers.js';
import { buildRoutes } from './routes.js';
import { buildGrpc } from './grpc.js';
import { checkThrottleNames } from './throttle-names.js';
import { checkCors } from './cors.js';
import { checkHttpStatus } from './http-status.js';
import { checkStreamRoutes } from './stream-routes.js';
import { checkStreamCaches } from './stream-caches.js';
import { checkSkipReenabled } from './skip-reenabled.js';
import { declaredThrottlers } from './skip-throttle.js';
import { checkOperationIds } from './operation-ids.js';
import { checkLayerOptions } from './layer-options.js';
import { checkConfigSchemas } from './config/config-checks.js';
import { configFallbacks, planConfigSchemas } from './config/config-plans.js';
import { checkStaticMounts } from './static-mounts.js';
import type { ProtoSet } from '../proto/types.js';

export interface AnalyzeOptions {
  /** Name of the root module class (`--root`). */
  readonly root?: string;
  /** The `.proto` files the gRPC controllers' definitions name, loaded by the builder (`proto/load.ts`). */
  readonly protos?: ProtoSet;
  /** Report RPCs that no method binds (FW1406) as warnings (`--allow-unbound-rpc`). */
  readonly allowUnboundRpc?: boolean;
}

/**
 * Pass 2: resolves the application from its root module and reports every problem found (it never
 * stops at the first). The model is absent only when no root module could be chosen. Pure: the
 * `.proto` files come in as plain data.
 *
 * @example
 * const { model, diagnostics } = analyze(ir, { root: 'AppModule', protos: loadProtos(ir) });
 */
export function analyze(ir: ProgramIR, options: AnalyzeOptions = {}): { model?: AppModel; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [...checkGuards(ir)];
  const { graph, diagnostics: graphDiagnostics } = moduleGraph(ir, options.root);
  diagnostics.push(...graphDiagnostics);
  if (!graph) return { diagnostics };

  const collected = collectProviders(ir, graph);
  const ordered = orderProviders(collected.drafts);
  const throttlers = declaredThrottlers(graph);
  const routes = buildRoutes(ir, graph, ordered.indexOf, throttlers);
  const grpc = buildGrpc(ir, graph, ordered.indexOf, {
    protos: options.protos ?? new Map(),
    firstId: routes.routes.length,
    allowUnboundRpc: options.allowUnboundRpc === true,
    throttlers,
  });
  const methods = grpc.services.flatMap((s) => s.methods);
  const guard = globalGuard(ir, graph, collected.drafts);
  const config = planConfigSchemas(ir, graph);
  diagnostics.push(
    ...collected.diagnostics,
    ...ordered.diagnostics,
    ...checkAsyncFactories(ordered.providers),
    ...routes.diagnostics,
    ...grpc.diagnostics,
    ...guard.diagnostics,
    ...checkThrottleNames(ir, graph, throttlers),
    ...checkSkipReenabled(ir, graph, throttlers),
    ...checkHttpStatus(ir, graph),
    ...checkStreamRoutes(ir, graph),
    ...checkStreamCaches(ir, graph),
    ...checkChainClasses(ir, graph),
    ...checkLayerOptions(ir, graph, grpc.services),
    ...checkConfigSchemas(ir, graph),
    ...configFallbacks(config),
    ...checkUnreachable(ir, graph, collected.drafts),
    ...checkExports(ir, graph, [...routes.routes, ...methods]),
    ...checkOperationIds(ir.srcDir, routes.routes),
    ...checkCors(ir.srcDir, routes.routes),
    ...checkStaticMounts(ir, routes.routes),
  );
  const globalIndex = guard.key === undefined ? undefined : ordered.indexOf.get(guard.key);
  const model: AppModel = {
    srcDir: ir.srcDir,
    root: graph.root.ref,
    modules: graph.order.map((m) => ({
      module: m.ref,
      controllers: m.controllers.flatMap((c) => {
        const cls = ir.classes.get(c.key);
        return cls?.controller ? [cls.ref] : [];
      }),
    })),
    providers: ordered.providers,
    ...(globalIndex !== undefined ? { globalGuard: globalIndex } : {}),
    globalInterceptors: globalInterceptors(graph, collected.drafts).flatMap((key) => ordered.indexOf.get(key) ?? []),
    routes: routes.routes,
    validation: planValidation(routes.routes),
    config,
    grpc: grpc.services,
    throttlers,
    ...staticVersioning(ir.versioning ?? []),
  };
  return { model, diagnostics };
}

/** The `versioning` option the OpenAPI document follows: only when every application that enables one gives it the same literal type. */
function staticVersioning(found: readonly VersioningIR[]): { versioning?: VersioningIR } {
  const enabled = found.filter((v) => v.enabled);
  const first = enabled[0];
  if (!first?.type || enabled.some((v) => v.type !== first.type || v.prefix !== first.prefix || v.defaultVersion !== first.defaultVersion)) return {};
  return { versioning: first };
}
