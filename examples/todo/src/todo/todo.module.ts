import { Module } from '@framework/core';
import { TodoController } from './todo.controller.js';
import { TodoGrpcController } from './todo.grpc-controller.js';
import { TodoChanges } from './todo-changes.js';
import { TodoService } from './todo.service.js';

@Module({ controllers: [TodoController, TodoGrpcController], injectables: [TodoChanges, TodoService] })
export class TodoModule {}
