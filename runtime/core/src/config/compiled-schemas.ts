import type { DtoEntry } from '../contract/tables.js';
import type { Class } from '../types/class.js';
import type { ValidationReason } from '../exceptions/request-exceptions.js';
import type { SchemaMember } from './env-schema.js';

/** A member of a compiled schema: its conversion and, for the one-problem-per-type rule, its type rules' messages. */
export interface CompiledSchemaMember extends SchemaMember {
  /**
   * The messages of the member's type rules (`@IsInt`, `@IsNumber`, `@IsBoolean`, `@IsString`), in
   * that order: when one of them is among the member's problems, it is the only one said.
   */
  readonly typeMessages?: readonly string[];
}

interface CompiledSchema {
  readonly validate: NonNullable<DtoEntry['validate']>;
  readonly members: readonly CompiledSchemaMember[];
}

// Keyed by the class itself: `loadConfig(EnvSchema)` runs in user code before `init`, with no
// tables in hand, and a bundle or the dev loop's fresh modules give a fresh class (and entry).
// What it holds is a fact about a class, the same for every application of the process.
const compiled = new WeakMap<Class, CompiledSchema>();

/**
 * Called by the generated tables, when they load, for each environment schema whose rules
 * `framework-build` compiled (given to `ConfigModule.forRoot` or `loadConfig` in the sources):
 * `loadConfig` and `ConfigModule` then validate the schema with the compiled checks, without
 * class-validator.
 * An entry without a compiled validator changes nothing.
 *
 * @example
 * compiledConfigSchema($EnvSchema, [{ name: 'PORT', conversion: 'number', optional: false, typeMessages: ['PORT must be an integer number'] }]);
 */
export function compiledConfigSchema(entry: DtoEntry, members: readonly CompiledSchemaMember[]): void {
  if (entry.validate) compiled.set(entry.dto, { validate: entry.validate, members });
}

/** The compiled form of a schema class, when the loaded tables hold one. */
export function compiledSchemaOf(schema: Class): CompiledSchema | undefined {
  return compiled.get(schema);
}

/**
 * The problems of the converted instance under the compiled rules, in member then source order,
 * leaving out the members reported missing: of a member whose type rule failed, that rule's
 * message alone (`PORT=http` is not an integer, and saying it is also out of range adds nothing),
 * as class-validator's answer is read. Values are never printed: they may be secrets.
 *
 * @example
 * compiledProblems(schema, { PORT: 'http' }, []) // ['PORT must be an integer number']
 */
export function compiledProblems(schema: CompiledSchema, instance: Record<string, unknown>, missing: readonly string[]): string[] {
  const reasons: ValidationReason[] = [];
  schema.validate(instance, '', reasons);
  if (reasons.length === 0) return [];
  const problems: string[] = [];
  for (const member of schema.members) {
    if (missing.includes(member.name)) continue;
    const own = reasons.filter((reason) => reason.property === member.name).map((reason) => reason.errorMessage);
    const typeMessage = member.typeMessages?.find((message) => own.includes(message));
    problems.push(...(typeMessage !== undefined ? [typeMessage] : own));
  }
  return problems;
}
