import type { Server, ServerUnaryCall, ServerWritableStream, sendUnaryData } from '@grpc/grpc-js';
import { GrpcCode, type HealthState } from '@framework/core';
import { healthDefinition, type ServingStatus } from './health-definition.js';

export { HEALTH_SERVICE, healthDefinition, type ServingStatus } from './health-definition.js';

/** A List answer names at most this many services; beyond, RESOURCE_EXHAUSTED (as the protocol advises). */
const LISTED_SERVICES_LIMIT = 100;

interface ServiceName {
  readonly service?: string;
}

/**
 * The standard `grpc.health.v1.Health` service (Check, Watch, List), reporting the application's
 * one health state (`app.health`): every served service, the names declared besides them, and the
 * server as a whole (the empty name) are SERVING while the application is ready, and NOT_SERVING
 * while it is not (an indicator down, or `close()` begun). A Check or List first evaluates
 * readiness (shared with the HTTP probes, cached, never more than one check per indicator at a
 * time); an open Watch keeps it evaluated every `watchIntervalMs` and is sent every change. An
 * unknown service is NOT_FOUND to Check and SERVICE_UNKNOWN to Watch, as the protocol says. `set`
 * marks one known name NOT_SERVING (or back) on its own, within the application's state. At close,
 * the Watch streams end so that the shutdown does not wait for them, and one opened during the
 * shutdown is answered and ended at once.
 *
 * @example
 * const health = new ServerHealth(['todo.TodoService', 'readiness'], app.health);
 * health.addTo(server);
 * health.set('todo.TodoService', 'NOT_SERVING');
 */
export class ServerHealth {
  /** Open Watch calls, by the service they watch. */
  private readonly watches = new Map<string, Set<ServerWritableStream<ServiceName, unknown>>>();
  /** Statuses set by the application for one service; the application's readiness comes first. */
  private readonly own = new Map<string, ServingStatus>();
  private readonly current = new Map<string, ServingStatus>();
  private readonly unsubscribe: () => void;
  private closing = false;
  /** Every name reported: the server as a whole (`''`) first, then the services and declared names. */
  private readonly names: ReadonlySet<string>;

  constructor(
    services: readonly string[],
    private readonly state: HealthState,
  ) {
    this.names = new Set(['', ...services]);
    this.apply();
    this.unsubscribe = state.subscribe(() => this.apply());
  }

  /** Serves the health service on `server`. */
  addTo(server: Pick<Server, 'addService'>): void {
    server.addService(healthDefinition(), {
      check: (call: ServerUnaryCall<ServiceName, unknown>, callback: sendUnaryData<unknown>) =>
        this.afterReadiness(() => {
          const name = call.request.service ?? '';
          const status = this.current.get(name);
          if (status === undefined) callback({ code: GrpcCode.NOT_FOUND, details: `Health status unknown for service ${name}` });
          else callback(null, { status });
        }),
      list: (_call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) =>
        this.afterReadiness(() => {
          if (this.current.size > LISTED_SERVICES_LIMIT) return callback({ code: GrpcCode.RESOURCE_EXHAUSTED, details: 'Too many services to list.' });
          const statuses: Record<string, { status: ServingStatus }> = {};
          for (const [name, status] of this.current) statuses[name] = { status };
          callback(null, { statuses });
        }),
      watch: (call: ServerWritableStream<ServiceName, unknown>) => this.watch(call),
    });
  }

  /**
   * Sets the status of one known name (`''` for the server as a whole); watchers are told at once.
   * Throws a TypeError for any other name: health clients would find it where none is served,
   * and a mistyped service name would leave the real service SERVING.
   */
  set(service: string, status: ServingStatus): void {
    if (!this.names.has(service)) throw new TypeError(unknownName(service, this.names));
    this.own.set(service, status);
    this.apply();
  }

  /** Every status NOT_SERVING (the application's close has begun), then ends the Watch streams. */
  shuttingDown(): void {
    this.closing = true;
    this.unsubscribe();
    this.apply(false);
    for (const calls of this.watches.values()) for (const call of calls) call.end();
    this.watches.clear();
  }

  /** Sends the watched service's status now and at every change, keeping readiness evaluated meanwhile. */
  private watch(call: ServerWritableStream<ServiceName, unknown>): void {
    const name = call.request.service ?? '';
    if (this.closing) {
      // A client re-opening the Watch that close ended (grpc-core does at once) must not hold the drain open until its timeout.
      call.write({ status: this.current.get(name) ?? 'SERVICE_UNKNOWN' });
      call.end();
      return;
    }
    const calls = this.watches.get(name) ?? new Set();
    this.watches.set(name, calls.add(call));
    const stopChecking = this.state.keepChecking();
    const forget = (): void => {
      stopChecking();
      calls.delete(call);
      if (calls.size === 0 && this.watches.get(name) === calls) this.watches.delete(name);
    };
    call.once('cancelled', forget);
    call.once('finish', forget);
    call.write({ status: this.current.get(name) ?? 'SERVICE_UNKNOWN' });
  }

  // The statuses are updated by readiness itself (through the subscription) before the answer is read.
  private afterReadiness(answer: () => void): void {
    this.state.readiness().then(answer, answer);
  }

  /** Brings every status in line with the application's readiness, telling watchers of changes only. */
  private apply(ready = this.state.ready): void {
    for (const name of this.names) {
      const status: ServingStatus = ready ? (this.own.get(name) ?? 'SERVING') : 'NOT_SERVING';
      if (this.current.get(name) === status) continue;
      this.current.set(name, status);
      for (const call of this.watches.get(name) ?? []) call.write({ status });
    }
  }
}

/** Why `set` refuses `service`, naming what it may be and how to report a name of one's own. */
function unknownName(service: string, names: ReadonlySet<string>): string {
  const known = [...names].filter((name) => name !== '').map((name) => `'${name}'`);
  return (
    `setServingStatus: '${service}' is not a service this gRPC server serves (${known.length > 0 ? known.join(', ') : 'none'}; '' is the server as a whole). ` +
    `To report a name of your own, such as a Kubernetes probe's service, declare it: new GrpcServer(app, { health: { services: ['${service}'] } }).`
  );
}
