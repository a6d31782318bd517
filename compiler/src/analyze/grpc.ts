import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { where } from '../diagnostics/location.js';
import { suggest } from '../diagnostics/suggest.js';
import type { ClassIR, GrpcMethodIR, ParamIR, ProgramIR } from '../ir/index.js';
import { readOptionsOf } from '../proto/key.js';
import type { ProtoRpc, ProtoService, ProtoSet } from '../proto/types.js';
import { checkShape, rpcKindText } from './grpc-shape.js';
import { serviceOfDef } from './grpc-service.js';
import { handlerChain } from './handler-chain.js';
import type { GrpcMethodModel, GrpcServiceModel } from './model.js';
import { reachableControllersOf, type ModuleGraph } from './module-graph.js';
import { classProviderKey } from './providers.js';
import type { DeclaredThrottlers } from './skip-throttle.js';

export interface GrpcOptions {
  readonly protos: ProtoSet;
  /** The first handler id (ids continue after the HTTP routes). */
  readonly firstId: number;
  /** FW1406 (an RPC no method binds) is a warning instead of an error. */
  readonly allowUnboundRpc: boolean;
  /** The application's throttler names, for merging `@SkipThrottle` flags. */
  readonly throttlers: DeclaredThrottlers;
}

/**
 * Builds the gRPC dispatch table of the reachable `@GrpcController`s (module, controller and
 * method order) against their `.proto` services, and checks it: FW1402-FW1404 and FW1410 (the
 * service, see `grpc-service.ts`), FW1405 (no such RPC), FW1406 (unbound RPC), FW1408 (payload
 * type vs request message), FW2200-FW2204 (handler shape vs RPC kind and messages, `grpc-shape.ts`), FW1411 (two methods, one RPC), FW1412
 * (parameter without a gRPC decorator), FW1413 (two controllers, one service), FW1008.
 *
 * @example
 * buildGrpc(ir, graph, indexOf, { protos, firstId: 6, allowUnboundRpc: false, throttlers }).services[0].service // 'todo.TodoService'
 */
