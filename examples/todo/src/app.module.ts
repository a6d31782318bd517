import { Module } from '@framework/core';
import { HttpAppModule } from './http-app.module.js';
import { TodoGrpcModule } from './todo/todo-grpc.module.js';

/** The example's root on a server: everything of `HttpAppModule`, and `todo.TodoService` over gRPC. */
@Module({ imports: [HttpAppModule, TodoGrpcModule] })
export class AppModule {}
