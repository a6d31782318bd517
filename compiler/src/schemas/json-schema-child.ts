/**
 * The child process of the JSON Schema extraction (see `json-schemas.ts`): run under tsx's loader,
 * it imports each schema's module, converts the value with its library's own conversion and prints
 * one JSON line: key → `{ input, output }` or `{ error }`. Kept apart from the compiler's process so
 * that the user's modules (and whatever they do when imported) never run inside the build, and a
 * watched rebuild imports them afresh.
 *
 * @example
 * // node --import tsx dist/schemas/json-schema-child.js '[{"key":"…#CreateTodo","file":"/app/src/todo.schemas.ts","exportName":"CreateTodo"}]'
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

interface Wanted {
  readonly key: string;
  readonly file: string;
  readonly exportName: string;
}

type JsonSchema = Record<string, unknown>;
type Converted = { readonly input: JsonSchema; readonly output: JsonSchema } | { readonly error: string };

interface StandardProps {
  readonly vendor: string;
  /** The Standard JSON Schema interface, where the library implements it (current Zod 4 and ArkType 2 releases). */
  readonly jsonSchema?: { input(options: { target: string }): JsonSchema; output(options: { target: string }): JsonSchema };
}

const TARGET = 'draft-2020-12';

async function convert(wanted: Wanted): Promise<Converted> {
  const module = (await import(pathToFileURL(wanted.file).href)) as Record<string, unknown>;
  const value = module[wanted.exportName] as { '~standard'?: StandardProps; toJsonSchema?: () => JsonSchema } | undefined;
  const props = value?.['~standard'];
  if (!value || !props) return { error: `${wanted.exportName} is not a Standard Schema value once imported` };
  if (props.jsonSchema) return { input: props.jsonSchema.input({ target: TARGET }), output: props.jsonSchema.output({ target: TARGET }) };
  if (typeof value.toJsonSchema === 'function') {
    const schema = value.toJsonSchema();
    return { input: schema, output: schema };
  }
  if (props.vendor === 'valibot') {
    const library = await importFrom(wanted.file, '@valibot/to-json-schema');
    if (!library) return { error: 'Valibot converts to JSON Schema with @valibot/to-json-schema, which is not installed: npm install -D @valibot/to-json-schema' };
    const toJsonSchema = library.toJsonSchema as (schema: unknown, config: object) => JsonSchema;
    return { input: toJsonSchema(value, { errorMode: 'ignore', typeMode: 'input' }), output: toJsonSchema(value, { errorMode: 'ignore', typeMode: 'output' }) };
  }
  if (props.vendor === 'zod') {
    const library = await importFrom(wanted.file, 'zod');
    const toJSONSchema = library?.toJSONSchema as ((schema: unknown, options: object) => JsonSchema) | undefined;
    if (toJSONSchema) return { input: toJSONSchema(value, { io: 'input', unrepresentable: 'any' }), output: toJSONSchema(value, { io: 'output', unrepresentable: 'any' }) };
  }
  return { error: `no JSON Schema conversion is known for ${props.vendor} schemas (neither the Standard JSON Schema interface nor a toJsonSchema method)` };
}

/** A package as the schema's own module would import it; undefined when it is not installed there. */
async function importFrom(file: string, specifier: string): Promise<Record<string, unknown> | undefined> {
  try {
    const resolved = createRequire(file).resolve(specifier);
    return (await import(pathToFileURL(resolved).href)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

const wanted = JSON.parse(process.argv[2] ?? '[]') as Wanted[];
const results: Record<string, Converted> = {};
for (const item of wanted) {
  try {
    results[item.key] = await convert(item);
  } catch (error) {
    results[item.key] = { error: error instanceof Error ? error.message : String(error) };
  }
}
process.stdout.write(`${JSON.stringify(results)}\n`);
