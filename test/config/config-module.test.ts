// ConfigModule: the environment and a .env file converted and validated against a schema class,
// every problem in one message; and the todo example refusing to start on a bad environment.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidConfigurationError, loadConfig } from '@framework/core/config';
import { IsBoolean, IsEmail, IsFQDN, IsInt, IsIP, IsOptional, IsPort, IsString, IsUrl, Matches, Max, Min, MinLength } from '@framework/core/validators';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

class Env {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  DATABASE_URL!: string;

  @IsBoolean()
  VERBOSE = false;

  @IsOptional()
  @IsString()
  @MinLength(32)
  JWT_SECRET?: string;
}

const secret = 'a-secret-of-at-least-thirty-two-bytes!';

test('variables are converted by their rules, defaults apply, and get is typed by the schema', async () => {
  const config = await loadConfig(Env, { envFilePath: false, env: { PORT: '8080', DATABASE_URL: 'postgres://db', VERBOSE: 'true' } });
  const port: number = config.get('PORT');
  assert.is(port, 8080);
  assert.is(config.get('VERBOSE'), true);
  assert.is(config.get('DATABASE_URL'), 'postgres://db');
  assert.is(config.get('JWT_SECRET'), undefined, 'optional and unset');
  const defaults = await loadConfig(Env, { envFilePath: false, env: { DATABASE_URL: 'x' } });
  assert.is(defaults.get('PORT'), 3000);
  assert.is(defaults.get('VERBOSE'), false);
  // @ts-expect-error: not a member of the schema
  defaults.get('NOT_IN_SCHEMA');
});

test('redacted(): every variable with its value, secrets by name and a URL\'s password shown as [redacted]', async () => {
  const config = await loadConfig(Env, { envFilePath: false, env: { DATABASE_URL: 'postgres://app:hunter2@db:5432/app', JWT_SECRET: secret } });
  assert.equal(config.redacted(), { PORT: 3000, DATABASE_URL: 'postgres://app:[redacted]@db:5432/app', VERBOSE: false, JWT_SECRET: '[redacted]' });
  const unset = await loadConfig(Env, { envFilePath: false, env: { DATABASE_URL: 'postgres://db/app?user=a@b' } });
  assert.equal(unset.redacted(), { PORT: 3000, DATABASE_URL: 'postgres://db/app?user=a@b', VERBOSE: false }, 'an unset variable is absent; a URL without a password as it is');
  assert.not.match(JSON.stringify(config.redacted()), /hunter2|thirty-two/);
});

test('redacted(): a password holding an @, or a URL under a second scheme (jdbc:), is hidden whole', async () => {
  const at = await loadConfig(Env, { envFilePath: false, env: { DATABASE_URL: 'postgres://app:hun@ter2@db:5432/app' } });
  assert.is(at.redacted().DATABASE_URL, 'postgres://app:[redacted]@db:5432/app');
  const jdbc = await loadConfig(Env, { envFilePath: false, env: { DATABASE_URL: 'jdbc:postgresql://app:hunter2@db/app' } });
  assert.is(jdbc.redacted().DATABASE_URL, 'jdbc:postgresql://app:[redacted]@db/app');
});

test('every missing or invalid variable is listed in one message, without the values', async () => {
  const error = await loadConfig(Env, { envFilePath: false, env: { PORT: 'eighty', VERBOSE: 'maybe', JWT_SECRET: 'short-secret-value' } }).then(
    () => undefined,
    (e: unknown) => e as InvalidConfigurationError,
  );
  assert.instance(error, InvalidConfigurationError);
  assert.is(
    error!.message,
    'The configuration does not match Env (4 problems): DATABASE_URL is missing; PORT must be an integer number; VERBOSE must be a boolean value; JWT_SECRET must be longer than or equal to 32 characters.',
  );
  assert.not.match(error!.message, 'short-secret-value');
  assert.is(error!.problems.length, 4);
});

