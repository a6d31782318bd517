import type { EventKind } from './events.js';

// Lambda hands the handler whatever JSON its invoker sent: an event of a known shape can still hold
// a member of the wrong type (a test tool, a hand-written event, another service's proxy). These
// readers check the type of each member they read, so a wrong one is an error naming the member
// and the shape, never a TypeError from deep inside `Headers` or `Request`.

const SHAPES: Record<EventKind, string> = {
  'http-api': 'an API Gateway HTTP API or function URL event (payload 2.0)',
  'rest-api': 'an API Gateway REST API event (payload 1.0)',
  alb: 'an Application Load Balancer event',
  'alb-multi-value': 'an Application Load Balancer event',
};

/**
 * Thrown for an event of a known shape with a member of the wrong type: names the member and the
 * type, never the value.
 *
 * @example
 * await handler({ version: '2.0', rawPath: '/', cookies: 'a=1', requestContext: { http: { method: 'GET' } } });
 * // MalformedLambdaEventError: lambdaHandler: in an API Gateway HTTP API or function URL event (payload 2.0),
 * // `cookies` must be a list of strings; it is a string. Check what invokes this function.
 */
export class MalformedLambdaEventError extends TypeError {
  constructor(kind: EventKind, member: string, expected: string, value: unknown) {
    super(`lambdaHandler: in ${SHAPES[kind]}, \`${member}\` must be ${expected}; it is ${describe(value)}. Check what invokes this function.`);
    this.name = 'MalformedLambdaEventError';
  }
}

/**
 * What an event of kind `kind` is, for an error.
 *
 * @example
 * shapeOf('rest-api'); // 'an API Gateway REST API event (payload 1.0)'
 */
export function shapeOf(kind: EventKind): string {
  return SHAPES[kind];
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `event[member]`: a string, or undefined when absent or null. */
export function optionalString(kind: EventKind, event: Record<string, unknown>, member: string, path = member): string | undefined {
  const value = event[member];
  if (value === undefined || value === null || typeof value === 'string') return value ?? undefined;
  throw new MalformedLambdaEventError(kind, path, 'a string', value);
}

/** `event[member]`: a record of strings (absent or null members skipped), or an empty one. */
export function stringRecord(kind: EventKind, event: Record<string, unknown>, member: string): [string, string][] {
  const record = event[member];
  if (record === undefined || record === null) return [];
  if (!isRecord(record)) throw new MalformedLambdaEventError(kind, member, 'an object of strings', record);
  const entries: [string, string][] = [];
  for (const name in record) {
    const value = record[name];
    if (typeof value === 'string') entries.push([name, value]);
    else if (value !== undefined && value !== null) throw new MalformedLambdaEventError(kind, `${member}[${JSON.stringify(name.slice(0, 100))}]`, 'a string', value);
  }
  return entries;
}

/** `event[member]`: a record of lists of strings, flattened to pairs; undefined when absent or null. */
export function listRecord(kind: EventKind, event: Record<string, unknown>, member: string): [string, string][] | undefined {
  const record = event[member];
  if (record === undefined || record === null) return undefined;
  if (!isRecord(record)) throw new MalformedLambdaEventError(kind, member, 'an object of lists of strings', record);
  const pairs: [string, string][] = [];
  for (const name in record) {
    const values = record[name];
    if (values === undefined || values === null) continue;
    for (const value of stringList(kind, values, `${member}[${JSON.stringify(name.slice(0, 100))}]`)) pairs.push([name, value]);
  }
  return pairs;
}

/** `value` as a list of strings (a string alone is not one: iterating it would give its characters). */
export function stringList(kind: EventKind, value: unknown, member: string): readonly string[] {
  if (!Array.isArray(value)) throw new MalformedLambdaEventError(kind, member, 'a list of strings', value);
  for (const item of value) if (typeof item !== 'string') throw new MalformedLambdaEventError(kind, `${member}[…]`, 'a string', item);
  return value as string[];
}

/** `event[member]`, absent or a boolean. */
export function optionalBoolean(kind: EventKind, event: Record<string, unknown>, member: string): boolean {
  const value = event[member];
  if (value === undefined || value === null || typeof value === 'boolean') return value === true;
  throw new MalformedLambdaEventError(kind, member, 'a boolean', value);
}
