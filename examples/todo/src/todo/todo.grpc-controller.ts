import { fileURLToPath } from 'node:url';
import { GrpcController, GrpcMethod, GrpcPayload, loadProto } from '@framework/grpc';
import { TodoService, type Todo } from './todo.service.js';

// Anchored on this module's URL so the path does not depend on the working directory.
const proto = loadProto(fileURLToPath(new URL('./todo.proto', import.meta.url)));

/** `todo.GetTodoRequest` */
export interface GetTodoRequest {
  id: string;
}

/** `todo.CreateTodoRequest` */
export interface CreateTodoRequest {
  title: string;
}

/** `todo.Todo` */
export interface TodoMessage {
  id: string;
  title: string;
  done: boolean;
}

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
}
