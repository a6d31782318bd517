/**
 * The fixed part of every `client.ts`: its options and error classes (the `call` function the
 * generated methods go through is `CLIENT_CALL`). Plain TypeScript on `fetch`, no dependency.
 */
export const CLIENT_PRELUDE = `/** How the client reaches the server. */
export interface ClientOptions {
  /** The server's origin and base path, such as \`http://localhost:3000\`. */
  readonly baseUrl: string;
  /** A bearer token, or a function returning the current one (sent as \`authorization: Bearer …\`). */
  readonly token?: string | (() => string | undefined);
  /** Headers sent with every call. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The fetch to use; default the global one. */
  readonly fetch?: typeof fetch;
  /**
   * Send the active OpenTelemetry trace context (\`traceparent\`, \`tracestate\`, baggage) with
   * every call when the process registered an OpenTelemetry SDK, so the server continues the
   * caller's trace. Default true; without an SDK nothing is sent.
   */
  readonly traceContext?: boolean;
}

/** Per-call options. */
export interface CallOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/** One failed validation rule of a 400 \`NotValidBodyException\`. */
export interface ValidationReason {
  readonly property: string;
  readonly errorMessage: string;
  readonly constraints: readonly unknown[];
}

/** The server answered with an error status: \`status\`, and the body's \`name\` and \`message\`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly operation: string,
  ) {
    const record = (typeof body === 'object' && body !== null ? body : {}) as { name?: unknown; message?: unknown };
    super(\`\${operation}: \${status} \${typeof record.message === 'string' ? record.message : ''}\`.trim());
    this.name = typeof record.name === 'string' ? record.name : 'ApiError';
  }
}

/** A 400: the body broke rules of its class (\`reasons\`, one per failed rule) or a parameter is not valid. */
export class BadRequestError extends ApiError {
  readonly reasons: readonly ValidationReason[];
  constructor(body: unknown, operation: string) {
    super(400, body, operation);
    const reasons = (body as { reasons?: unknown } | null)?.reasons;
    this.reasons = Array.isArray(reasons) ? (reasons as ValidationReason[]) : [];
  }
}
`;

/** The one function every route method calls (left out of a client without routes: tsc's noUnusedLocals). */
export const CLIENT_CALL = `type QueryValue = string | number | boolean;
/** The query of a call; an array is sent as its key repeated (\`?tag=a&tag=b\`), as the server reads it. */
type Query = Readonly<Record<string, QueryValue | readonly QueryValue[] | null | undefined>>;

/**
 * Writes the active trace context into \`headers\` through the propagator of the registered
 * OpenTelemetry SDK. Read from the global registration every \`@opentelemetry/api\` 1.x copy
 * shares (its documented cross-copy contract), so the client needs no dependency.
 */
function injectTraceContext(headers: Record<string, string>): void {
  const api = (globalThis as Record<symbol, unknown>)[Symbol.for('opentelemetry.js.api.1')] as
    | { propagation?: { inject(context: unknown, carrier: unknown, setter: unknown): void }; context?: { active(): unknown } }
    | undefined;
  if (api?.propagation === undefined || api.context === undefined) return;
  api.propagation.inject(api.context.active(), headers, { set: (carrier: Record<string, string>, key: string, value: string) => (carrier[key] = value) });
}

async function call(
  options: ClientOptions,
  operation: string,
  method: string,
  path: string,
  query: Query | undefined,
  body: unknown,
  result: 'json' | 'text' | 'empty' | 'any' | 'events',
  init: CallOptions | undefined,
  separators?: Readonly<Record<string, string>>,
): Promise<unknown> {
  let url = options.baseUrl.replace(/\\/$/, '') + path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const separator = separators?.[key];
    // \`typeof\`: a key such as \`constructor\` finds Object's own members, which are no separators.
    if (Array.isArray(value) && typeof separator === 'string') {
      // An array the server cuts at \`separator\` (ParseArrayPipe) goes as one value of its items joined by it.
      const items = (value as readonly QueryValue[]).map(String);
      const split = items.find((item) => item.includes(separator));
      if (split !== undefined) throw new TypeError(\`Query parameter '\${key}': the item '\${split}' holds the separator '\${separator}', at which the server cuts the value\`);
      if (items.length > 0) search.append(key, items.join(separator));
    } else if (Array.isArray(value)) for (const item of value as readonly QueryValue[]) search.append(key, String(item));
    else if (value !== undefined && value !== null) search.append(key, String(value));
  }
  if ([...search.keys()].length > 0) url += \`?\${search.toString()}\`;
  const headers: Record<string, string> = { accept: result === 'text' ? 'text/plain' : result === 'events' ? 'text/event-stream' : 'application/json', ...options.headers, ...init?.headers };
  const token = typeof options.token === 'function' ? options.token() : options.token;
  if (token !== undefined) headers.authorization = \`Bearer \${token}\`;
  // A form (FormData) sets its own multipart Content-Type, with its boundary.
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  if (options.traceContext !== false) injectTraceContext(headers);
  const response = await (options.fetch ?? fetch)(url, {
    method,
    headers,
    ...(body !== undefined ? { body: form ? (body as FormData) : JSON.stringify(body) } : {}),
    ...(init?.signal ? { signal: init.signal } : {}),
  });
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    throw response.status === 400 ? new BadRequestError(parsed, operation) : new ApiError(response.status, parsed, operation);
  }
  if (result === 'empty') {
    await response.arrayBuffer();
    return undefined;
  }
  if (result === 'text') return response.text();
  if (result === 'json') return response.json();
  return response;
}
`;

