import { joinedVary } from '../browser/vary.js';
import type { HttpCallShape } from '../../chain/call.js';
import { HttpCallBase } from '../context/http-call-base.js';
import type { GrpcMetadataLike } from '../../contract/argument-source.js';
import { setOwnHeader, type OwnHeaderSetter } from '../../contract/own-header.js';
import type { CallObservation } from '../../telemetry/call-observation.js';
import { isThenable } from '../../types/thenable.js';
import { grpcOnly } from '../grpc-only.js';
import type { HttpRoute } from '../http-route.js';
import { bodyReadFailure } from '../json-body.js';
import { checkedHeaderName, newCallHeaders } from './call-headers.js';
import type { AnswerHeaders, HostExchange } from './host-exchange.js';
import { PipelineRequest } from './pipeline-request.js';
import type { RouteHead } from './route-headers.js';
import { queryOf, queryParam, queryValues } from './query-string.js';
import { loadFormFrom } from '../uploads/form-route.js';

const decoder = new TextDecoder();

/**
 * The one call of an HTTP request on every host: the execution context and argument source over
 * the port, with its own state; `req` and its Web `Request` built only when read.
 */
export class PipelineCall extends HttpCallBase implements HttpCallShape, OwnHeaderSetter {
  // Constants on the prototype, not fields: every call is 16 bytes smaller.
  get transport(): 'http' {
    return 'http';
  }
  get grpcMetadata(): undefined {
    return undefined;
  }
  body: unknown = undefined;
  bodyText?: string = undefined;
  /** Headers the call set, winning over the route head's. */
  responseHeaders?: AnswerHeaders = undefined;
  routeHead?: RouteHead = undefined;
  private request?: PipelineRequest = undefined;

  constructor(
    readonly exchange: HostExchange,
    route: HttpRoute,
    readonly path: string,
    private readonly values: readonly string[],
    private readonly bodyLimit: number,
    readonly observation: CallObservation | undefined,
  ) {
    super(route);
  }

  /** The route, kept once: it is the runtime `CallBase` holds. */
  get route(): HttpRoute {
    return this.handlerRuntime as HttpRoute;
  }
  protected get overTls(): boolean {
    return this.exchange.secure;
  }
  get req(): PipelineRequest {
    return (this.request ??= new PipelineRequest(this.exchange, this.path, this.route.paramNames, this.values, this));
  }
  /** Whether `req` was built (a `@Req()` parameter, a guard reading `context.req`): a socket's call then keeps its request. */
  get reqBuilt(): boolean {
    return this.request !== undefined;
  }
  get payload(): never {
    return grpcOnly('@GrpcPayload()');
  }
  getRemoteAddress(): string {
    return this.exchange.remoteAddress();
  }
  setResponseHeader(name: string, value: string): void {
    const lower = checkedHeaderName(name, value);
    const headers = (this.responseHeaders ??= newCallHeaders());
    // A handler's Vary joins the `Vary: Origin` CORS set for this answer: replacing it would let a
    // shared cache give one origin's answer (and its Access-Control-Allow-Origin) to another.
    headers[lower] = lower === 'vary' && headers.vary !== undefined ? joinedVary(String(headers.vary), value) : value;
  }
  /** Adds a line to a response header (`set-cookie`). */
  [setOwnHeader](lowerCaseName: string, value: string): void {
    (this.responseHeaders ??= newCallHeaders())[lowerCaseName] = value;
  }
  appendResponseHeader(name: string, value: string): void {
    const lower = checkedHeaderName(name, value);
    const headers = (this.responseHeaders ??= newCallHeaders());
    // A line added to a header the route head holds joins its value, as it would on one record.
    const known = headers[lower] ?? (this.routeHead?.names.has(lower) ? fixedValue(this.routeHead, lower) : undefined);
    headers[lower] = known === undefined ? value : [...(Array.isArray(known) ? (known as readonly string[]) : [String(known)]), value];
  }
  param(name: string): string {
    return this.values[this.route.paramNames.indexOf(name)]!;
  }
  queries(): Record<string, string> {
    return queryOf(this.exchange.target);
  }
  query(name: string): string | undefined {
    return queryParam(this.exchange.target, name);
  }
  queryValues(name: string): string[] | undefined {
    return queryValues(this.exchange.target, name);
  }
  headers(): Record<string, string> {
    return this.exchange.headers();
  }
  header(name: string): string | undefined {
    return this.exchange.header(name);
  }
  metadata(): GrpcMetadataLike {
    return grpcOnly('@GrpcMetadata()');
  }
  metadataValues(): string[] {
    return grpcOnly('@GrpcMetadata(key)');
  }
  protected override onCancel(cancel: (reason: unknown) => void): void {
    this.exchange.onClose((complete) => {
      if (!complete) cancel(new DOMException('The client closed the connection before the answer.', 'AbortError'));
    });
  }
  loadBody(): Promise<void> {
    const { form } = this.route;
    if (form) return loadFormFrom(this.exchange, form, this);
    return this.readText().then((text) => {
      const { route } = this;
      const parsed = route.parseJson(this.exchange.method, this.exchange.header('content-type'), text);
      const body = route.validate ? route.validate(parsed) : parsed;
      // The class-validator fallback answers with a promise; a compiled validator never does.
      if (isThenable(body)) return Promise.resolve(body).then((value) => void (this.body = value));
      this.body = body;
    });
  }
  /** The body's text: read before, now, or through the Web request when `req.raw` took the stream. */
  readText(): Promise<string> {
    if (this.bodyText !== undefined) return Promise.resolve(this.bodyText);
    const reading = this.request?.rawBuilt
      ? this.request.raw.text()
      : new Promise<string>((resolve, reject) => this.exchange.readBody(this.bodyLimit, (error, bytes) => (error ? reject(error) : resolve(decoder.decode(bytes)))));
    return reading.then(
      (text) => (this.bodyText = text),
      (error: unknown) => {
        throw bodyReadFailure(error);
      },
    );
  }
}

function fixedValue(head: RouteHead, name: string): string | number | readonly string[] | undefined {
  const lines = head.documentLines;
  for (let i = 0; i < lines.length; i += 2) if (lines[i] === name) return lines[i + 1];
  return undefined;
}
