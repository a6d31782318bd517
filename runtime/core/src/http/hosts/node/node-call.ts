import { validateHeaderName, validateHeaderValue, type IncomingMessage, type ServerResponse } from 'node:http';
import { getQueryParam } from 'hono/utils/url';
import type { GrpcMetadataLike } from '../../../contract/argument-source.js';
import type { HttpCallShape } from '../../../chain/call.js';
import { CallBase } from '../../../chain/call-base.js';
import { isThenable } from '../../../types/thenable.js';
import type { HttpRouteEntry } from '../../../contract/tables.js';
import type { CallObservation } from '../../../telemetry/call-observation.js';
import { grpcOnly } from '../../grpc-only.js';
import type { HttpRoute } from '../../http-route.js';
import { bodyReadFailure } from '../../json-body.js';
import { newCallHeaders, type CallHeaders } from './node-answer.js';
import { readBodyText } from './node-body.js';
import { observationOf } from './node-observed-route.js';
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
 * One HTTP call on the Node-native path: the execution context and the argument source over
 * Node's request and response, with the answers Hono's call gives (`hono/http-call.ts`). The
 * request object (`req`) and its Web `Request` are built only when something reads them.
 *
 * @example
 * const call = new NodeCall(incoming, outgoing, route, '/todo/42', ['42'], 1 << 20);
 * call.param('id'); // '42'
 */
export class NodeCall extends CallBase<HttpRouteEntry> implements HttpCallShape {
  // Constants on the prototype, not fields: every call (and each open event stream's) is 16 bytes smaller.
  get transport(): 'http' {
    return 'http';
  }
  get grpcMetadata(): undefined {
    return undefined;
  }
  body: unknown = undefined;
  /** Headers the call set, sent with its answer. */
  responseHeaders?: CallHeaders;
  /** The body's text, once read (before the chain for a body without a declared length). */
  bodyText?: string;
  private request?: NodeRequest;

  constructor(
    readonly incoming: IncomingMessage,
    readonly outgoing: ServerResponse,
    route: HttpRoute,
    /** The request's path, as Hono's `c.req.path` gives it. */
    readonly path: string,
    private readonly values: readonly string[],
    private readonly bodyLimit: number,
  ) {
    super(route);
  }

  /** The route, kept once: it is the runtime `CallBase` holds (a field of its own would cost every call 8 bytes). */
  get route(): HttpRoute {
    return this.handlerRuntime as HttpRoute;
  }
  get observation(): CallObservation | undefined {
    return observationOf(this.outgoing);
  }
  get req(): NodeRequest {
    return (this.request ??= new NodeRequest(this.incoming, this.path, this.route.paramNames, this.values, this));
  }
  get payload(): never {
    return grpcOnly('@GrpcPayload()');
  }
  /** The socket's peer, as the Hono path reads it from @hono/node-server's env. */
  getRemoteAddress(): string {
    const address = this.incoming.socket.remoteAddress;
    return typeof address === 'string' ? address : '';
  }
  setResponseHeader(name: string, value: string): void {
    // Refused here, as `Headers.set` refuses on the Hono path, rather than when the answer is written.
    validateHeaderValue(name, value);
    (this.responseHeaders ??= newCallHeaders())[lowerCaseHeaderName(name)] = value;
  }
  param(name: string): string {
    return this.values[this.route.paramNames.indexOf(name)]!;
  }
  queries(): Record<string, string> {
    return getQueryParam(this.req.url) as Record<string, string>;
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
  /** The response closing before it finished: the client went away. */
  protected override onCancel(cancel: (reason: unknown) => void): void {
    const { outgoing } = this;
    if (outgoing.writableFinished) return;
    outgoing.once('close', () => {
      if (!outgoing.writableFinished) cancel(new DOMException('The client closed the connection before the answer.', 'AbortError'));
    });
  }
  /** Reads the body's text (unless read already), parses and validates it into `body`. */
  loadBody(): Promise<void> {
    return this.readText().then((text) => {
      const { route } = this;
      const parsed = route.parseJson(this.incoming.method!, this.incoming.headers['content-type'], text);
      const body = route.validate ? route.validate(parsed) : parsed;
      // The class-validator fallback answers with a promise; a compiled validator never does.
      if (isThenable(body)) return Promise.resolve(body).then((value) => void (this.body = value));
      this.body = body;
    });
  }
  /** The body's text: read before, read now, or (when `req.raw` took the stream) through the Web request. */
  readText(): Promise<string> {
    if (this.bodyText !== undefined) return Promise.resolve(this.bodyText);
    const reading = this.request?.rawBuilt ? this.request.raw.text() : readBodyText(this.incoming, this.bodyLimit);
    return reading.then(
      (text) => (this.bodyText = text),
      (error: unknown) => {
        throw bodyReadFailure(error);
      },
    );
  }
}
