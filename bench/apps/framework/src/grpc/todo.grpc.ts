import { fileURLToPath } from 'node:url';
import { GrpcController, GrpcMethod, GrpcPayload, loadProto } from '@framework/grpc';

// bench/lib/setup.mjs copies todo.proto next to the compiled file.
const proto = loadProto(fileURLToPath(new URL('./todo.proto', import.meta.url)));

interface Todo {
  id: string;
  title: string;
  done: boolean;
}

/** TodoService of the spec's proto (package todo), plus the server-streaming ListTodos of the streaming bench. */
@GrpcController(proto.todo!.TodoService!.service)
export class TodoGrpcController {
  private nextId = 1;

  @GrpcMethod()
  GetTodo(@GrpcPayload() request: { id: string }): Todo {
    return { id: request.id, title: 'todo', done: false };
  }

  @GrpcMethod()
  CreateTodo(@GrpcPayload() request: { title: string }): Todo {
    return { id: String(this.nextId++), title: request.title, done: false };
  }

  /** `count` todos; each yield waits for the client (back-pressure), as the raw grpc-js peer's `drain` does. */
  @GrpcMethod()
  async *ListTodos(@GrpcPayload() request: { count: number }): AsyncGenerator<Todo> {
    for (let i = 0; i < request.count; i++) yield { id: String(i), title: 'todo', done: false };
  }
}
