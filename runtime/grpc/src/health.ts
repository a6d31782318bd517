import type { Server, ServerWritableStream, UntypedServiceImplementation } from '@grpc/grpc-js';
import { HealthImplementation, service as healthDefinition, type ServingStatus } from 'grpc-health-check';

export { healthDefinition, type ServingStatus };

/** The name of the standard health service, as clients and reflection see it. */
export const HEALTH_SERVICE = 'grpc.health.v1.Health';

/**
 * The standard `grpc.health.v1.Health` service (Check, Watch, List) of `grpc-health-check`, with
 * the statuses the server's life sets: every served service and the server as a whole (the empty
 * name) are SERVING once `init` has attached them, and NOT_SERVING as soon as `close()` begins
 * (watchers are told, then their streams end so that the shutdown does not wait for them).
 *
 * @example
 * const health = new ServerHealth(['todo.TodoService']);
 * health.addTo(server);
 * health.set('todo.TodoService', 'NOT_SERVING');
 */
export class ServerHealth {
  private readonly implementation: HealthImplementation;
  private readonly watches = new Set<ServerWritableStream<unknown, unknown>>();

  constructor(private readonly services: readonly string[]) {
    this.implementation = new HealthImplementation(Object.fromEntries(['', ...services].map((name) => [name, 'SERVING' as const])));
  }

  /** Serves the health service on `server`, keeping hold of Watch calls so `close()` can end them. */
  addTo(server: Pick<Server, 'addService'>): void {
    this.implementation.addToServer({
      addService: (definition, implementation: UntypedServiceImplementation) => {
        const watch = implementation.watch as (call: ServerWritableStream<unknown, unknown>) => void;
        const tracked = (call: ServerWritableStream<unknown, unknown>): void => {
          this.watches.add(call);
          const forget = (): void => void this.watches.delete(call);
          call.once('cancelled', forget);
          call.once('finish', forget);
          watch(call);
        };
        server.addService(definition, { ...implementation, watch: tracked });
      },
    });
  }

  /** Sets the status of one service (`''` for the server as a whole); watchers are told at once. */
  set(service: string, status: ServingStatus): void {
    this.implementation.setStatus(service, status);
  }

  /** NOT_SERVING for every service and the server, then ends the Watch streams (after that update). */
  shuttingDown(): void {
    for (const name of ['', ...this.services]) this.implementation.setStatus(name, 'NOT_SERVING');
    for (const call of this.watches) call.end();
    this.watches.clear();
  }
}
