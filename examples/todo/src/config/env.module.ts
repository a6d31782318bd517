import { Module } from '@framework/core';
import { ConfigModule } from '@framework/core/config';
import { EnvSchema } from './env.schema.js';

/** Provides `ConfigService<EnvSchema>` to every module that imports it (one instance per application). */
@Module({ imports: [ConfigModule.forRoot(EnvSchema)] })
export class EnvModule {}
