import type { JsonSchema, JsonValue } from '../../ir/api.js';

/**
 * The TypeScript type a JSON Schema describes, for the typed client: `$ref`s by component name,
 * `enum`/`const` as literal unions, `anyOf` as a union, `allOf` as an intersection, objects with
 * their optional members, arrays and tuples. Keywords that only narrow values (`pattern`,
 * `maxLength`, `not`…) are left to the server.
 *
 * @example
 * typeOf({ type: ['string', 'null'] }) // 'string | null'
 * typeOf({ $ref: '#/components/schemas/Todo' }) // 'Todo'
 */
export function typeOf(schema: JsonValue | undefined, indent = ''): string {
  if (schema === undefined || schema === null || typeof schema !== 'object' || Array.isArray(schema)) return 'unknown';
  const s = schema as JsonSchema;
  if (typeof s.$ref === 'string') return typeName(s.$ref.replace('#/components/schemas/', ''));
  if ('const' in s) return literal(s.const!);
  if (Array.isArray(s.enum)) return s.enum.map(literal).join(' | ') || 'never';
  if (Array.isArray(s.anyOf)) return union(s.anyOf.map((x) => typeOf(x, indent)));
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map((x) => typeOf(x, indent)).filter((t) => t !== 'unknown');
    const { allOf: _, ...rest } = s;
    const own = Object.keys(rest).some((k) => ['type', 'properties', 'items', '$ref', 'enum', 'const'].includes(k)) ? [typeOf(rest, indent)] : [];
    const all = [...own, ...parts];
    return all.length === 0 ? 'unknown' : all.map((t) => (t.includes('|') ? `(${t})` : t)).join(' & ');
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  if (types.length === 0) return s.properties ? objectType(s, indent) : 'unknown';
  return union(types.map((t) => byType(t, s, indent)));
}

function byType(type: string, s: JsonSchema, indent: string): string {
  switch (type) {
    // A file of a multipart/form-data body (`format: binary`): a Blob or File the client sends as it is.
    case 'string': return s.format === 'binary' ? 'Blob' : 'string';
    case 'number':
    case 'integer': return 'number';
    case 'boolean': return 'boolean';
    case 'null': return 'null';
    case 'array':
      if (Array.isArray(s.prefixItems)) return `[${s.prefixItems.map((x) => typeOf(x, indent)).join(', ')}]`;
      return `Array<${s.items === undefined ? 'unknown' : typeOf(s.items, indent)}>`;
    case 'object': return objectType(s, indent);
    default: return 'unknown';
  }
}

/** `{ a: string; b?: number }` over several lines. */
export function objectType(s: JsonSchema, indent = ''): string {
  const properties = (s.properties ?? {}) as Record<string, JsonValue>;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const inner = `${indent}  `;
  const lines = Object.entries(properties).map(([name, value]) => {
    return `${propertyDoc(value, inner)}${inner}${propertyKey(name)}${required.has(name) ? '' : '?'}: ${typeOf(value, inner)};`;
  });
  if (s.additionalProperties !== undefined && s.additionalProperties !== false) {
    lines.push(`${inner}[key: string]: ${s.additionalProperties === true ? 'unknown' : typeOf(s.additionalProperties!, inner)};`);
  }
  if (lines.length === 0) return 'Record<string, unknown>';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** A property's JSDoc: its description, and `@default` with the value the server fills in when it is left out. */
function propertyDoc(value: JsonValue, indent: string): string {
  const s = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : {};
  const text = typeof s.description === 'string' ? s.description.replace(/\*\//g, '*\\/').replace(/\n/g, ' ') : undefined;
  const fallback = s.default === undefined ? undefined : `@default ${JSON.stringify(s.default).replace(/\*\//g, '*\\/')}`;
  if (text === undefined && fallback === undefined) return '';
  if (text === undefined || fallback === undefined) return `${indent}/** ${text ?? fallback} */\n`;
  // A tag starts a line of its own, or editors read it as part of the text.
  return `${indent}/**\n${indent} * ${text}\n${indent} * ${fallback}\n${indent} */\n`;
}

function union(parts: readonly string[]): string {
  const unique = [...new Set(parts)];
  if (unique.includes('unknown')) return 'unknown';
  return unique.join(' | ') || 'never';
}

function literal(value: JsonValue): string {
  return JSON.stringify(value);
}

/** A component name as a TypeScript identifier. */
export function typeName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned;
}

/** A property key, quoted when it is not an identifier. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}
