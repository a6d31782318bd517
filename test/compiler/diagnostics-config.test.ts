import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InvalidConfigurationError, loadConfig } from '@framework/core/config';
import { compileFixture, golden } from './helpers.js';
import { EnvSchema } from './fixtures/fw2304-config-schema/src/env.schema.js';

const DIR = 'test/compiler/fixtures/fw2304-config-schema/src';
const error = (code: string, file: string, line: number, column: number, message: string) => ({ code, severity: 'error', file: `${DIR}/${file}`, line, column, message });

test('FW2304-FW2307, FW2311: a configuration schema the environment cannot fill as written, at the member or the read', async () => {
  const result = await compileFixture('fw2304-config-schema');
  assert.equal(result.diagnostics.map(golden), [
    error('FW2305', 'app.module.ts', 14, 55, "this.untyped.get('JWT_SECRT') reads 'JWT_SECRT', which EnvSchema does not declare: it returns undefined."),
    error('FW2305', 'app.module.ts', 14, 86, "this.untyped.get('DATABASE_URL') reads 'DATABASE_URL', which EnvSchema does not declare: it returns undefined."),
    error('FW2304', 'env.schema.ts', 10, 3, "Member 'REGION' of configuration schema EnvSchema has no validator, so ConfigModule never reads it from the environment: it is always \"eu-west-1\"."),
    error(
      'FW2306', 'env.schema.ts', 15, 3,
      "The default of 'WORKERS' in configuration schema EnvSchema is \"4\", which its own @IsInt refuses: whenever WORKERS is not set, init stops with an InvalidConfigurationError.",
    ),
    error(
      'FW2306', 'env.schema.ts', 19, 3,
      "The default of 'LOG_LEVEL' in configuration schema EnvSchema is \"verbose\", which its own @IsIn refuses: whenever LOG_LEVEL is not set, init stops with an InvalidConfigurationError.",
    ),
    error(
      'FW2307', 'env.schema.ts', 23, 3,
      "Member 'TIMEOUT_MS' of configuration schema EnvSchema is a number, but none of its rules converts a variable's text to a number, so a value from the environment stays a string ('5000', not 5000).",
    ),
    error(
      'FW2311', 'env.schema.ts', 37, 3,
      "Member 'SMTP_HOST' of configuration schema EnvSchema is @IsOptional() without a default, but declared as string: when SMTP_HOST is unset, get('SMTP_HOST') returns undefined where its type promises a string.",
    ),
  ]);
  assert.equal(
    result.diagnostics.map((d) => d.hint),
    [
      "did you mean 'JWT_SECRET'? Write this.untyped.get('JWT_SECRET').",
      'declare DATABASE_URL in EnvSchema with a validator (@IsOptional() when it may be unset), or read one of its keys: PORT, REGION, WORKERS, LOG_LEVEL, TIMEOUT_MS, VERBOSE, JWT_SECRET, SMTP_HOST.',
      "decorate 'REGION' with a validator of its type (@IsString(), @IsInt(), @IsBoolean(); add @IsOptional() when it may be unset), or move a fixed value out of the schema into a constant.",
      'write the default without quotes: WORKERS = 4.',
      "give 'LOG_LEVEL' a default that @IsIn accepts, or change the rule.",
      "add @IsInt() or @IsNumber() to 'TIMEOUT_MS': ConfigModule converts the text by the member's rules, not by its declared type.",
      'declare it `SMTP_HOST?: string` so every reader handles the unset case, or give it a default (`SMTP_HOST = …`).',
    ],
  );
});

test('FW2314: a configuration schema the compiler cannot compile stays on class-validator, and the tables do not register it', async () => {
  const result = await compileFixture('fw2314-config-fallback');
  assert.ok(result.ok, 'a warning');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW2314', severity: 'warning', file: 'test/compiler/fixtures/fw2314-config-fallback/src/env.schema.ts', line: 14, column: 3,
      message: "Configuration schema EnvSchema is validated by class-validator at start, not by a compiled validator: @IsIn on member 'REGION' cannot be compiled (its argument `knownRegions()` is only known at run time).",
    },
  ]);
  const tables = result.files.find((f) => f.path.endsWith('tables.ts'))!.text;
  assert.not.match(tables, 'compiledConfigSchema');
});

test('FW2314 of a schema class from type declarations (a package\'s) is reported where the sources give it to ConfigModule', async () => {
  const result = await compileFixture('fw2314-declared-schema');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW2314', severity: 'warning', file: 'test/compiler/fixtures/fw2314-declared-schema/src/app.module.ts', line: 5, column: 42,
      message: "Configuration schema SharedEnv is validated by class-validator at start, not by a compiled validator: member 'PORT' cannot be compiled (it is inherited from a .d.ts file, whose decorators are not readable).",
    },
  ]);
});

test('what the diagnostics say is what ConfigModule does with the same schema at run time', async () => {
  // Unset, the refused defaults stop the start (FW2306).
  const unset = await loadConfig(EnvSchema, { env: {}, envFilePath: false }).catch((e: unknown) => e);
  assert.instance(unset, InvalidConfigurationError);
  assert.equal((unset as InvalidConfigurationError).problems.length, 2);
  // Set, REGION is still its default (FW2304) and TIMEOUT_MS a string (FW2307); an unknown key is undefined (FW2305).
  const config = await loadConfig(EnvSchema, { env: { WORKERS: '4', LOG_LEVEL: 'info', REGION: 'us-east-1', TIMEOUT_MS: '250' }, envFilePath: false });
  assert.is(config.get('REGION'), 'eu-west-1');
  assert.is(config.get('TIMEOUT_MS') as unknown, '250');
  assert.is((config as { get(key: string): unknown }).get('JWT_SECRT'), undefined);
  // Optional without a default: undefined, whatever its type says (FW2311).
  assert.is(config.get('SMTP_HOST') as unknown, undefined);
});

test.run();
