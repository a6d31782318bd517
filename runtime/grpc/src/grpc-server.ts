import type { FrameworkApplication, Logger } from '@framework/core';
import { listenTurn, type TransportHost } from '@framework/core/transport';
import { Server, ServerCredentials, type ServerOptions, type ServiceDefinition } from '@grpc/grpc-js';
import { systemCodeOf, withoutBindFailureLine } from './bind-failure.js';
import { drainGrpcServer } from './graceful-drain.js';
import { capConnections, grpcServerOptions, maxConnectionsOf, type GrpcLimits } from './grpc-limits.js';
import type { ServerHealth, ServingStatus } from './health.js';
import { RunningHandlers } from './running-handlers.js';
import { bindService } from './service-binding.js';

/**
 * Health and reflection load their standard `.proto` files (shipped in their npm packages) when
 * imported, so they are imported only when used: on Deno each needs read access to those files.
 */
async function importReading<T>(module: () => Promise<T>, what: string, files: string): Promise<T> {
  try {
    return await module();
  } catch (error) {
    throw new Error(
      `GrpcServer cannot serve ${what}: loading it reads ${files}, which failed (${(error as Error).message}). ` +
        `On Deno, allow reading it (--allow-read=…,${files}); or turn it off in the GrpcServer options.`,
      { cause: error },
    );
  }
}

export interface GrpcServerOptions {
  /** Message size, keepalive and connection-age limits; see `GrpcLimits` for the defaults. */
  readonly limits?: GrpcLimits;
  /** Raw grpc-js server options, e.g. `{ 'grpc.max_receive_message_length': 4 * 1024 * 1024 }`; they win over `limits`. */
  readonly serverOptions?: ServerOptions;
  /**
   * The longest `app.close()` waits for in-flight calls, and for handlers still running after
   * their call ended (a client that cancelled), before cutting connections and going on to the
   * providers' `onAppClose` (default 5000 ms); it returns as soon as the last one has finished.
   */
  readonly shutdownTimeoutMs?: number;
  /**
   * Serve the standard health service `grpc.health.v1.Health` (Check, Watch, List), reporting the
   * application's readiness (`app.health`, the same state as the HTTP probes of `HealthModule`):
   * every served service and the server (`''`) are SERVING after init while every health indicator
   * is up, and NOT_SERVING while one is down and once `close()` begins. Default true; `false`
   * leaves it out; `{ services }` also reports names of your own (see `GrpcHealthOptions`).
   */
  readonly health?: boolean | GrpcHealthOptions;
  /**
   * Serve server reflection (`grpc.reflection.v1` and `v1alpha`), so that tools such as grpcurl
   * list the services and read their schemas without the `.proto`. Default false: it publishes the
   * whole schema to anyone who can connect.
   */
  readonly reflection?: boolean;
}

/** Options of the health service of `GrpcServer` (`health: { … }`). */
export interface GrpcHealthOptions {
  /**
   * Names reported besides the server (`''`) and the served services, as the served ones are
   * (SERVING while the application is ready) and settable with `setServingStatus`: a Kubernetes
   * gRPC probe's `service`, such as `'readiness'`. Only these names may be set: any other is refused,
   * so that a mistyped service name fails where it is written instead of leaving the service SERVING.
   *
   * @example
   * new GrpcServer(app, { health: { services: ['readiness'] } });
   */
  readonly services?: readonly string[];
}

/** Why `listen` refuses on Bun, naming where gRPC is served. */
const GRPC_ON_BUN =
  'gRPC is not served on Bun: its node:http2 server does not yet give grpc-js what a gRPC server needs (trailers, well-formed DATA frames). ' +
  'Serve gRPC on Node (20.19+, 22.12+, 24) or Deno (2.8+), and HTTP on Bun (app.listen works there).';

/**
 * Serves the application's `@GrpcController` classes over gRPC (HTTP/2 + Protobuf, on
 * @grpc/grpc-js), on its own port, from the same injector and singletons as HTTP.
 *
 * Construct it before `app.init(RootModule)`: it registers the `grpc` transport, and init hands
 * it every gRPC controller. `app.close()` shuts it down gracefully. It also serves the standard
 * health service, and server reflection when asked (`{ reflection: true }`).
 *
 * @example
 * const app = new FrameworkApplication(tables);
 * const grpc = new GrpcServer(app);
 * await app.init(AppModule);
 * await app.listen(3000);
 * const port = await grpc.listen(50051); // or: await grpc.listen(50051, ServerCredentials.createSsl(null, [{ private_key, cert_chain }]))
 */
export class GrpcServer {
  /** The underlying grpc-js server, for options this class does not wrap. */
  readonly server: Server;
  private readonly shutdownTimeoutMs: number;
  private readonly maxConnections: number;
  private readonly options: GrpcServerOptions;
  private readonly healthNames: readonly string[];
  private health?: ServerHealth;
  private readonly running = new RunningHandlers();
  private logger?: Logger;
  private attached = false;
  private closed?: Promise<void>;

  constructor(app: FrameworkApplication, options: GrpcServerOptions = {}) {
    this.server = new Server(grpcServerOptions(options.limits, options.serverOptions));
    this.maxConnections = maxConnectionsOf(options.limits);
    this.shutdownTimeoutMs = options.shutdownTimeoutMs ?? 5000;
    this.options = options;
    this.healthNames = declaredHealthNames(options.health);
    try {
      // The application refuses transports once init has run; that is the only way this throws.
      app.registerTransport({ name: 'grpc', attach: (host) => this.attach(host), close: () => this.close() });
    } catch (error) {
      throw new TypeError(
        '`new GrpcServer(app)` was called after `app.init(RootModule)`. Construct it before `await app.init(RootModule)`, ' +
          'so that init hands it the @GrpcController classes.',
        { cause: error },
      );
    }
  }

