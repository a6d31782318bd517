import { Module } from '@framework/core';
import { ConfigModule } from '@framework/core/config';
import { EnvSchema } from './env.schema.js';

@Module({ imports: [ConfigModule.forRoot(EnvSchema)] })
export class AppModule {}
