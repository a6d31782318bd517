// ConfigModule.forRoot with a Standard Schema value (Zod, Valibot, ArkType) in place of a class:
// the schema's output is the configuration (its coercions and defaults applied), every issue is one
// problem of one message, values never show in it, and an async schema stops the start clearly.
import { ConfigModule, ConfigService, InvalidConfigurationError, loadConfig } from '@framework/core/config';
import { type } from 'arktype';
import * as v from 'valibot';
import { z } from 'zod';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const SECRET = 'a-secret-of-at-least-thirty-two-bytes!';

const ZodEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.url(),
  VERBOSE: z.stringbool().default(false),
  JWT_SECRET: z.string().min(32),
});
const ValibotEnv = v.object({
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer()), '3000'),
  DATABASE_URL: v.pipe(v.string(), v.url()),
  JWT_SECRET: v.pipe(v.string(), v.minLength(32)),
  LOG_LEVEL: v.optional(v.picklist(['debug', 'info']), 'info'),
});
const ArkEnv = type({ PORT: type('string.integer.parse').default('3000'), DATABASE_URL: 'string.url', JWT_SECRET: 'string >= 32' });

const options = (env: Record<string, string>) => ({ envFilePath: false as const, env });

test('the schema\'s output is the configuration: coerced, defaulted, typed by the schema', async () => {
  const zod = await loadConfig<z.output<typeof ZodEnv>>(ZodEnv, options({ PORT: '8080', DATABASE_URL: 'postgres://db', VERBOSE: 'true', JWT_SECRET: SECRET }));
  assert.is(zod.get('PORT'), 8080);
  assert.is(zod.get('VERBOSE'), true);
  const valibot = await loadConfig<v.InferOutput<typeof ValibotEnv>>(ValibotEnv, options({ DATABASE_URL: 'postgres://db', JWT_SECRET: SECRET }));
  assert.is(valibot.get('PORT'), 3000);
  const ark = await loadConfig<typeof ArkEnv.infer>(ArkEnv, options({ PORT: '81', DATABASE_URL: 'https://db.example', JWT_SECRET: SECRET }));
  assert.is(ark.get('PORT'), 81);
});

test('every issue is a problem of one InvalidConfigurationError, in the library\'s order, without the values', async () => {
  const error = await loadConfig(ZodEnv, options({ PORT: 'http', DATABASE_URL: 'not a url', JWT_SECRET: 'short-secret-value' })).catch((e: unknown) => e);
  assert.instance(error, InvalidConfigurationError);
  const problems = (error as InvalidConfigurationError).problems;
  assert.equal(problems.map((p) => p.split(':')[0]), ['PORT', 'DATABASE_URL', 'JWT_SECRET']);
  assert.match((error as Error).message, /^The configuration does not match the zod configuration schema \(3 problems\): PORT: /);
  assert.not.match((error as Error).message, 'short-secret-value');
  // Valibot quotes a value it refuses (`but received "verbose-secret"`): it is redacted.
  const valibot = await loadConfig(ValibotEnv, options({ DATABASE_URL: 'postgres://db', JWT_SECRET: SECRET, LOG_LEVEL: 'verbose-secret' })).catch((e: unknown) => e);
  assert.instance(valibot, InvalidConfigurationError);
  assert.not.match((valibot as Error).message, 'verbose-secret');
  assert.match((valibot as Error).message, /LOG_LEVEL: .*\[redacted\]/);
});

test('a value the library quotes escaped or trimmed is redacted too', async () => {
  // ArkType escapes quotes and backslashes in `(was "…")`; a Valibot pipe that trims quotes the trimmed value.
  const quoted = 'pa"ss\\word-of-the-database';
  const ark = await loadConfig(type({ DATABASE_URL: 'string.url' }), options({ DATABASE_URL: quoted })).catch((e: unknown) => e);
  assert.instance(ark, InvalidConfigurationError);
  assert.not.match((ark as Error).message, 'word-of-the-database');
  assert.match((ark as Error).message, 'DATABASE_URL must be a URL string (was [redacted])');
  const TrimmedEnv = v.object({ DATABASE_URL: v.pipe(v.string(), v.trim(), v.url()) });
  const valibot = await loadConfig(TrimmedEnv, options({ DATABASE_URL: '  padded-password-value  ' })).catch((e: unknown) => e);
  assert.instance(valibot, InvalidConfigurationError);
  assert.not.match((valibot as Error).message, 'padded-password-value');
});

test('a variable set but empty is unset, so the schema\'s default applies', async () => {
  const config = await loadConfig<z.output<typeof ZodEnv>>(ZodEnv, options({ PORT: '', DATABASE_URL: 'postgres://db', JWT_SECRET: SECRET }));
  assert.is(config.get('PORT'), 3000);
});

test('an async schema stops the start with a message that says so', async () => {
  const AsyncEnv = v.objectAsync({ REGION: v.pipeAsync(v.string(), v.checkAsync(async (region) => region.length > 0)) });
  const error = await loadConfig(AsyncEnv, options({ REGION: 'eu' })).catch((e: unknown) => e);
  assert.instance(error, InvalidConfigurationError);
  assert.match((error as Error).message, 'validates asynchronously');
});

test('ConfigModule.forRoot(schema) is a dynamic module whose ConfigService is typed by the schema\'s output', async () => {
  const dynamic = ConfigModule.forRoot(ZodEnv, options({ DATABASE_URL: 'postgres://db', JWT_SECRET: SECRET }));
  const service: ConfigService<z.output<typeof ZodEnv>> = await dynamic.create();
  const port: number = service.get('PORT');
  assert.is(port, 3000);
  assert.is(service.get('DATABASE_URL'), 'postgres://db');
});

test.run();
