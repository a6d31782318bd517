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
}
