import { Module } from '@framework/core';
import { TodoController } from './todo.controller.js';
import { AttachmentsController } from './attachments.controller.js';
import { AttachmentStore } from './attachment-store.js';
import { TodoGrpcController } from './todo.grpc-controller.js';
import { TodoChanges } from './todo-changes.js';
import { TodoService } from './todo.service.js';

@Module({ controllers: [TodoController, AttachmentsController, TodoGrpcController], injectables: [TodoChanges, TodoService, AttachmentStore] })
export class TodoModule {}
