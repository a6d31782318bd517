import { Module } from '@framework/core';
import { HealthController } from './health/health.controller.js';
import { TodoModule } from './todo/todo.module.js';

@Module({ imports: [TodoModule], controllers: [HealthController] })
export class AppModule {}
