import { validateHeaderName, validateHeaderValue, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpCallShape } from '../../../chain/call.js';
import { CallBase } from '../../../chain/call-base.js';
import type { GrpcMetadataLike } from '../../../contract/argument-source.js';
import type { HttpRouteEntry } from '../../../contract/tables.js';
import { grpcOnly } from '../../grpc-only.js';
import type { HttpRoute } from '../../http-route.js';
import type { CallHeaders } from './node-answer.js';
import { newCallHeaders } from '../../pipeline/call-headers.js';
import { queryOf } from '../../pipeline/query-string.js';
import { NodeRequest } from './node-request.js';
import { requestHeaderOf, requestHeadersOf } from './request-headers.js';

/** Header names checked already, lower-cased: names are nearly always constants of the code. */
const checkedNames = new Map<string, string>();

/** A header name, checked (a TypeError for an invalid one) and lower-cased, once per distinct name. */
function lowerCaseHeaderName(name: string): string {
  let lower = checkedNames.get(name);
  if (lower === undefined) {
    validateHeaderName(name);
    lower = name.toLowerCase();
    // Bounded: an application building names per request gains nothing but keeps its memory.
    if (checkedNames.size < 256) checkedNames.set(name, lower);
  }
  return lower;
}

/**
 * What every call of the Node adapter reads from Node's `IncomingMessage`, written once: the
 * parameter readers (`@Param()`, `@Query()`, `@Header()`, `@Req()`), the headers the chain sets
 * for the answer, and the gRPC-only members' errors. A route's request (`NodeCall`) and a
 * `@Ws()` route's upgrade request (`UpgradeCall`) differ only in their answer and lifetime.
 *
 * @example
 * call.header('accept'); call.param('id'); call.setResponseHeader('x-trace', 't-1'); // on either call
 */
export abstract class NodeRequestCall extends CallBase<HttpRouteEntry> implements HttpCallShape {
  // Constants on the prototype, not fields: every call (and each open stream's or socket's) is 16 bytes smaller.
  get transport(): 'http' {
    return 'http';
  }
  get grpcMetadata(): undefined {
    return undefined;
  }
  body: unknown = undefined;
  /** Headers the call set, sent with its answer. */
  responseHeaders?: CallHeaders;
  /** `req`, built on first read. */
  protected request?: NodeRequest;

  constructor(
    route: HttpRoute,
    /** The request's path, as Hono's `c.req.path` gives it. */
    readonly path: string,
    private readonly values: readonly string[],
  ) {
    super(route);
  }

  /** The request the parameters are read from. */
  abstract get incoming(): IncomingMessage;
  /** The connection the request came on (kept by a socket's call after the request is let go). */
  protected abstract readonly connection: Socket;
  /** Reads, parses and validates the body into `body`. */
  abstract loadBody(): Promise<void>;

  /** The route, kept once: it is the runtime `CallBase` holds (a field of its own would cost every call 8 bytes). */
  get route(): HttpRoute {
    return this.handlerRuntime as HttpRoute;
  }
  get req(): NodeRequest {
    return (this.request ??= new NodeRequest(this.incoming, this.path, this.route.paramNames, this.values, this));
  }
  get payload(): never {
    return grpcOnly('@GrpcPayload()');
  }
  /** The peer's address, as the web adapter reads it from its host's bindings. */
  getRemoteAddress(): string {
    const address = this.connection.remoteAddress;
    return typeof address === 'string' ? address : '';
  }
  setResponseHeader(name: string, value: string): void {
    // Refused here, as `Headers.set` refuses on the web adapter, rather than when the answer is written.
    validateHeaderValue(name, value);
    (this.responseHeaders ??= newCallHeaders() as CallHeaders)[lowerCaseHeaderName(name)] = value;
  }
  param(name: string): string {
    return this.values[this.route.paramNames.indexOf(name)]!;
  }
  queries(): Record<string, string> {
    return queryOf(this.incoming.url ?? '/');
  }
  query(name: string): string | undefined {
    return this.req.query(name);
  }
  headers(): Record<string, string> {
    return requestHeadersOf(this.incoming);
  }
  header(name: string): string | undefined {
    return requestHeaderOf(this.incoming, name);
  }
  metadata(): GrpcMetadataLike {
    return grpcOnly('@GrpcMetadata()');
  }
  metadataValues(): string[] {
    return grpcOnly('@GrpcMetadata(key)');
  }
}
