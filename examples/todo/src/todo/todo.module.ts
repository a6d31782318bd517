import { Module } from '@framework/core';
import { TodoController } from './todo.controller.js';
import { TodoService } from './todo.service.js';

@Module({ controllers: [TodoController], injectables: [TodoService] })
export class TodoModule {}