  /**
   * Binds the server and starts serving. Resolves with the port actually bound (0 lets the OS
   * pick). Without credentials it binds without TLS. `hostname` defaults to every IPv4
   * interface; pass `'::'` for IPv6 (dual-stack where the system allows it). May be called
   * again to serve on more ports.
   *
   * @example
   * const port = await grpc.listen(0);
   * const tlsPort = await grpc.listen(0, ServerCredentials.createSsl(null, [{ private_key: key, cert_chain: cert }]));
   */
  listen(port: number, credentials: ServerCredentials = ServerCredentials.createInsecure(), hostname = '0.0.0.0'): Promise<number> {
    if (!this.attached) {
      return Promise.reject(new Error('Call `await app.init(RootModule)` before `grpc.listen(port)`: init attaches the gRPC controllers.'));
    }
    if (this.closed) return Promise.reject(new Error('The gRPC server was shut down by `app.close()`; create a new application to serve again.'));
    if ('Bun' in globalThis) return Promise.reject(new Error(GRPC_ON_BUN));
    const address = hostname.includes(':') ? `[${hostname}]:${port}` : `${hostname}:${port}`;
    const bind = (): Promise<number> =>
      new Promise<number>((resolve, reject) => {
        this.server.bindAsync(address, credentials, (error, boundPort) => {
          if (error) reject(Object.assign(new Error(`gRPC server cannot listen on ${address}: ${error.message}`, { cause: error }), { code: systemCodeOf(error) }));
          else {
            capConnections(this.server, this.maxConnections);
            resolve(boundPort);
          }
        });
      });
    // The dev loop's hand-off (see listenTurn); nothing to wait for elsewhere.
    return listenTurn().then(() => withoutBindFailureLine(bind));
  }

  /**
   * Sets the health status of one served service, of a name declared in `health: { services }`, or
   * of the server as a whole with `''`; health clients watching it are told at once. The
   * application's readiness comes first: while it is not ready every name is NOT_SERVING whatever
   * was set here. Throws a TypeError for any other name (a mistyped service would otherwise stay
   * SERVING), and an Error when the server was built with `health: false`.
   *
   * @example
   * grpc.setServingStatus('todo.TodoService', 'NOT_SERVING'); // its database is down
   */
  setServingStatus(service: string, status: ServingStatus): void {
    if (!this.health) throw new Error('The gRPC server serves no health service: it was created with `health: false`, or `app.init` has not run yet.');
    this.health.set(service, status);
  }

  private async attach(host: TransportHost): Promise<void> {
    this.logger = host.logger;
    const served = new Map<string, ServiceDefinition>();
    for (const service of host.tables.grpc) {
      const { controllerName, definition, implementation } = bindService(service, host, this.running);
      try {
        this.server.addService(definition, implementation);
      } catch (error) {
        throw new Error(`Cannot serve ${service.service} from ${controllerName}: ${(error as Error).message}`, { cause: error });
      }
      served.set(service.service, definition);
    }
    if (this.options.health !== false) {
      const health = await import('./health.js');
      this.health = new health.ServerHealth([...served.keys(), ...this.healthNames], host.health);
      this.health.addTo(this.server);
      served.set(health.HEALTH_SERVICE, health.healthDefinition());
    }
    if (this.options.reflection) {
      const reflection = await importReading(() => import('./reflection.js'), 'reflection', 'node_modules/@grpc/reflection/build/proto');
      reflection.addReflection(this.server, served);
    }
    this.attached = true;
    if (host.tables.grpc.length === 0) host.logger.warn('GrpcServer: the application has no @GrpcController; the gRPC server serves nothing.');
  }

  /**
   * Stops accepting connections, serves every call a peer has already sent, and sends every
   * connection a GOAWAY (HTTP/2's graceful close: new calls go elsewhere); resolves when the last
   * call has finished, or cuts what is left after `shutdownTimeoutMs` (see `drainGrpcServer`).
   * Then, within the same timeout, waits for the handlers still running after their call ended
   * (a client that cancelled does not wait for its handler), since the providers they use close next.
   */
  private close(): Promise<void> {
    if (!this.closed) this.health?.shuttingDown();
    this.closed ??= this.drain();
    return this.closed;
  }

  private async drain(): Promise<void> {
    const deadline = Date.now() + this.shutdownTimeoutMs;
    await drainGrpcServer(this.server, this.shutdownTimeoutMs);
    if (await this.running.settled(deadline)) return;
    const count = this.running.size;
    this.logger?.warn(
      `GrpcServer: ${count} handler${count === 1 ? '' : 's'} still running ${this.shutdownTimeoutMs} ms after app.close() began (${count === 1 ? 'its client is gone, or its call was cut' : 'their clients are gone, or their calls were cut'}); ` +
        `the providers close under ${count === 1 ? 'it' : 'them'}. Pass context.signal to what a handler awaits, so that it stops with its call.`,
    );
  }
}

/** The names `health: { services }` declares, checked: each a text. */
function declaredHealthNames(health: GrpcServerOptions['health']): readonly string[] {
  const names = typeof health === 'object' && health !== null ? (health.services ?? []) : [];
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
    throw new TypeError(`GrpcServer: health.services must be an array of service names (texts); got ${JSON.stringify(names)}.`);
  }
  return names;
}
