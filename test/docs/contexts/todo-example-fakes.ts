// A test of the todo example, with the fakes of the uvu sample above.
import { NotFoundException } from '@framework/core';
import { AppGuard } from '../src/auth/app.guard.js';
import { TodoService, type Todo } from '../src/todo/todo.service.js';
import { tables } from '../generated/tables.js';
declare const milk: Todo;
declare const fakeTodos: { list(): Todo[]; get(id: string): Todo };