test('a .env file is read with dotenv; the environment wins over it; a missing file is fine', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'config-'));
  try {
    const file = path.join(dir, '.env');
    writeFileSync(file, `# local settings\nPORT=4000\nDATABASE_URL="postgres://from-file"\nJWT_SECRET=${secret}\n`);
    const fromFile = await loadConfig(Env, { envFilePath: file, env: { PORT: '5000' } });
    assert.is(fromFile.get('PORT'), 5000, 'the environment wins');
    assert.is(fromFile.get('DATABASE_URL'), 'postgres://from-file');
    assert.is(fromFile.get('JWT_SECRET'), secret);
    const noFile = await loadConfig(Env, { envFilePath: path.join(dir, 'absent.env'), env: { DATABASE_URL: 'x' } });
    assert.is(noFile.get('PORT'), 3000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// This suite loads no generated tables: its schemas are validated by class-validator, the fallback
// of a schema the build did not compile (test/config/compiled-schema.test.ts starts compiled ones).
const classValidatorLoaded = (): boolean => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/class-validator/'));

test('addresses (URL, port, IP, domain name, email) are checked with class-validator\'s messages', async () => {
  class Addresses {
    @IsUrl()
    PUBLIC_URL!: string;

    @IsPort()
    ADMIN_PORT!: string;

    @IsIP('4')
    BIND!: string;

    @IsFQDN()
    MAIL_HOST!: string;

    @IsEmail()
    FROM!: string;
  }
  const bad = { PUBLIC_URL: 'not a url', ADMIN_PORT: '70000', BIND: '::1', MAIL_HOST: 'localhost', FROM: 'nobody' };
  const error = await loadConfig(Addresses, { envFilePath: false, env: bad }).then(() => undefined, (e: unknown) => e as Error);
  assert.is(
    error?.message,
    'The configuration does not match Addresses (5 problems): PUBLIC_URL must be a URL address; ADMIN_PORT must be a port; BIND must be an ip address; MAIL_HOST must be a valid domain name; FROM must be an email.',
  );
  const good = { PUBLIC_URL: 'https://example.com/app', ADMIN_PORT: '9000', BIND: '10.0.0.7', MAIL_HOST: 'mail.example.com', FROM: 'ops@example.com' };
  const fine = await loadConfig(Addresses, { envFilePath: false, env: good });
  assert.is(fine.get('ADMIN_PORT'), '9000');
});

test("a rule's own message is the one said, as class-validator says it", async () => {
  class Custom {
    @IsInt({ message: 'WORKERS must be a whole number of workers' })
    WORKERS = 1;

    @IsUrl({ require_tld: false }, { message: '$property must be the public address' })
    PUBLIC_URL!: string;

    @IsPort({ message: 'ADMIN_PORT must be a port number' })
    ADMIN_PORT!: string;
  }
  const error = await loadConfig(Custom, { envFilePath: false, env: { WORKERS: 'many', PUBLIC_URL: 'not a url', ADMIN_PORT: '70000' } }).then(() => undefined, (e: unknown) => e as Error);
  assert.is(
    error?.message,
    'The configuration does not match Custom (3 problems): WORKERS must be a whole number of workers; PUBLIC_URL must be the public address; ADMIN_PORT must be a port number.',
  );
});

test('a schema the build did not compile is validated by class-validator, with the same one-message answer', async () => {
  class WithUrl {
    @IsInt()
    @Max(10)
    WORKERS = 1;

    @IsUrl()
    PUBLIC_URL!: string;

    @Matches(/^[a-z]{2}-[a-z]+-\d$/)
    REGION!: string;
  }
  const error = await loadConfig(WithUrl, { envFilePath: false, env: { WORKERS: 'many', PUBLIC_URL: 'not a url' } }).then(() => undefined, (e: unknown) => e as Error);
  assert.is(classValidatorLoaded(), true);
  assert.is(error?.message, 'The configuration does not match WithUrl (3 problems): REGION is missing; WORKERS must be an integer number; PUBLIC_URL must be a URL address.');
  const fine = await loadConfig(WithUrl, { envFilePath: false, env: { WORKERS: '4', PUBLIC_URL: 'https://example.com', REGION: 'eu-west-1' } });
  assert.is(fine.get('WORKERS'), 4);
});

test('the todo example refuses to start on a bad environment, naming every problem once', () => {
  const main = fileURLToPath(new URL('../../examples/todo/dist/examples/todo/src/main.js', import.meta.url));
  const result = spawnSync(process.execPath, [main], {
    env: { PATH: process.env.PATH, PORT: 'http', GRPC_PORT: '70000', JWT_SECRET: 'too-short' },
    cwd: path.dirname(main),
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.is.not(result.status, 0, 'it did not start');
  assert.match(
    result.stderr,
    "todo example: cannot start. The configuration does not match EnvSchema (3 problems): PORT must be an integer number; GRPC_PORT must not be greater than 65535; JWT_SECRET must be longer than or equal to 32 characters.",
  );
  assert.not.match(result.stdout, 'todo example: HTTP on');
});

test.run();
