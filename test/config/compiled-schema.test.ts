// An environment schema compiled by framework-build like a body DTO: an app started from its
// generated tables validates the environment with the compiled checks, with class-validator's
// answers (messages, order, a type rule's problem alone, missing and empty variables), and never
// loads class-validator, whether the schema is read by `ConfigModule.forRoot` at `init`, by
// `loadConfig` before it, or by `loadConfig` alone. Each start is a fresh process, as a server's or a function's.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidConfigurationError, loadConfig } from '@framework/core/config';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '@framework/compiler';
import { EnvSchema } from './fixtures/compiled-env/src/env.schema.js';
import { InheritedEnv } from './fixtures/compiled-env/src/inherited-env.js';
import { ToolEnv } from './fixtures/compiled-env/src/tool-env.js';

const fixture = new URL('./fixtures/compiled-env/', import.meta.url);

test.before(async () => {
  // Built, not imported: this process holds no compiled schema, so its loadConfig is class-validator's reference.
  const result = await build({ srcDir: fileURLToPath(new URL('src', fixture)), outDir: fileURLToPath(new URL('generated', fixture)), root: 'AppModule', write: true });
  assert.ok(result.ok, result.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
});

/** How `init` reports a provider that failed, before the configuration's own message. */
const AT_INIT = 'Creating ConfigService (app.module.ts:5:21) failed: ';

interface Started {
  readonly config?: Record<string, unknown>;
  readonly error?: string;
  readonly classValidator: boolean;
}

function start(env: Record<string, string>, how: 'init' | 'loadConfig' | 'tool' | 'inherited' = 'init'): Started {
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('start.ts', fixture)), how], {
    env: { PATH: process.env.PATH, ...env },
    cwd: fileURLToPath(fixture),
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.is(run.status, 0, run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as Started;
}

/** What class-validator answers for the same schema and variables: this process loads no tables, so loadConfig falls back to it. */
async function classValidatorAnswer(env: Record<string, string>, schema: typeof EnvSchema | typeof ToolEnv | typeof InheritedEnv = EnvSchema): Promise<string> {
  const error = await loadConfig(schema as typeof EnvSchema, { envFilePath: false, env }).then(() => undefined, (e: unknown) => e);
  assert.instance(error, InvalidConfigurationError);
  assert.ok(Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/class-validator/')), 'the reference is class-validator');
  return (error as Error).message;
}

const bad = { PORT: '70000', REGION: 'Europe', LOG_LEVEL: 'loud', PUBLIC_URL: 'not a url', WORKERS: 'many', VERBOSE: 'maybe', JWT_SECRET: 'short-secret-value' };

test('a bad environment is refused at init with class-validator\'s messages, in its order, without loading it', async () => {
  const started = start(bad);
  assert.is(
    started.error,
    AT_INIT +
      'The configuration does not match EnvSchema (7 problems): PORT must not be greater than 65535; REGION must match /^[a-z]{2}-[a-z]+-\\d$/ regular expression; ' +
      'LOG_LEVEL must be one of the following values: debug, info, warn; PUBLIC_URL must be the public address of the API; WORKERS must be a whole number of workers; ' +
      'VERBOSE must be a boolean value; JWT_SECRET must be longer than or equal to 32 characters.',
  );
  assert.is(started.error, AT_INIT + (await classValidatorAnswer(bad)));
  assert.not.match(started.error!, 'short-secret-value');
  assert.is(started.classValidator, false);
});

test('missing, empty and mistyped variables are reported as class-validator\'s fallback reports them', async () => {
  // REGION and PUBLIC_URL unset, PORT set but empty over its default, WORKERS not a number (its own message alone, not also @Min's).
  const env = { PORT: '', WORKERS: 'none', LOG_LEVEL: 'info' };
  const started = start(env);
  assert.is(
    started.error,
    AT_INIT +
      'The configuration does not match EnvSchema (4 problems): REGION is missing; PUBLIC_URL is missing; PORT is set but empty (remove it to use the default, or give it a value); WORKERS must be a whole number of workers.',
  );
  assert.is(started.error, AT_INIT + (await classValidatorAnswer(env)));
  assert.is(started.classValidator, false);
});

test('loadConfig before init finds the compiled validator from the schema class alone', async () => {
  const started = start(bad, 'loadConfig');
  assert.is(started.error, await classValidatorAnswer(bad));
  assert.is(started.classValidator, false);
});

test('a schema given to loadConfig alone, in no module, is compiled too', async () => {
  const started = start({ BUCKET: 'https://bucket' }, 'tool');
  assert.is(started.error, 'The configuration does not match ToolEnv (1 problem): BUCKET must match /^s3:\\/\\/[a-z0-9.-]+$/ regular expression.');
  assert.is(started.error, await classValidatorAnswer({ BUCKET: 'https://bucket' }, ToolEnv));
  assert.is(started.classValidator, false);
  assert.equal(start({ BUCKET: 's3://bucket' }, 'tool').config, { BUCKET: 's3://bucket' });
});

test('a schema that inherits lists its problems in class-validator\'s order: its own members, then the inherited ones, the base\'s first', async () => {
  const env = { PORT: '70000', REGION: 'Europe', PUBLIC_URL: 'not a url', WORKERS: '0', BUCKET: 'https://bucket' };
  const started = start(env, 'inherited');
  assert.is(
    started.error,
    'The configuration does not match InheritedEnv (5 problems): WORKERS must not be less than 1; BUCKET must match /^s3:\\/\\/[a-z0-9.-]+$/ regular expression; ' +
      'PORT must not be greater than 65535; REGION must match /^[a-z]{2}-[a-z]+-\\d$/ regular expression; PUBLIC_URL must be a URL address.',
  );
  assert.is(started.error, await classValidatorAnswer(env, InheritedEnv));
  assert.is(started.classValidator, false);
  // Missing variables too: the order class-validator's metadata gives them.
  const unset = start({}, 'inherited');
  assert.is(unset.error, 'The configuration does not match InheritedEnv (3 problems): BUCKET is missing; REGION is missing; PUBLIC_URL is missing.');
  assert.is(unset.error, await classValidatorAnswer({}, InheritedEnv));
  assert.equal(start({ REGION: 'eu-west-1', PUBLIC_URL: 'http://api:8080', BUCKET: 's3://b' }, 'inherited').config, { PORT: 3000, REGION: 'eu-west-1', PUBLIC_URL: 'http://api:8080', WORKERS: 2, BUCKET: 's3://b' });
});

test('a good environment is converted by the members\' rules, defaults apply, secrets are redacted', () => {
  const secret = 'a-secret-of-at-least-thirty-two-bytes!';
  const env = { PORT: '8080', REGION: 'eu-west-1', PUBLIC_URL: 'http://api.internal:8080', VERBOSE: 'true', JWT_SECRET: secret };
  for (const how of ['init', 'loadConfig'] as const) {
    const started = start(env, how);
    assert.equal(started.config, { PORT: 8080, REGION: 'eu-west-1', LOG_LEVEL: 'info', PUBLIC_URL: 'http://api.internal:8080', WORKERS: 2, VERBOSE: true, JWT_SECRET: '[redacted]' }, how);
    assert.is(started.classValidator, false, how);
  }
});

test.run();
