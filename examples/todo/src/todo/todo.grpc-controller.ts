import { fileURLToPath } from 'node:url';
import { GrpcController, GrpcMethod, GrpcPayload, GrpcStream, loadProto } from '@framework/grpc';
// The messages of todo.proto as TypeScript types, emitted by framework-build next to the tables.
import type { CreateTodoRequest, GetTodoRequest, ListTodosRequest, Todo as TodoMessage, TodoChange } from '../../../../generated/todo/todo/todo.proto.js';
import { TodoService, type Todo } from './todo.service.js';

// Anchored on this module's URL so the path does not depend on the working directory.
const proto = loadProto(fileURLToPath(new URL('./todo.proto', import.meta.url)));

function toMessage(todo: Todo): TodoMessage {
  return { id: todo.id, title: todo.title, done: todo.done };
}

/** `todo.TodoService` over gRPC, sharing the one `TodoService` with the HTTP controller. */
@GrpcController(proto.todo.TodoService.service)
export class TodoGrpcController {
  constructor(private readonly todos: TodoService) {}

  @GrpcMethod()
  GetTodo(@GrpcPayload() request: GetTodoRequest): TodoMessage {
    return toMessage(this.todos.get(request.id));
  }

  @GrpcMethod('CreateTodo')
  create(@GrpcPayload() request: CreateTodoRequest): TodoMessage {
    return toMessage(this.todos.create({ name: request.title, priority: 0, colorLabel: '#000000' }));
  }

  /**
   * Server streaming: one message per todo. Each `yield` waits until the client takes the
   * previous messages, so a slow reader slows this loop instead of filling memory; a client that
   * cancels ends it (the generator is closed).
   */
  @GrpcMethod()
  async *ListTodos(@GrpcPayload() request: ListTodosRequest): AsyncGenerator<TodoMessage> {
    let left = request.limit > 0 ? request.limit : Infinity;
    for (const todo of this.todos.each(request.offset)) {
      if (left-- <= 0) return;
      yield toMessage(todo);
    }
  }

  /**
   * Bidirectional streaming: applies each change as it arrives (a new todo when `id` is empty)
   * and answers with the todo it produced. An unknown id ends the call with NOT_FOUND, after the
   * answers already sent.
   */
  @GrpcMethod()
  async *SyncTodos(@GrpcStream() changes: AsyncIterable<TodoChange>): AsyncGenerator<TodoMessage> {
    for await (const change of changes) {
      const todo = change.id
        ? this.todos.update(change.id, { ...(change.title ? { name: change.title } : {}), done: change.done })
        : this.todos.create({ name: change.title, priority: 0, colorLabel: '#000000' });
      yield toMessage(todo);
    }
  }
}