/** Reads `text/event-stream` answers (left out when no route streams events). */
export const CLIENT_EVENTS = `/** One server-sent event: its type (\`message\` unless the server named one), its id if it has one, and its data. */
export interface ServerEvent<T> {
  readonly event: string;
  readonly id?: string;
  readonly data: T;
}

/**
 * The events of a \`text/event-stream\` answer, parsed as they arrive. An \`exception\` event (the
 * server's handler failed mid-stream) is thrown as an \`ApiError\`; breaking out of the loop (or
 * the call's \`signal\`) closes the connection.
 */
async function* readEvents<T>(open: () => Promise<unknown>, operation: string): AsyncGenerator<ServerEvent<T>> {
  const response = (await open()) as Response;
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let event = '';
  let id: string | undefined;
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.search(/\\r\\n|\\r|\\n/)) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith('\\r\\n', end) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) {
            const parsed = JSON.parse(data.join('\\n')) as unknown;
            if (event === 'exception') {
              const status = (parsed as { status?: unknown }).status;
              throw new ApiError(typeof status === 'number' ? status : 500, parsed, operation);
            }
            yield { event: event || 'message', ...(id !== undefined ? { id } : {}), data: parsed as T };
          }
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
        if (field === 'event') event = text;
        else if (field === 'data') data.push(text);
        else if (field === 'id') id = text;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
`;

/** Encodes a path parameter (left out when no route has one). */
export const CLIENT_SEGMENT = `const segment = (value: string | number | boolean): string => encodeURIComponent(String(value));
`;

/** Adds the \`Cookie\` header of the cookies given to a call (left out when no route reads one). */
export const CLIENT_COOKIES = `/**
 * The request's headers with a \`Cookie\` line of \`cookies\` (values percent-encoded, as the server
 * decodes them). A browser sends its own cookies instead (\`credentials: 'include'\`) and drops this one.
 */
function withCookies(headers: Readonly<Record<string, string>> | undefined, cookies: Readonly<Record<string, string | number | boolean | Date | undefined>>): Record<string, string> {
  const pairs = Object.entries(cookies).flatMap(([name, value]) => (value === undefined ? [] : [\`\${name}=\${encodeURIComponent(value instanceof Date ? value.toISOString() : String(value))}\`]));
  return pairs.length === 0 ? { ...headers } : { ...headers, cookie: pairs.join('; ') };
}
`;

/** Turns the object a form route's method takes into the \`FormData\` it sends (left out when no route takes a form). */
export const CLIENT_FORM = `/**
 * A \`multipart/form-data\` body from an object: each \`Blob\` (or \`File\`, whose name is kept) a file, each
 * array one part per item, anything else a text field; \`undefined\` and \`null\` are left out.
 */
function formData(fields: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      if (item instanceof Blob) form.append(name, item, typeof File !== 'undefined' && item instanceof File ? item.name : name);
      else form.append(name, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  return form;
}
`;
