// The loaded .proto, its message types (as the generated .proto.ts declares them) and the app's store.
import { GrpcController, GrpcMethod, GrpcPayload, GrpcStream } from '@framework/grpc';
declare const proto: { todo: { TodoService: { service: import('@grpc/grpc-js').ServiceDefinition } } };
interface Todo { id: string; title: string; done: boolean }
interface ListTodosRequest { offset: number }
interface CreateTodoRequest { title: string }
interface ImportSummary { count: number }
interface TodoChange { id: string; done: boolean }
interface StoredTodo { id: string; name: string; done: boolean }
declare class TodoStore { each(offset: number): Iterable<StoredTodo>; create(request: CreateTodoRequest): StoredTodo; apply(change: TodoChange): StoredTodo }
declare function toMessage(todo: StoredTodo): Todo;
