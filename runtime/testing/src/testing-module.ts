import { serverEvents, type TestEvent } from './server-events.js';
import type { FrameworkApplication, Token } from '@framework/core';
import type { GrpcAnswer, InProcessGrpcTransport } from './grpc-transport.js';
import { servedAnswer } from './served-answer.js';

/** What `t.request` sends: a method (GET by default), headers, and a body (objects go as JSON). */
export interface TestRequest {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** A string or bytes as they are; anything else as JSON with `content-type: application/json`. */
  readonly body?: unknown;
  /** Aborting it is a client that gives up (the handler's `context.signal` aborts). */
  readonly signal?: AbortSignal;
}

/** Where in-process requests come from, for guards that read the caller's address (the throttler). */
const LOOPBACK = { remoteAddress: () => '127.0.0.1' };

/**
 * A compiled testing module: the application built from the tables with the overrides applied,
 * initialised, and not listening. Call routes with `request`, gRPC methods with `grpc`, read
 * providers with `get`; `listen` when a real socket is wanted; `close` at the end.
 *
 * @example
 * const t = await Test.createTestingModule(tables).overrideProvider(TodoService).useValue(fake).compile();
 * const response = await t.request('/todo', { headers: { authorization: `Bearer ${token}` } });
 * assert.is(response.status, 200);
 * await t.close();
 */
export class TestingModule {
  constructor(
    /** The application under test, initialised (for what the module does not wrap: `app.stats()`). */
    readonly app: FrameworkApplication,
    private readonly grpcTransport: InProcessGrpcTransport,
  ) {}

  /**
   * The instance registered under `token` (the replacement, when it was overridden).
   *
   * @example
   * const todos = t.get<TodoService>(TodoService);
   */
  get<T>(token: Token): T {
    return this.app.get<T>(token);
  }

  /**
   * Serves one HTTP request in process through the real chain (middleware, guards, validation,
   * handler, filters) and the same response writing as over a socket: the answer is the one a
   * client of `listen` gets, its `Content-Length` too. No socket is opened; the caller's address is
   * `127.0.0.1`, and the request's `Host` is `127.0.0.1` unless `headers` name another (the URL
   * the handlers see is then of that host, as a server makes it).
   *
   * @example
   * const response = await t.request('/todo', { method: 'POST', headers: { authorization }, body: { name: 'x', priority: 1, colorLabel: '#fff' } });
   * assert.equal(await response.json(), { id: 1, … });
   */
  async request(path: string, init: TestRequest = {}): Promise<Response> {
    if (!path.startsWith('/')) throw new TypeError(`t.request(): the path must start with '/', got '${path}'.`);
    const headers = new Headers(init.headers);
    let body: BodyInit | undefined;
    if (init.body !== undefined) {
      if (typeof init.body === 'string' || init.body instanceof Uint8Array || init.body instanceof ArrayBuffer) {
        body = init.body as BodyInit;
      } else {
        body = JSON.stringify(init.body);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      }
    }
    // Every request over a socket has a Host, and a server reads its URL's authority from it.
    const host = headers.get('host') ?? '127.0.0.1';
    headers.set('host', host);
    const request = new Request(`http://${host}${path}`, { method: init.method ?? 'GET', headers, body, ...(init.signal ? { signal: init.signal } : {}) });
    return servedAnswer(await this.app.fetch(request, LOOPBACK));
  }

  /**
   * Opens an `@Sse()` route in process and reads its events as they come: the chain runs as for
   * `request` (a refusal rejects with the answer's status and body); leaving the loop closes the
   * stream, which the handler sees as the client going away.
   *
   * @example
   * for await (const event of t.events<TodoChange>('/todo/events', { headers: { authorization } })) {
   *   if (event.event === 'created') break;
   * }
   */
  async *events<T = unknown>(path: string, init: TestRequest = {}): AsyncGenerator<TestEvent<T>> {
    const response = await this.request(path, init);
    if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
      throw new Error(`t.events('${path}'): the answer is ${response.status} ${response.headers.get('content-type') ?? ''}, not an event stream: ${(await response.text()).slice(0, 300)}`);
    }
    yield* serverEvents<T>(response);
  }

  /**
   * Calls one unary gRPC method in process through the real chain, with the same mapping of
   * errors to statuses as `@framework/grpc`. The payload reaches the handler as it is (no
   * protobuf encoding), and the response is the handler's value. Never rejects for an error of
   * the chain: the status is in the answer.
   *
   * @example
   * const answer = await t.grpc('todo.TodoService', 'GetTodo', { id: 1 }, { authorization: `Bearer ${token}` });
   * assert.is(answer.code, 0);
   */
  grpc<Response = unknown>(service: string, method: string, payload: unknown, metadata?: Readonly<Record<string, string | readonly string[]>>): Promise<GrpcAnswer<Response>> {
    return this.grpcTransport.call<Response>(service, method, payload, metadata);
  }

  /**
   * Starts the HTTP server on a real socket (0 picks a free port) and resolves with the port.
   *
   * @example
   * const port = await t.listen(0);
   * await fetch(`http://127.0.0.1:${port}/health`);
   */
  listen(port = 0, hostname?: string): Promise<number> {
    return this.app.listen(port, hostname);
  }

  /** Closes the application: the server if it listens, then every `onAppClose` hook. */
  close(): Promise<void> {
    return this.app.close();
  }
}
