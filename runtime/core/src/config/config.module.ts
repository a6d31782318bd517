import type { DynamicModule } from '../decorators/dynamic-module.js';
import type { Class } from '../types/class.js';
import { isStandardSchema, type StandardSchemaV1 } from '../types/standard-schema.js';
import { loadClassValidator } from '../validation/decorators.js';
import { ConfigService } from './config.service.js';
import { processEnv, readEnvFile } from './env-source.js';
import { compiledProblems, compiledSchemaOf } from './compiled-schemas.js';
import { classValidatorMembers, classValidatorProblems, convert } from './env-schema.js';
import { validateWithSchema } from './schema-config.js';

/** Options of `ConfigModule.forRoot(Schema, options)`. */
export interface ConfigModuleOptions {
  /**
   * A `.env` file read at `init` (dotenv's format), relative to the working directory; a missing
   * file is fine. The environment wins over the file. Default `.env`; `false` reads no file.
   */
  readonly envFilePath?: string | false;
  /** The variables to read instead of the process environment (tests). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Thrown at `init` when the environment does not match the schema; lists every problem at once. */
export class InvalidConfigurationError extends Error {
  constructor(
    schema: string,
    readonly problems: readonly string[],
  ) {
    super(`The configuration does not match ${schema} (${problems.length} problem${problems.length === 1 ? '' : 's'}): ${problems.join('; ')}.`);
    this.name = 'InvalidConfigurationError';
  }
}

/**
 * Reads the environment (and a `.env` file) into a `ConfigService<Schema>` at `init`: each
 * variable a member of the schema names is converted (a member with a number rule such as
 * `@IsInt()` or `@Min()` becomes a number, one with `@IsBoolean()` a boolean, others stay
 * strings), a member's initialiser is its default, and the result is validated with the schema's
 * class-validator rules: by the validator `framework-build` compiled into the generated tables
 * (registered when they load, so `loadConfig` before `init` finds it too), else by class-validator
 * itself, loaded then (a rule the build cannot compile, FW2314; no tables loaded). Any missing or
 * invalid variable stops the start with one message listing them all (values are never printed:
 * they may be secrets).
 */
export class ConfigModule {
  /**
   * @example
   * export class EnvSchema {
   *   @IsInt() @Min(0) @Max(65535) PORT = 3000;
   *   @IsString() @MinLength(32) JWT_SECRET!: string;
   * }
   * @Module({ imports: [ConfigModule.forRoot(EnvSchema)] })
   * export class AppModule {}
   *
   * // or a Standard Schema value (Zod, Valibot, ArkType…), an exported const: its output is the configuration
   * export const Env = z.object({ PORT: z.coerce.number().int().default(3000), JWT_SECRET: z.string().min(32) });
   * @Module({ imports: [ConfigModule.forRoot(Env)] }) // inject ConfigService<z.output<typeof Env>>
   * export class AppModule {}
   */
  static forRoot<Env extends object>(schema: new () => Env, options?: ConfigModuleOptions): DynamicModule<ConfigService<Env>, [], Promise<ConfigService<Env>>>;
  static forRoot<Schema extends StandardSchemaV1<unknown, object>>(
    schema: Schema,
    options?: ConfigModuleOptions,
  ): DynamicModule<ConfigService<StandardSchemaV1.InferOutput<Schema> & object>, [], Promise<ConfigService<StandardSchemaV1.InferOutput<Schema> & object>>>;
  static forRoot(schema: (new () => object) | StandardSchemaV1, options: ConfigModuleOptions = {}): DynamicModule<ConfigService<object>, [], Promise<ConfigService<object>>> {
    return { module: ConfigModule, create: () => loadConfig(schema, options), injectables: [] };
  }
}

/**
 * Converts and validates the variables against the schema (see `ConfigModule`).
 *
 * @example
 * const config = await loadConfig(EnvSchema, { env: { PORT: '8080', JWT_SECRET: '…' }, envFilePath: false });
 */
export async function loadConfig<Env extends object>(schema: (new () => Env) | StandardSchemaV1, options: ConfigModuleOptions = {}): Promise<ConfigService<Env>> {
  const file = options.envFilePath === false ? {} : await readEnvFile(options.envFilePath ?? '.env');
  const variables = options.env ?? processEnv();
  // Without a file the variables are only read: copying the environment would cost every start a
  // string per variable it does not use.
  const env = Object.keys(file).length === 0 ? variables : { ...file, ...variables };
  if (isStandardSchema(schema)) {
    const checked = validateWithSchema(schema, env);
    if (!checked.ok) throw new InvalidConfigurationError(`the ${schema['~standard'].vendor} configuration schema`, checked.problems);
    return new ConfigService<Env>(checked.value as Env);
  }
  const instance = new schema() as Record<string, unknown>;
  // The generated tables hold the schema's rules compiled; a schema they do not (no tables loaded,
  // a rule the build cannot compile) is validated by class-validator, loaded then.
  const compiled = compiledSchemaOf(schema as Class);
  const cv = compiled ? undefined : await loadedClassValidator();
  const members = compiled?.members ?? classValidatorMembers(cv!, schema as Class);
  const missing: string[] = [];
  const emptied: string[] = [];
  for (let i = 0; i < members.length; i++) {
    const member = members[i]!;
    const text = env[member.name];
    // An empty value is unset, but where the schema has a default that is a trap (`DEMO_PASSWORD=`
    // silently becoming the default password): it is refused instead.
    if (text === '' && instance[member.name] !== undefined) emptied.push(member.name);
    if (text !== undefined && text !== '') instance[member.name] = convert(text, member.conversion);
    if (instance[member.name] === undefined && !member.optional) missing.push(member.name);
  }
  const invalid = compiled
    ? compiledProblems(compiled, instance, missing)
    : classValidatorProblems(cv!.validateSync(instance, { forbidUnknownValues: false }).filter((e) => !missing.includes(e.property)));
  const problems = [...missing.map((name) => `${name} is missing`), ...emptied.map((name) => `${name} is set but empty (remove it to use the default, or give it a value)`), ...invalid];
  if (problems.length > 0) throw new InvalidConfigurationError(schema.name, problems);
  return new ConfigService<Env>(instance as Env);
}

async function loadedClassValidator(): Promise<typeof import('class-validator')> {
  // Decorators imported from @framework/core/validators reach class-validator once it is loaded.
  await loadClassValidator();
  return import('class-validator');
}
