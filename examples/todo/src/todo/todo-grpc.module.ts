import { Module } from '@framework/core';
import { TodoGrpcController } from './todo.grpc-controller.js';
import { TodoModule } from './todo.module.js';

/** `todo.TodoService` over gRPC; apart from `TodoModule`, so that an HTTP-only host (a Worker) leaves it out. */
@Module({ imports: [TodoModule], controllers: [TodoGrpcController] })
export class TodoGrpcModule {}
