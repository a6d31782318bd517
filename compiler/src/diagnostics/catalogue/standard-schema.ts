import type { Entry } from './entry.js';

/**
 * FW25xx: Standard Schema values (Zod, Valibot, ArkType…) given as `{ schema }` to `@Body` and
 * `@Query`, or to `ConfigModule.forRoot`.
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * standardSchemaCatalogue.FW2501.severity // 'error'
 */
export const standardSchemaCatalogue = {
  FW2501: {
    severity: 'error',
    message: (a) => `The schema given to ${a.what} is \`${a.text}\`, which is not the name of a module-level const: the generated tables import the schema by name, so it must be resolvable at build time.`,
    hint: () => 'declare the schema at the top level of a module (`export const CreateTodo = z.object({ … })`) and pass its name: `{ schema: CreateTodo }`.',
  },
  FW2502: {
    severity: 'error',
    message: (a) => `The schema given to ${a.what}, ${a.name}, has type ${a.type}, which is not a Standard Schema: it has no \`~standard.validate\`.`,
    hint: () => 'pass a Zod 4, Valibot 1 or ArkType 2 schema (or any value implementing Standard Schema v1); an older library version may not implement it.',
  },
  FW2503: {
    severity: 'error',
    message: (a) => `Parameter '${a.param}' is declared as ${a.declared}, but schema ${a.schema} of its ${a.what} outputs ${a.output}, which is not assignable to it: the handler would receive a value of another type.`,
    hint: (a) => `declare it as \`${a.param}: StandardSchemaV1.InferOutput<typeof ${a.schema}>\` (Zod: \`z.output<typeof ${a.schema}>\`, Valibot: \`v.InferOutput<…>\`, ArkType: \`typeof ${a.schema}.infer\`), or change the schema.`,
  },
  FW2504: {
    severity: 'error',
    message: (a) => `Parameter '${a.param}' is declared with the input type of schema ${a.schema} (${a.input}), but its ${a.what} hands the handler the schema's output (${a.output}), after defaults and transforms.`,
    hint: (a) => `declare it with the output type: \`${a.param}: StandardSchemaV1.InferOutput<typeof ${a.schema}>\` (Zod: \`z.output<typeof ${a.schema}>\`, Valibot: \`v.InferOutput<…>\`, ArkType: \`typeof ${a.schema}.infer\`).`,
  },
  FW2505: {
    severity: 'error',
    message: (a) => `Configuration schema ${a.schema} validates asynchronously, but ConfigModule.forRoot reads the environment synchronously at start: it would throw there.`,
    hint: (a) => `use the synchronous form of ${a.schema} (Valibot: \`object\` instead of \`objectAsync\`; no async refinements), and check anything that needs I/O in an application hook.`,
  },
  FW2506: {
    severity: 'warning',
    message: (a) => `The OpenAPI document describes schema ${a.schema} as any JSON: its JSON Schema could not be made (${a.why}).`,
    hint: () => 'keep the schema in a module that can be imported on its own (no top-level work that needs the running app), and use a library with a JSON Schema conversion (Zod 4, Valibot 1 with @valibot/to-json-schema, ArkType 2).',
  },
  FW2507: {
    severity: 'error',
    message: (a) =>
      `Schema ${a.schema} given to @Query accepts ${a.input} for '${a.field}', but a query's values are always text: every request with ?${a.field}= would be a 400.`,
    hint: (a) =>
      `make '${a.field}' accept the text and convert it in the schema (Zod: \`z.coerce.number()\`, Valibot: \`v.pipe(v.string(), v.toNumber())\`, ArkType: \`'string.numeric.parse'\`; for an array, its items: \`z.array(z.coerce.number())\`, given every value of the key), or read it from a body instead.`,
  },
} satisfies Record<string, Entry>;
