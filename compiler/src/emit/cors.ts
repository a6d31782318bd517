import type { CorsFieldsIR, CorsOriginIR } from '../ir/index.js';
import { quote, stringArray } from './literals.js';

/**
 * The `cors` field of a route entry: `false`, or the merged `@Cors` fields as a literal (a RegExp
 * written as the user wrote it), in a fixed order so the output is deterministic.
 *
 * @example
 * corsLiteral({ origins: ['https://a.test', { regexp: '/^https:\\/\\/b\\.test$/' }], credentials: true })
 * // "{ origins: ['https://a.test', /^https:\/\/b\.test$/], credentials: true }"
 */
export function corsLiteral(value: false | CorsFieldsIR): string {
  if (value === false) return 'false';
  const fields: string[] = [];
  if (value.origins !== undefined) fields.push(`origins: ${Array.isArray(value.origins) ? `[${value.origins.map(origin).join(', ')}]` : origin(value.origins as CorsOriginIR)}`);
  if (value.credentials !== undefined) fields.push(`credentials: ${value.credentials}`);
  if (value.maxAge !== undefined) fields.push(`maxAge: ${value.maxAge}`);
  if (value.exposeHeaders) fields.push(`exposeHeaders: ${stringArray(value.exposeHeaders)}`);
  if (value.allowHeaders) fields.push(`allowHeaders: ${stringArray(value.allowHeaders)}`);
  if (value.methods) fields.push(`methods: ${stringArray(value.methods)}`);
  return fields.length > 0 ? `{ ${fields.join(', ')} }` : '{}';
}

function origin(value: CorsOriginIR): string {
  return typeof value === 'string' ? quote(value) : value.regexp;
}
