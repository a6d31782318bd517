import { StaleTablesError, type GrpcServiceEntry } from '@framework/core';
import { grpcServiceOf, type TransportHost } from '@framework/core/transport';
import type { MethodDefinition, ServiceDefinition, UntypedServiceImplementation } from '@grpc/grpc-js';
import type { GrpcRpcRuntime } from './grpc-call.js';
import type { RunningHandlers } from './running-handlers.js';
import { withStringChecks } from './checked-requests.js';
import { withAnswerChecks } from './checked-responses.js';
import { streamHandler } from './stream-handler.js';
import { unaryHandler } from './unary-handler.js';
import { kindOf, unsupportedRpcHandler, type RpcKind } from './unsupported-rpc.js';

/** A service ready for `server.addService(definition, implementation)`. */
export interface ServiceBinding {
  readonly controllerName: string;
  readonly definition: ServiceDefinition;
  readonly implementation: UntypedServiceImplementation;
}

type AnyMethod = MethodDefinition<unknown, unknown>;

function definitionOf(service: GrpcServiceEntry, host: TransportHost): ServiceDefinition {
  const provider = host.tables.providers[service.controller]!;
  const recorded = provider.useClass ? grpcServiceOf(provider.useClass) : undefined;
  if (!recorded) {
    throw new StaleTablesError(
      `The tables list ${provider.name} as the gRPC controller of ${service.service}, but the class carries no @GrpcController(definition).`,
    );
  }
  const definition = recorded as ServiceDefinition;
  const prefix = `/${service.service}/`;
  const foreign = Object.values(definition).find((method: AnyMethod) => !method.path.startsWith(prefix));
  if (foreign) {
    throw new StaleTablesError(
      `@GrpcController of ${provider.name} was given the definition of ${foreign.path.split('/')[1]}, but the tables bind it to ${service.service}.`,
    );
  }
  return definition;
}

/** The grpc-js handler of one bound RPC, for its kind. */
function handlerFor(kind: RpcKind, rpc: GrpcRpcRuntime, host: TransportHost, service: string, running: RunningHandlers): UntypedServiceImplementation[string] {
  const run = host.prepare(rpc.entry, { readsBody: false });
  const telemetry = host.observability.grpcMethod({ service, rpc: rpc.entry.rpc });
  if (kind === 'unary' || kind === 'clientStream') return unaryHandler(rpc, run, host.logger, running, kind, telemetry);
  return streamHandler(rpc, run, host.logger, running, kind, telemetry, host.errorFilters(rpc.entry));
}

/**
 * Builds the grpc-js implementation of one `@GrpcController` service, once, at init: each RPC
 * bound by a method runs that method's prepared chain, in the shape of its kind (unary, server,
 * client or bidirectional streaming); RPCs no method binds answer UNIMPLEMENTED with the reason.
 *
 * The definition, not the tables, decides what is streaming: it is what grpc-js serves. Every
 * handler counts in `running` while it runs (see `RunningHandlers`).
 *
 * @example
 * const { definition, implementation } = bindService(host.tables.grpc[0], host, running);
 * server.addService(definition, implementation);
 */
export function bindService(service: GrpcServiceEntry, host: TransportHost, running: RunningHandlers): ServiceBinding {
  const definition = withStringChecks(definitionOf(service, host));
  const provider = host.tables.providers[service.controller]!;
  const controllerClass = provider.useClass!;
  const methodsByRpc = new Map(service.methods.map((entry) => [entry.rpc, entry]));
  for (const entry of service.methods) {
    if (!Object.hasOwn(definition, entry.rpc)) {
      throw new StaleTablesError(
        `${entry.name} is bound to RPC ${entry.rpc}, which ${service.service} does not have (its RPCs: ${Object.keys(definition).join(', ')}).`,
      );
    }
  }

  const implementation: UntypedServiceImplementation = {};
  for (const [rpc, method] of Object.entries(definition) as [string, AnyMethod][]) {
    const kind = kindOf(method);
    const entry = methodsByRpc.get(rpc);
    if (entry) {
      implementation[rpc] = handlerFor(kind, { entry, controllerClass }, host, service.service, running);
    } else {
      implementation[rpc] = unsupportedRpcHandler(kind, `${service.service}/${rpc} is not implemented by this server: no @GrpcMethod binds it.`);
    }
  }
  return { controllerName: provider.name, definition: withAnswerChecks(definition, methodsByRpc, host.logger), implementation };
}
