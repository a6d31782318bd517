import type { AppModel, RouteModel } from '../../analyze/model.js';
import type { JsonSchema, JsonValue } from '../../ir/api.js';
import type { Components } from './components.js';
import { parametersCanFail } from './parameters.js';

/** The error body every `HttpException` answers with. */
export const HTTP_ERROR: JsonSchema = {
  type: 'object',
  description: 'The answer of an HttpException.',
  properties: { status: { type: 'integer' }, name: { type: 'string' }, message: { type: 'string' } },
  required: ['status', 'name', 'message'],
};

/** A 400: `NotValidBodyException` lists one reason per failed rule; other 400s (malformed JSON, a bad parameter) have none. */
export const BAD_REQUEST: JsonSchema = {
  type: 'object',
  description: 'A 400: NotValidBodyException (with `reasons`, one per failed rule), MalformedBodyException or InvalidParameterException.',
  properties: {
    status: { const: 400 },
    name: { type: 'string' },
    message: { type: 'string' },
    reasons: {
      type: 'array',
      items: {
        type: 'object',
        properties: { property: { type: 'string' }, errorMessage: { type: 'string' }, constraints: { type: 'array' } },
        required: ['property', 'errorMessage', 'constraints'],
      },
    },
  },
  required: ['status', 'name', 'message'],
};

const integerHeader = (description: string): JsonSchema => ({ description, schema: { type: 'integer' } });

/** Whether the route passes through a guard (its own or the global one): it may answer 403. */
export const isGuarded = (app: AppModel, route: RouteModel): boolean => route.guards.length > 0 || app.globalGuard !== undefined;

/**
 * The throttlers that count the route, when the application declares throttlers and a guard runs
 * on it; none when `@SkipThrottle` skips them all. `undefined` names mean "only known at run time".
 */
export function throttlersOf(app: AppModel, route: RouteModel): readonly string[] {
  const declared = app.throttlers;
  if (!declared || declared.kind === 'none' || !isGuarded(app, route)) return [];
  const skipped = route.skipThrottle ?? [];
  if (skipped.includes('*')) return [];
  const names = declared.kind === 'static' ? declared.names : ['default'];
  return names.filter((n) => !skipped.includes(n));
}

/**
 * The responses of a route: its status (`@HttpCode`) with the schema of what the handler returns
 * (`text/plain` for a string, none for void or a null-body status), 400 when the body or a
 * parameter can be refused, 403 when a guard runs, 413 for a body over the limit, 429 with
 * `Retry-After` and `X-RateLimit-*` when throttled, and each exception the handler declares.
 *
 * @example
 * responsesOf(app, components, findOneRoute) // { '200': {…Todo}, '403': {…}, '404': {…}, '429': {…} }
 */
export function responsesOf(app: AppModel, components: Components, route: RouteModel): Record<string, JsonValue> {
  const error = components.define('HttpError', 'builtin:HttpError', () => HTTP_ERROR);
  const out = new Map<number, { description: string; content?: JsonValue; headers?: JsonValue }>();
  const add = (status: number, description: string, schema: JsonSchema = error, headers?: JsonValue): void => {
    const known = out.get(status);
    if (known) known.description = `${known.description} ${description}`;
    else out.set(status, { description, content: { 'application/json': { schema } }, ...(headers ? { headers } : {}) });
  };
  const successStatus = route.redirect?.status ?? route.status;
  out.set(successStatus, route.redirect ? redirectResponse(route.redirect.url) : success(components, route));
  if (route.readsBody || parametersCanFail(route)) {
    const badRequest = components.define('BadRequest', 'builtin:BadRequest', () => BAD_REQUEST);
    add(400, route.readsBody ? 'The body is malformed or breaks a rule of its class (NotValidBodyException lists them), or a parameter is not valid.' : 'A parameter is missing or not valid.', badRequest);
  }
  if (isGuarded(app, route)) add(403, route.api?.public ? 'A guard refused the call.' : 'No valid bearer token, or a guard refused the call.');
  if (route.form) add(413, 'The body is larger than the body limit, or the form crosses one of its limits (a file\'s size, a field\'s file count, fields, parts): UploadLimitException names it.');
  else if (route.readsBody) add(413, 'The body is larger than the application\'s body limit.');
  if (route.form?.files.some((file) => file.types)) add(415, 'A file\'s bytes are not of a type its field allows (UploadTypeException).');
  const throttlers = throttlersOf(app, route);
  if (throttlers.length > 0) add(429, 'Too many calls: wait for Retry-After seconds.', error, rateLimitHeaders(throttlers, true));
  for (const thrown of route.api?.throws ?? []) add(thrown.status, thrown.doc ? `${thrown.name}: ${thrown.doc}` : `${thrown.name}.`);
  const ok = out.get(successStatus)!;
  if (throttlers.length > 0) ok.headers = rateLimitHeaders(throttlers, false);
  // @SetHeader's headers, with the values every successful answer carries.
  if (route.setHeaders) {
    const fixed = Object.fromEntries(route.setHeaders.map(([name, value]) => [name, { schema: { type: 'string', const: value } }]));
    ok.headers = { ...(ok.headers as Record<string, JsonValue> | undefined), ...fixed };
  }
  return Object.fromEntries([...out.entries()].sort(([a], [b]) => a - b).map(([status, response]) => [String(status), response as JsonValue]));
}

/** The 3xx of a `@Redirect` route: no body, a `Location` (the decorator's URL unless the handler returns another). */
function redirectResponse(url: string): { description: string; headers: JsonValue } {
  return {
    description: url ? `Redirects to ${url} (unless the handler names another URL).` : 'Redirects to the URL the handler returns.',
    headers: { Location: { schema: { type: 'string' }, description: 'Where the client is sent.' } },
  };
}

function success(components: Components, route: RouteModel): { description: string; content?: JsonValue } {
  const description = route.api?.summary ?? 'Success.';
  const result = route.api?.result;
  if ([204, 205, 304].includes(route.status) || !result || result.media === 'empty') return { description };
  const schema = components.addNamed(result.schema, result.named);
  if (result.media === 'events') {
    return { description: `${description} A stream of server-sent events (text/event-stream); the schema is that of each event's data, sent as JSON.`, content: { 'text/event-stream': { schema } } };
  }
  const media = result.media === 'text' ? 'text/plain' : result.media === 'any' ? '*/*' : 'application/json';
  return { description, content: { [media]: { schema } } };
}

function rateLimitHeaders(names: readonly string[], refused: boolean): JsonValue {
  const headers: Record<string, JsonValue> = {};
  if (refused) headers['Retry-After'] = integerHeader('Seconds until the caller may call again.');
  for (const name of names) {
    const suffix = name === 'default' ? '' : `-${name}`;
    if (refused && suffix) headers[`Retry-After${suffix}`] = integerHeader(`Seconds until throttler '${name}' allows a call again.`);
    headers[`X-RateLimit-Limit${suffix}`] = integerHeader(`Calls allowed per window by throttler '${name}'.`);
    headers[`X-RateLimit-Remaining${suffix}`] = integerHeader(`Calls left in the window of throttler '${name}'.`);
    headers[`X-RateLimit-Reset${suffix}`] = integerHeader(`Seconds until the window of throttler '${name}' ends.`);
  }
  return headers;
}
