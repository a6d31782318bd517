import { GrpcCode, HttpException, grpcCodeFor, type Logger } from '@framework/core';
import type { ApplicationTransport, PreparedHandler, TransportHost } from '@framework/core/transport';
import type { GrpcMethodEntry } from '@framework/core';
import { InProcessGrpcCall } from './in-process-grpc-call.js';
import { TestMetadata } from './grpc-metadata.js';

/** What an in-process gRPC call answers: the status, and the response message on success. */
export interface GrpcAnswer<Response = unknown> {
  /** `0` (OK) on success, else the gRPC status code (`5` NOT_FOUND, `16` UNAUTHENTICATED, …). */
  readonly code: number;
  /** The status message: empty on success, the error's message otherwise. */
  readonly details: string;
  /** The handler's value (`{}` for `undefined`/`null`, as the empty message); absent on failure. */
  readonly response?: Response;
  /** Response metadata set by the chain (the throttler's `x-ratelimit-*`), sent as trailers. */
  readonly trailers: Readonly<Record<string, string>>;
}

interface Rpc {
  readonly entry: GrpcMethodEntry;
  readonly run: PreparedHandler;
  readonly controllerClass: NonNullable<TransportHost['tables']['providers'][number]['useClass']>;
}

/**
 * Serves the application's gRPC handlers in process, through the same prepared chains as
 * `@framework/grpc`, with the same mapping of errors to statuses. Named `grpc`: it is the gRPC
 * transport of a testing module.
 */
export class InProcessGrpcTransport implements ApplicationTransport {
  readonly name = 'grpc';
  private readonly services = new Map<string, { rpcs: Map<string, Rpc>; unimplemented: Map<string, string> }>();
  private logger: Logger = console;

  attach(host: TransportHost): void {
    this.logger = host.logger;
    for (const service of host.tables.grpc) {
      const controllerClass = host.tables.providers[service.controller]!.useClass ?? Object;
      const rpcs = new Map(service.methods.map((entry) => [entry.rpc, { entry, run: host.prepare(entry, { readsBody: false }), controllerClass }]));
      const unimplemented = new Map(service.unimplemented.map((u) => [u.rpc, u.reason]));
      this.services.set(service.service, { rpcs, unimplemented });
    }
  }

  /** `service` is `<package>.<Service>` (`todo.TodoService`) or the bare service name when unique. */
  async call<Response>(service: string, rpc: string, payload: unknown, metadata: Readonly<Record<string, string | readonly string[]>> = {}): Promise<GrpcAnswer<Response>> {
    const found = this.serviceNamed(service);
    const method = found.rpcs.get(rpc);
    if (!method) {
      const reason = found.unimplemented.get(rpc);
      if (reason) return { code: GrpcCode.UNIMPLEMENTED, details: `${service}/${rpc} is ${reason === 'streaming' ? 'a streaming RPC, which is not served' : 'not bound to any method'}`, trailers: {} };
      throw new TypeError(`t.grpc(): ${service} has no RPC ${rpc}; it has ${[...found.rpcs.keys(), ...found.unimplemented.keys()].join(', ') || 'none'}.`);
    }
    const call = new InProcessGrpcCall(method, payload, new TestMetadata(metadata));
    try {
      const value = await method.run(call);
      call.answered = true;
      return { code: GrpcCode.OK, details: '', response: (value ?? {}) as Response, trailers: call.responseMetadata.toRecord() };
    } catch (error) {
      call.answered = true;
      if (!(error instanceof HttpException)) this.logger.error(`Unhandled error in ${method.entry.name} (gRPC ${method.entry.path})`, error);
      const code = error instanceof HttpException ? (error.grpcCode ?? grpcCodeFor(error.status)) : GrpcCode.UNKNOWN;
      return { code, details: error instanceof Error ? error.message : String(error), trailers: call.responseMetadata.toRecord() };
    }
  }

  private serviceNamed(name: string) {
    const exact = this.services.get(name);
    if (exact) return exact;
    const bare = [...this.services.keys()].filter((full) => full.split('.').at(-1) === name);
    if (bare.length === 1) return this.services.get(bare[0]!)!;
    throw new TypeError(`t.grpc(): the application serves no gRPC service ${name}; it serves ${[...this.services.keys()].join(', ') || 'none'}.`);
  }

  async close(): Promise<void> {}
}
