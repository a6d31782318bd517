import { Module } from '@framework/core';
import { TodoController } from './todo.controller.js';
import { AttachmentsController } from './attachments.controller.js';
import { AttachmentStore } from './attachment-store.js';
import { TodoChanges } from './todo-changes.js';
import { TodoService } from './todo.service.js';

/** The todos and their attachments over HTTP, and the one `TodoService` (the gRPC controller, in `TodoGrpcModule`, shares it). */
@Module({ controllers: [TodoController, AttachmentsController], injectables: [TodoChanges, TodoService, AttachmentStore] })
export class TodoModule {}
