import type { SchemaIR } from '../ir/index.js';
import type { Hoisted } from './hoisted.js';
import type { Imports } from './imports.js';
import { quote } from './literals.js';

/**
 * The `SchemaEntry` of a Standard Schema, declared once in the generated file: the user's const,
 * imported by name, and that name for messages.
 *
 * @example
 * schemaEntry(route.bodySchema, imports, hoisted) // '$schema0', declared as `const $schema0: SchemaEntry = { schema: CreateTodo, name: 'CreateTodo' };`
 */
export function schemaEntry(schema: SchemaIR, imports: Imports, hoisted: Hoisted): string {
  return hoisted.declare('schema', `{ schema: ${imports.value(schema.ref)}, name: ${quote(schema.ref.name)} }`, imports.validation('SchemaEntry'));
}

/**
 * The schema's output type as generated code writes it, so tsc checks the handler's parameter
 * against what the schema really gives.
 *
 * @example
 * schemaOutput(schema, imports) // 'StandardSchemaV1.InferOutput<typeof CreateTodo>'
 */
export function schemaOutput(schema: SchemaIR, imports: Imports): string {
  return `${imports.coreType('StandardSchemaV1')}.InferOutput<typeof ${imports.value(schema.ref)}>`;
}
