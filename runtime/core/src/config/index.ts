/**
 * `@framework/core/config`: typed configuration from the environment and a `.env` file,
 * validated at `init` against a class with class-validator rules.
 *
 * @example
 * import { ConfigModule, ConfigService } from '@framework/core/config';
 * @Module({ imports: [ConfigModule.forRoot(EnvSchema)] })
 * export class AppModule {}
 */
export { ConfigModule, InvalidConfigurationError, loadConfig, type ConfigModuleOptions } from './config.module.js';
export { ConfigService } from './config.service.js';
export { compiledConfigSchema, type CompiledSchemaMember } from './compiled-schemas.js';
