import { Module } from '@framework/core';
import { TodoController } from './todo.controller.js';
import { TodoChanges } from './todo-changes.js';
import { TodoService } from './todo.service.js';

/** The todos over HTTP and the one `TodoService` (the gRPC controller, in `TodoGrpcModule`, shares it). */
@Module({ controllers: [TodoController], injectables: [TodoChanges, TodoService] })
export class TodoModule {}