export function buildGrpc(ir: ProgramIR, graph: ModuleGraph, indexOf: ReadonlyMap<string, number>, options: GrpcOptions): { services: GrpcServiceModel[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const services: GrpcServiceModel[] = [];
  const served = new Map<string, ClassIR>();
  let nextId = options.firstId;
  const providerOf = (classKey: string): number => indexOf.get(classProviderKey(classKey)) ?? -1;
  for (const cls of reachableControllersOf(ir, graph, 'grpc')) {
    const controller = cls.controller;
    // An unreadable loadProto options object was reported (FW1415): the file cannot be read as at run time.
    if (!controller.def || controller.def.options === 'unreadable') continue;
    const found = serviceOfDef(ir.srcDir, controller.def, options.protos);
    diagnostics.push(...found.diagnostics);
    const service = found.service;
    if (!service) continue;
    const other = served.get(service.fullName);
    if (other) {
      diagnostics.push(
        diagnostic('FW1413', controller.location, { first: other.ref.name, firstAt: where(ir.srcDir, other.nameLocation), second: cls.ref.name, service: service.fullName }),
      );
      continue;
    }
    served.set(service.fullName, cls);
    const bound = new Map<string, GrpcMethodIR>();
    // An RPC a misspelt binding was meant for (FW1405 suggests it) is not reported unbound as well.
    const meant = new Set<string>();
    const methods: GrpcMethodModel[] = [];
    for (const method of controller.methods) {
      const name = `${cls.ref.name}.${method.methodName}`;
      diagnostics.push(...checkParams(method, name));
      if (method.inaccessible) diagnostics.push(diagnostic('FW1008', method.location, { handler: name, why: method.inaccessible }));
      const rpc = service.rpcs.find((r) => r.name === method.rpc);
      if (!rpc) {
        const unknown = unknownRpc(method, name, service);
        if (unknown.suggestion) meant.add(unknown.suggestion);
        diagnostics.push(unknown.diagnostic);
        continue;
      }
      const first = bound.get(rpc.name);
      if (first) {
        diagnostics.push(
          diagnostic('FW1411', method.location, {
            first: `${cls.ref.name}.${first.methodName}`, firstAt: where(ir.srcDir, first.location), second: name, service: service.fullName, rpc: rpc.name,
          }),
        );
        continue;
      }
      bound.set(rpc.name, method);
      diagnostics.push(...checkPayload(method, name, rpc, controller.def.options?.keepCase ?? true));
      diagnostics.push(...checkShape(method, name, rpc, service.fullName));
      methods.push({
        id: nextId++,
        name,
        controller: providerOf(cls.ref.key),
        controllerRef: cls.ref,
        methodName: method.methodName,
        params: method.params,
        pipes: [],
        rpc: rpc.name,
        path: `/${service.fullName}/${rpc.name}`,
        ...(rpc.responseStream ? { streamKind: rpcKindText(rpc) } : {}),
        ...handlerChain(controller.chain, method.chain, providerOf, options.throttlers),
        location: method.location,
      });
    }
    const unimplemented: GrpcServiceModel['unimplemented'][number][] = [];
    for (const rpc of service.rpcs) {
      if (!bound.has(rpc.name)) {
        unimplemented.push({ rpc: rpc.name, reason: 'unbound' });
        if (meant.has(rpc.name)) continue;
        const args = { rpc: rpc.name, service: service.fullName, at: where(ir.srcDir, rpc), controller: cls.ref.name };
        diagnostics.push(diagnostic('FW1406', controller.location, args, options.allowUnboundRpc ? 'warning' : 'error'));
      }
    }
    services.push({ controller: providerOf(cls.ref.key), controllerRef: cls.ref, service: service.fullName, methods, unimplemented, proto: { file: controller.def.protoFile, options: readOptionsOf(controller.def) } });
  }
  return { services, diagnostics };
}

function unknownRpc(method: GrpcMethodIR, handler: string, service: ProtoService): { diagnostic: Diagnostic; suggestion?: string } {
  const rpcs = service.rpcs.map((r) => r.name);
  const guess = suggest(method.rpc, rpcs);
  const binding = method.explicit ? `@GrpcMethod('${method.rpc}') on ${handler}` : `@GrpcMethod() on ${handler} (bound by the method name '${method.rpc}')`;
  const fix = guess === undefined ? '' : method.explicit ? `write @GrpcMethod('${guess}')` : `rename the method to ${guess}, or write @GrpcMethod('${guess}')`;
  const args = { binding, service: service.fullName, rpcs: rpcs.join(', ') || 'none', ...(guess ? { suggestion: guess, fix } : {}) };
  return { diagnostic: diagnostic('FW1405', method.rpcLocation, args), ...(guess ? { suggestion: guess } : {}) };
}

function checkParams(method: GrpcMethodIR, handler: string): Diagnostic[] {
  return method.params.flatMap((p) => {
    if (p.source.kind === 'none' && p.source.unread) return [];
    if (p.source.kind === 'none') return [diagnostic('FW1412', p.location, { param: p.name, handler, problem: 'has no parameter decorator' })];
    if (p.source.kind === 'foreign') {
      return [diagnostic('FW1412', p.location, { param: p.name, handler, problem: `uses @${p.source.decorator}(), which reads HTTP requests only` })];
    }
    return [];
  });
}

/**
 * FW1408 (`@GrpcPayload()`) and FW2205 (the messages of `@GrpcStream()`): data fields of the
 * declared type that the request message, as decoded at run time, does not have. A parameter of
 * the wrong kind for the RPC is FW2202/FW2203 instead.
 */
function checkPayload(method: GrpcMethodIR, handler: string, rpc: ProtoRpc, keepCase: boolean): Diagnostic[] {
  return method.params
    .filter((p): p is ParamIR & { typeFields: readonly string[] } => p.source.kind === 'payload' && p.typeFields !== undefined && (p.source.stream === true) === rpc.requestStream)
    .flatMap((p) => {
      const extra = p.typeFields.filter((f) => !rpc.requestFields.includes(f));
      if (extra.length === 0) return [];
      const renames = extra.flatMap((f) => {
        const guess = suggest(f, rpc.requestFields);
        return guess ? [`rename '${f}' to '${guess}'`] : [];
      });
      return [
        diagnostic(p.source.kind === 'payload' && p.source.stream ? 'FW2205' : 'FW1408', p.location, {
          param: p.name,
          handler,
          type: p.typeText,
          fields: extra.length === 1 ? `field '${extra[0]}' is` : `fields ${extra.map((f) => `'${f}'`).join(', ')} are`,
          message: rpc.requestType,
          messageFields: rpc.requestFields.join(', ') || 'none',
          renames: renames.join(', '),
          ...(keepCase ? {} : { casing: 'in camelCase (loadProto is given keepCase: false)' }),
        }),
      ];
    });
}
