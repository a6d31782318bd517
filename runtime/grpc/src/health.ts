import type { Server, ServerUnaryCall, ServerWritableStream, UntypedServiceImplementation, sendUnaryData } from '@grpc/grpc-js';
import type { HealthState } from '@framework/core';
import { HealthImplementation, service as healthDefinition, type ServingStatus } from 'grpc-health-check';

export { healthDefinition, type ServingStatus };

/** The name of the standard health service, as clients and reflection see it. */
export const HEALTH_SERVICE = 'grpc.health.v1.Health';

type UnaryHandler = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => void;

/**
 * The standard `grpc.health.v1.Health` service (Check, Watch, List) of `grpc-health-check`,
 * reporting the application's one health state (`app.health`): every served service and the
 * server as a whole (the empty name) are SERVING while the application is ready, and NOT_SERVING
 * while it is not (an indicator down, or `close()` begun). A Check or List first evaluates
 * readiness (shared with the HTTP probes, cached, never more than one check per indicator at a
 * time); an open Watch keeps it evaluated every `watchIntervalMs`. `set` marks one service
 * NOT_SERVING (or back) on its own, within the application's state. At close, the Watch streams
 * end so that the shutdown does not wait for them.
 *
 * @example
 * const health = new ServerHealth(['todo.TodoService'], app.health);
 * health.addTo(server);
 * health.set('todo.TodoService', 'NOT_SERVING');
 */
export class ServerHealth {
  private readonly implementation: HealthImplementation;
  private readonly watches = new Set<ServerWritableStream<unknown, unknown>>();
  /** Statuses set by the application for one service; the application's readiness comes first. */
  private readonly own = new Map<string, ServingStatus>();
  private readonly current = new Map<string, ServingStatus>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly services: readonly string[],
    private readonly state: HealthState,
  ) {
    this.implementation = new HealthImplementation();
    this.apply();
    this.unsubscribe = state.subscribe(() => this.apply());
  }

  /** Serves the health service on `server`, keeping hold of Watch calls so `close()` can end them. */
  addTo(server: Pick<Server, 'addService'>): void {
    this.implementation.addToServer({
      addService: (definition, implementation: UntypedServiceImplementation) => {
        const watch = implementation.watch as (call: ServerWritableStream<unknown, unknown>) => void;
        const tracked = (call: ServerWritableStream<unknown, unknown>): void => {
          this.watches.add(call);
          const stopChecking = this.state.keepChecking();
          const forget = (): void => {
            stopChecking();
            this.watches.delete(call);
          };
          call.once('cancelled', forget);
          call.once('finish', forget);
          watch(call);
        };
        server.addService(definition, {
          ...implementation,
          check: this.afterReadiness(implementation.check as UnaryHandler),
          list: this.afterReadiness(implementation.list as UnaryHandler),
          watch: tracked,
        });
      },
    });
  }

  /** Sets the status of one service (`''` for the server as a whole); watchers are told at once. */
  set(service: string, status: ServingStatus): void {
    this.own.set(service, status);
    this.apply();
  }

  /** Every status NOT_SERVING (the application's close has begun), then ends the Watch streams. */
  shuttingDown(): void {
    this.unsubscribe();
    this.apply(false);
    for (const call of this.watches) call.end();
    this.watches.clear();
  }

  // The statuses are updated by readiness itself (through the subscription) before the answer is read.
  private afterReadiness(answer: UnaryHandler): UnaryHandler {
    return (call, callback) => {
      const respond = (): void => answer(call, callback);
      this.state.readiness().then(respond, respond);
    };
  }

  /** Brings every status in line with the application's readiness, telling watchers of changes only. */
  private apply(ready = this.state.ready): void {
    for (const name of new Set(['', ...this.services, ...this.own.keys()])) {
      const status: ServingStatus = ready ? (this.own.get(name) ?? 'SERVING') : 'NOT_SERVING';
      if (this.current.get(name) === status) continue;
      this.current.set(name, status);
      this.implementation.setStatus(name, status);
    }
  }
}
