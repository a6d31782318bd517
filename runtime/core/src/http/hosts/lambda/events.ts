/**
 * The Lambda event shapes `lambdaHandler` serves, as AWS publishes them: only the members read
 * here. API Gateway's HTTP API and Lambda function URLs send payload format 2.0; API Gateway's
 * REST API sends 1.0; an Application Load Balancer sends its own, close to 1.0.
 */

/** API Gateway HTTP API (payload 2.0) and Lambda function URLs. */
export interface HttpApiEvent {
  readonly version: '2.0';
  readonly rawPath: string;
  readonly rawQueryString?: string;
  readonly cookies?: readonly string[];
  readonly headers?: Readonly<Record<string, string | undefined>>;
  readonly body?: string | null;
  readonly isBase64Encoded?: boolean;
  readonly requestContext: {
    readonly domainName?: string;
    /** `$default`, or the name of a stage whose invoke URL starts with it. */
    readonly stage?: string;
    readonly http: { readonly method: string; readonly sourceIp?: string };
  };
}

/** API Gateway REST API (payload 1.0). */
export interface RestApiEvent {
  readonly httpMethod: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string | undefined>> | null;
  readonly multiValueHeaders?: Readonly<Record<string, readonly string[] | undefined>> | null;
  readonly queryStringParameters?: Readonly<Record<string, string | undefined>> | null;
  readonly multiValueQueryStringParameters?: Readonly<Record<string, readonly string[] | undefined>> | null;
  readonly body?: string | null;
  readonly isBase64Encoded?: boolean;
  readonly requestContext: {
    readonly domainName?: string;
    readonly identity?: { readonly sourceIp?: string };
  };
}

/**
 * An Application Load Balancer's request. Its query values arrive as the client sent them,
 * percent-encoding included; `multiValueHeaders` is set when the target group has multi-value
 * headers on, and the answer must then use them too.
 */
export interface AlbEvent {
  readonly httpMethod: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string | undefined>>;
  readonly multiValueHeaders?: Readonly<Record<string, readonly string[] | undefined>>;
  readonly queryStringParameters?: Readonly<Record<string, string | undefined>>;
  readonly multiValueQueryStringParameters?: Readonly<Record<string, readonly string[] | undefined>>;
  readonly body?: string | null;
  readonly isBase64Encoded?: boolean;
  readonly requestContext: { readonly elb: { readonly targetGroupArn: string } };
}

/** Every event `lambdaHandler` serves. */
export type LambdaHttpEvent = HttpApiEvent | RestApiEvent | AlbEvent;

/** Which of the shapes an event is; the answer takes the same one. */
export type EventKind = 'http-api' | 'rest-api' | 'alb' | 'alb-multi-value';

/** An event no request can be made of: answered `status` (400 unless said) with `refused`. */
export interface HostRefusal {
  readonly refused: string;
  readonly status?: 405;
}

/**
 * Thrown for an event of no known shape: says which members it has, never what they hold; or,
 * given `message`, for an event of a shape the handler does not serve (a REST API event to
 * `lambdaStreamingHandler`).
 */
export class UnknownLambdaEventError extends TypeError {
  constructor(event: unknown, message?: string) {
    const keys =
      event === null ? 'null' : Array.isArray(event) ? 'an array' : typeof event === 'object' ? Object.keys(event).slice(0, 12).join(', ') || 'no members' : `a ${typeof event}`;
    super(
      message ??
        `lambdaHandler: this event is not an HTTP request of API Gateway (HTTP API, payload 2.0; REST API, payload 1.0), ` +
          `a function URL or an Application Load Balancer (it has: ${keys}). Invoke this function from one of those, ` +
          'or give other events a handler of their own.',
    );
    this.name = 'UnknownLambdaEventError';
  }
}

/**
 * The shape of an event, or an `UnknownLambdaEventError`.
 *
 * @example
 * kindOf({ version: '2.0', rawPath: '/todo', requestContext: { http: { method: 'GET' } } }); // 'http-api'
 */
export function kindOf(event: unknown): EventKind {
  const e = event as Partial<Record<string, unknown>> | null;
  const context = (typeof e === 'object' && e !== null ? e.requestContext : undefined) as Record<string, unknown> | undefined;
  if (typeof context !== 'object' || context === null) throw new UnknownLambdaEventError(event);
  if (e!.version === '2.0' && typeof e!.rawPath === 'string' && typeof (context.http as { method?: unknown } | undefined)?.method === 'string') return 'http-api';
  if (typeof e!.httpMethod !== 'string' || typeof e!.path !== 'string') throw new UnknownLambdaEventError(event);
  if (typeof context.elb === 'object' && context.elb !== null) return e!.multiValueHeaders ? 'alb-multi-value' : 'alb';
  return 'rest-api';
}
