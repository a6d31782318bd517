import { isSecretName } from '../logging/logged-headers.js';

/**
 * The application's configuration, converted and validated against its schema at `init` by
 * `ConfigModule.forRoot(Schema)`. `get` is typed by the schema: `get('PORT')` is a `number` when
 * the schema declares `PORT!: number`.
 *
 * @example
 * constructor(private readonly config: ConfigService<EnvSchema>) {}
 * const port = this.config.get('PORT'); // number
 */
export class ConfigService<Env extends object = Record<string, unknown>> {
  private readonly values: Readonly<Env>;

  constructor(values: Env) {
    this.values = Object.freeze({ ...values });
  }

  /**
   * The validated value of one variable (the schema's default when the environment has none).
   *
   * @example
   * config.get('JWT_SECRET') // string
   */
  get<Key extends keyof Env>(key: Key): Env[Key] {
    return this.values[key];
  }

  /**
   * Every variable with its value, fit to be shown (the dev dashboard's State view, a start-up
   * log): a variable whose name says it holds a secret, by the request log's rule for header
   * names (`JWT_SECRET`, `DB_PASSWORD`, `API_KEY`, `*_TOKEN`…), shows `[redacted]`, and so does
   * the password of a URL (`redis://user:[redacted]@host:6379`).
   *
   * @example
   * config.redacted() // { PORT: 3000, JWT_SECRET: '[redacted]', REDIS_URL: 'redis://:[redacted]@cache:6379' }
   */
  redacted(): Record<string, unknown> {
    const shown: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.values)) {
      const text = isSecretName(key) && value !== undefined ? REDACTED : typeof value === 'string' ? withoutUrlPassword(value) : value;
      Object.defineProperty(shown, key, { value: text, enumerable: true, writable: true, configurable: true });
    }
    return shown;
  }
}

const REDACTED = '[redacted]';

/**
 * `scheme://user:secret@host` → `scheme://user:[redacted]@host`; any other text as it is. Up to the
 * last `@` of the authority, so that a password written with an `@` unescaped is hidden whole; a
 * scheme may be prefixed by another (`jdbc:postgresql://`).
 */
function withoutUrlPassword(text: string): string {
  return text.replace(/^((?:[a-z][a-z0-9+.-]*:)+\/\/[^/?#@:]*):[^/?#]*@/i, `$1:${REDACTED}@`);
}
