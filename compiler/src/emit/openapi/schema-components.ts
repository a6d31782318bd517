import type { JsonSchema, JsonValue } from '../../ir/api.js';
import type { SchemaIR } from '../../ir/index.js';
import type { SchemaDocuments } from '../../schemas/json-schemas.js';
import type { Components } from './components.js';
import { capped, REPEATED } from './query-arrays.js';

/**
 * The component of a Standard Schema body: what the schema accepts (its input JSON Schema, as its
 * library converts it), named after its const. Definitions the library put under `$defs` become
 * components of their own, since a `#/$defs/…` reference inside a component would resolve against
 * the document's root; for the same reason a schema's references to itself (`#`, a recursive
 * `z.lazy`) point at its component. An unconverted schema (FW2506) is `{}`: any JSON.
 *
 * @example
 * schemaBodyRef(components, documents, route.bodySchema) // { $ref: '#/components/schemas/CreateTodo' }
 */
export function schemaBodyRef(components: Components, documents: SchemaDocuments, schema: SchemaIR): JsonSchema {
  const input = inputOf(documents, schema);
  if (!input) return {};
  return components.define(schema.ref.name, `schema:${schema.ref.key}`, (self) => hoistDefinitions(components, input, self));
}

/**
 * The query parameters of a `@Query({ schema })` object: one per property of its input JSON Schema,
 * required as the schema says; a field given every value of its key (`queryLists`) is written as
 * the key repeated, with the runtime's cap as `maxItems`.
 *
 * @example
 * schemaQueryParameters(documents, param.schema) // [{ name: 'limit', in: 'query', required: false, schema: { type: 'number' } }]
 */
export function schemaQueryParameters(documents: SchemaDocuments, schema: SchemaIR): QueryParameter[] {
  const input = inputOf(documents, schema);
  const properties = input?.properties;
  if (!properties || typeof properties !== 'object' || Array.isArray(properties)) return [];
  const required = Array.isArray(input.required) ? input.required : [];
  const lists = new Set(schema.queryLists);
  return Object.entries(properties as Record<string, JsonSchema>).map(([name, property]) => {
    const base = { name, in: 'query' as const, required: required.includes(name) };
    return lists.has(name) ? { ...base, schema: capped(property), ...REPEATED } : { ...base, schema: property };
  });
}

/** A query parameter object of the document (a `ParameterObject` of `parameters.ts`). */
interface QueryParameter {
  readonly name: string;
  readonly in: 'query';
  readonly required: boolean;
  readonly schema: JsonSchema;
  readonly style?: 'form';
  readonly explode?: true;
}

function inputOf(documents: SchemaDocuments, schema: SchemaIR): JsonSchema | undefined {
  const document = documents.get(schema.ref.key);
  return document && !('error' in document) ? document.input : undefined;
}

function hoistDefinitions(components: Components, schema: JsonSchema, self: string): JsonSchema {
  const { $defs: definitions, ...rest } = schema;
  const point = (value: JsonValue): JsonValue => pointAtComponents(value, self);
  if (!definitions || typeof definitions !== 'object' || Array.isArray(definitions)) return point(rest) as JsonSchema;
  const named = Object.fromEntries(Object.entries(definitions as Record<string, JsonSchema>).map(([name, body]) => [name, point(body) as JsonSchema]));
  return components.addNamed(point(rest) as JsonSchema, named);
}

/**
 * `#/$defs/Name` → `#/components/schemas/Name` (renamed by `addNamed` where taken), and a reference
 * into the schema itself (`#`, `#/properties/…`) → into its component `self`.
 */
function pointAtComponents(value: JsonValue, self: string): JsonValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => pointAtComponents(item, self));
  const out: Record<string, JsonValue> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key !== '$ref' || typeof v !== 'string' || !v.startsWith('#')) out[key] = pointAtComponents(v, self);
    else if (v.startsWith('#/$defs/')) out[key] = `#/components/schemas/${v.slice('#/$defs/'.length)}`;
    else out[key] = `#/components/schemas/${self}${v.slice(1)}`;
  }
  return out;
}
