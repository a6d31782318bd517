import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteModel } from '../analyze/model.js';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { JsonSchema } from '../ir/api.js';
import type { SchemaIR } from '../ir/index.js';

/** A schema's JSON Schemas (what it accepts, what it gives), or why there are none. */
export type SchemaDocument = { readonly input: JsonSchema; readonly output: JsonSchema } | { readonly error: string };

/** Schema key (`<file>#<name>`) → its JSON Schemas, for the OpenAPI document. */
export type SchemaDocuments = ReadonlyMap<string, SchemaDocument>;

// Beside this module: compiled (`dist/`), or the source when the compiler itself runs under tsx.
const CHILD = ['./json-schema-child.js', './json-schema-child.ts'].map((file) => fileURLToPath(new URL(file, import.meta.url))).find((file) => fs.existsSync(file))!;

/**
 * The Standard Schemas of the routes' bodies and query objects, converted to JSON Schema by their
 * own libraries (Zod's and ArkType's Standard JSON Schema interface, `@valibot/to-json-schema`).
 * The values exist only when the user's modules run, so one child process imports them under tsx's
 * loader (with the project's tsconfig) and converts them; the build never runs them itself. No
 * schema, no process. A schema that cannot be converted has `{ error }`, which the document turns
 * into FW2506 and an unconstrained schema.
 *
 * @example
 * const documents = schemaDocuments(model.routes, tsconfig); // Map { '/app/src/todo.schemas.ts#CreateTodo' => { input: { type: 'object', … }, output: … } }
 */
export function schemaDocuments(routes: readonly RouteModel[], tsconfig: string | undefined): SchemaDocuments {
  const schemas = new Map<string, SchemaIR>();
  for (const route of routes) for (const param of route.params) if (param.schema) schemas.set(param.schema.ref.key, param.schema);
  if (schemas.size === 0) return new Map();
  const wanted = [...schemas.values()].flatMap((s) => (s.ref.from.kind === 'file' ? [{ key: s.ref.key, file: s.ref.from.file, exportName: s.ref.exportName }] : []));
  const out = new Map<string, SchemaDocument>();
  for (const s of schemas.values()) if (s.ref.from.kind !== 'file') out.set(s.ref.key, { error: `${s.ref.name} comes from a package; only schemas declared in the application's files are converted` });
  if (wanted.length === 0) return out;
  try {
    const text = execFileSync(process.execPath, ['--import', import.meta.resolve('tsx'), CHILD, JSON.stringify(wanted)], {
      cwd: tsconfig ? path.dirname(tsconfig) : process.cwd(),
      env: { ...process.env, ...(tsconfig ? { TSX_TSCONFIG_PATH: tsconfig } : {}) },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    const results = JSON.parse(text.trim().split('\n').at(-1)!) as Record<string, SchemaDocument>;
    for (const [key, document] of Object.entries(results)) out.set(key, withoutDialect(document));
  } catch (error) {
    const why = (error as { stderr?: string }).stderr?.trim().split('\n')[0] ?? (error as Error).message;
    for (const { key } of wanted) out.set(key, { error: `importing the schema's module failed: ${why}` });
  }
  return out;
}

/**
 * FW2506, once per schema the document could not describe, at its first use.
 *
 * @example
 * unconvertedSchemas(model.routes, documents) // [FW2506 at `schema: Legacy`: "… no JSON Schema conversion is known for superstruct schemas …"]
 */
export function unconvertedSchemas(routes: readonly RouteModel[], documents: SchemaDocuments): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    for (const param of route.params) {
      const schema = param.schema;
      const document = schema && documents.get(schema.ref.key);
      if (!schema || !document || !('error' in document) || seen.has(schema.ref.key)) continue;
      seen.add(schema.ref.key);
      out.push(diagnostic('FW2506', schema.location, { schema: schema.ref.name, why: document.error }));
    }
  }
  return out;
}

/** The `$schema` keyword is the document's to state (OpenAPI 3.1 is 2020-12 already), not each component's. */
function withoutDialect(document: SchemaDocument): SchemaDocument {
  if ('error' in document) return document;
  const strip = ({ $schema: _dialect, ...rest }: JsonSchema): JsonSchema => rest;
  return { input: strip(document.input), output: strip(document.output) };
}
