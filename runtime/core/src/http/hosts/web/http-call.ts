import type { Context } from 'hono';
import type { GrpcMetadataLike, HttpRequest } from '../../../contract/argument-source.js';
import type { HttpCallShape } from '../../../chain/call.js';
import { HttpCallBase } from '../../context/http-call-base.js';
import type { HttpRoute } from '../../http-route.js';
import type { CallObservation } from '../../../telemetry/call-observation.js';
import type { HttpEnv } from '../../served-http.js';
import { connectionAddress } from './hosted-address.js';
import { grpcOnly } from '../../grpc-only.js';

/**
 * The call of a `@Ws()` route's upgrade request on the web adapter: the execution context and the
 * argument source over a Hono context. (Every other route's call is the pipeline's `PipelineCall`.)
 */
export class HttpCall extends HttpCallBase implements HttpCallShape {
  readonly transport = 'http' as const;
  readonly grpcMetadata = undefined;
  body: unknown = undefined;

  constructor(
    private readonly c: Context<HttpEnv>,
    route: HttpRoute,
  ) {
    super(route);
  }

  /** Not observed: a `@Ws()` upgrade on the web adapter is served through its Hono handler, outside the observed stages. */
  get observation(): CallObservation | undefined {
    return undefined;
  }
  get req(): HttpRequest {
    return this.c.req;
  }
  get payload(): never {
    return grpcOnly('@GrpcPayload()');
  }
  /**
   * From `ServerBindings` when the host passes them; else from the server's own env (Deno.serve,
   * @hono/node-server, whether the framework's servers or another host's, Bun); '' for in-process calls.
   */
  getRemoteAddress(): string {
    return connectionAddress(this.c);
  }
  setResponseHeader(name: string, value: string): void {
    this.c.header(name, value);
  }
  protected appendResponseHeader(name: string, value: string): void {
    this.c.header(name, value, { append: true });
  }
  protected get overTls(): boolean {
    return this.c.req.url.startsWith('https:');
  }
  param(name: string): string {
    return this.c.req.param(name) as string;
  }
  queries(): Record<string, string> {
    return this.c.req.query();
  }
  query(name: string): string | undefined {
    return this.c.req.query(name);
  }
  headers(): Record<string, string> {
    return this.c.req.header();
  }
  header(name: string): string | undefined {
    return this.c.req.header(name);
  }
  metadata(): GrpcMetadataLike {
    return grpcOnly('@GrpcMetadata()');
  }
  metadataValues(): string[] {
    return grpcOnly('@GrpcMetadata(key)');
  }
  /** The Web request's signal: aborted by the server when the client goes away before the answer. */
  protected override onCancel(cancel: (reason: unknown) => void): void {
    const client = this.c.req.raw.signal;
    if (client.aborted) cancel(client.reason);
    else client.addEventListener('abort', () => cancel(client.reason), { once: true });
  }
  /** Nothing to read: a socket's messages come from the socket (`@Messages()`). */
  loadBody(): Promise<void> {
    return Promise.resolve();
  }
}
