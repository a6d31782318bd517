// Execution contexts made by hand, for calling guards and interceptors directly (unit level). They
// extend the call bases the transports themselves extend (`@framework/core/transport`), so cookies,
// redirects, `signal` and the absent `req` of a gRPC call behave as on a served call; only the
// request (headers or metadata, the peer) is given, and what the code sets is kept to be read back.
import type { Class, GrpcExecutionContext, GrpcMethodEntry, GrpcMetadataLike, HttpExecutionContext, HttpRequest, HttpRouteEntry, RouteAnnotations } from '@framework/core';
import { GrpcCallBase, HttpCallBase } from '@framework/core/transport';

/** A route entry that serves either transport's context (an HTTP route and a gRPC method at once). */
export type TestRoute = HttpRouteEntry & GrpcMethodEntry;

/**
 * A route entry as the tables would hold it, for `handler` of a controller named in `name`.
 *
 * @example
 * const route = testRoute(1, 'FakeController.route1', function route1() {}, { skipThrottle: ['*'] });
 */
export function testRoute(id: number, name: string, handler: Function, annotations: RouteAnnotations = {}): TestRoute {
  return {
    id,
    name,
    controller: 0,
    handler,
    invoke: () => undefined,
    guards: [],
    middleware: [],
    filters: [],
    annotations,
    source: 'test/execution-contexts.ts:1:1',
    method: 'GET',
    path: '/',
    readsBody: false,
    status: 200,
    rpc: handler.name,
  };
}

/** Who calls, over which route: what both transports' test contexts are made from. */
export interface TestCall {
  readonly route: TestRoute;
  /** `getClass()`; `Object` when the code under test does not read it. */
  readonly controller?: Class;
  /** `getRemoteAddress()`, the peer; `127.0.0.1` unless given. */
  readonly remote?: string;
}

/**
 * An HTTP call's context over request headers. Response headers set on it are in `sent`, cookie
 * lines in `cookies`.
 *
 * @example
 * const context = new HttpTestContext({ route, headers: { authorization: 'Bearer …' } });
 * await guard.canActivate(context);
 * context.sent.get('x-ratelimit-remaining');
 */
export class HttpTestContext extends HttpCallBase implements HttpExecutionContext {
  readonly transport = 'http' as const;
  readonly grpcMetadata = undefined;
  readonly sent = new Map<string, string>();
  readonly cookies: string[] = [];
  private readonly headers: Map<string, string>;
  private readonly remote: string;
  private request?: HttpRequest;

  constructor({ route, controller = Object, remote = '127.0.0.1', headers = {} }: TestCall & { readonly headers?: Record<string, string> }) {
    super({ entry: route, controllerClass: controller });
    this.headers = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    this.remote = remote;
  }
  /** Built on first read, as on Node: the guards under test mostly read headers only. */
  get req(): HttpRequest {
    return (this.request ??= this.webRequest());
  }
  header(name: string): string | undefined {
    return this.headers.get(name.toLowerCase());
  }
  getRemoteAddress(): string {
    return this.remote;
  }
  setResponseHeader(name: string, value: string): void {
    this.sent.set(name, value);
  }
  protected appendResponseHeader(name: string, value: string): void {
    if (name === 'set-cookie') this.cookies.push(value);
    else this.sent.set(name, value);
  }
  protected get overTls(): boolean {
    return false;
  }
  private webRequest(): HttpRequest {
    const raw = new Request('http://localhost/', { headers: Object.fromEntries(this.headers) });
    return {
      raw,
      method: 'GET',
      path: '/',
      url: raw.url,
      header: (name) => this.header(name),
      param: () => undefined,
      query: () => undefined,
    };
  }
}

/**
 * A gRPC call's context over its metadata (a grpc-js `Metadata`, or anything with its `get`/`set`).
 * `req` is absent, as on gRPC; metadata set on it for the answer is in `sent`.
 *
 * @example
 * const context = new GrpcTestContext({ route, metadata: new Metadata() });
 */
export class GrpcTestContext extends GrpcCallBase implements GrpcExecutionContext {
  readonly grpcMetadata: GrpcMetadataLike;
  readonly sent = new Map<string, string>();
  private readonly remote: string;

  constructor({ route, controller = Object, remote = '127.0.0.1', metadata }: TestCall & { readonly metadata: GrpcMetadataLike }) {
    super({ entry: route, controllerClass: controller });
    this.grpcMetadata = metadata;
    this.remote = remote;
  }
  getRemoteAddress(): string {
    return this.remote;
  }
  setResponseHeader(name: string, value: string): void {
    this.sent.set(name, value);
  }
}
