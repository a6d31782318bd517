import { isThenable } from '../types/thenable.js';
import type { StandardSchemaV1 } from '../types/standard-schema.js';
import { reasonOf } from '../validation/schema-check.js';

/**
 * Validates the variables with a Standard Schema value (Zod, Valibot, ArkType…) given to
 * `ConfigModule.forRoot`: the schema's output (its coercions and defaults applied), or the
 * problems, one per issue in the library's order, each as `KEY: message`. A variable set but empty
 * counts as unset (so a schema's default applies rather than `''` coerced to 0 or false). A
 * message quoting a variable's value has the value replaced with `[redacted]`, as the libraries
 * quote it (escaped, trimmed by the schema) and whatever follows `received` or `was`: values may
 * be secrets.
 *
 * @example
 * const Env = z.object({ PORT: z.coerce.number().int().default(3000) });
 * validateWithSchema(Env, { PORT: '8080' }) // { ok: true, value: { PORT: 8080 } }
 */
export function validateWithSchema(schema: StandardSchemaV1, env: Readonly<Record<string, string | undefined>>): { ok: true; value: object } | { ok: false; problems: string[] } {
  const input: Record<string, string> = {};
  for (const [name, text] of Object.entries(env)) if (text !== undefined && text !== '') input[name] = text;
  const result = schema['~standard'].validate(input);
  if (isThenable(result)) {
    // Nothing waits for it: its outcome must not become an unhandled rejection.
    Promise.resolve(result).catch(() => undefined);
    const vendor = schema['~standard'].vendor;
    return { ok: false, problems: [`the ${vendor} schema validates asynchronously, but the configuration is read synchronously at start (remove its async refinements or checks)`] };
  }
  if (result.issues === undefined) return { ok: true, value: result.value as object };
  return { ok: false, problems: result.issues.map((issue) => problemOf(issue, input)) };
}

/** A quoted value after `received` (Valibot: `received "…"`) or `was` (ArkType: `(was "…")`). */
const quotedInput = /\b((?:received|was)\s+)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/gi;

function problemOf(issue: StandardSchemaV1.Issue, input: Readonly<Record<string, string>>): string {
  const { property, errorMessage } = reasonOf(issue);
  const value = input[property.split('.')[0]!];
  let message = errorMessage.replace(quotedInput, '$1[redacted]');
  if (value !== undefined) {
    // The value as written, as the schema may have trimmed it, and as JSON escapes either.
    const forms = [value, value.trim()].flatMap((form) => [form, JSON.stringify(form).slice(1, -1)]);
    for (const form of forms) if (form.length > 0) message = message.split(form).join('[redacted]');
  }
  return property === '' ? message : `${property}: ${message}`;
}
