/**
 * The gRPC decorators. Like the core ones they are markers that `framework-build` reads from the
 * source; only `@GrpcController` does something at run time: it keeps the service definition,
 * because the definition is a live object that generated code cannot spell out.
 */
import { recordGrpcService } from '@framework/core/transport';
import type { ServiceDefinition } from '@grpc/grpc-js';

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return `the string '${value}'`;
  return `a ${typeof value}`;
}

/** Throws when `definition` is not what `loadProto(...).<package>.<Service>.service` returns. */
function assertServiceDefinition(definition: unknown, target: Function): asserts definition is ServiceDefinition {
  const where = `@GrpcController on ${target.name}`;
  if (typeof definition === 'function' && 'service' in definition) {
    throw new TypeError(`${where} was given the service client constructor; pass its definition: \`<tree>.<package>.<Service>.service\`.`);
  }
  const isDefinition =
    typeof definition === 'object' &&
    definition !== null &&
    Object.values(definition).length > 0 &&
    Object.values(definition).every((method) => typeof (method as { path?: unknown })?.path === 'string');
  if (!isDefinition) {
    throw new TypeError(
      `${where} takes a service definition, not ${describeValue(definition)}. ` +
        "Load the schema with `const proto = loadProto(fileURLToPath(new URL('./x.proto', import.meta.url)))` and pass " +
        '`proto.<package>.<Service>.service` (check the package and service names when this is undefined).',
    );
  }
}

/**
 * Declares a gRPC controller: the class serves the RPCs of one `.proto` service. List it in a
 * module's `controllers`; constructor injection works as for HTTP controllers, with the same
 * singletons.
 *
 * @example
 * const proto = loadProto(fileURLToPath(new URL('./todo.proto', import.meta.url)));
 *
 * @GrpcController(proto.todo.TodoService.service)
 * export class TodoGrpcController {
 *   constructor(private readonly todos: TodoService) {}
 *   @GrpcMethod() GetTodo(@GrpcPayload() request: GetTodoRequest) { return this.todos.find(request.id); }
 * }
 */
export function GrpcController(definition: ServiceDefinition): ClassDecorator {
  return (target) => {
    assertServiceDefinition(definition, target);
    recordGrpcService(target, definition);
  };
}

/**
 * Binds a method to the RPC of the same name, or to the RPC named explicitly. The method's shape
 * follows the RPC's kind, which `framework-build` checks: a unary RPC takes `@GrpcPayload()` and
 * returns a message; a server-streaming one returns an iterable of messages (an `async *`
 * method, or an array); a client-streaming one takes `@GrpcStream()`, the incoming messages; a
 * bidirectional one does both.
 *
 * @example
 * @GrpcMethod() GetTodo(@GrpcPayload() request: GetTodoRequest) {}
 * @GrpcMethod('CreateTodo') create(@GrpcPayload() request: CreateTodoRequest) {}
 * @GrpcMethod() async *ListTodos(@GrpcPayload() request: ListTodosRequest) { yield* this.todos.all(); }
 * @GrpcMethod() async *SyncTodos(@GrpcStream() changes: AsyncIterable<TodoChange>) { for await (const c of changes) yield this.apply(c); }
 */
export function GrpcMethod(_rpcName?: string): MethodDecorator {
  return () => undefined;
}

/**
 * The decoded request message of the call (field names as in the `.proto`).
 *
 * @example
 * @GrpcMethod() GetTodo(@GrpcPayload() request: GetTodoRequest) { return this.todos.find(request.id); }
 */
export function GrpcPayload(): ParameterDecorator {
  return () => undefined;
}

/**
 * The messages the client streams in (client-streaming and bidirectional RPCs), as an
 * `AsyncIterable` read once. Reading waits for the client, which keeps memory flat; when the
 * client cancels or the deadline passes, the pending read throws the `context.signal`'s reason.
 *
 * @example
 * @GrpcMethod() async ImportTodos(@GrpcStream() todos: AsyncIterable<CreateTodoRequest>) {
 *   let count = 0;
 *   for await (const todo of todos) { this.todos.create(todo); count++; }
 *   return { count };
 * }
 */
export function GrpcStream(): ParameterDecorator {
  return () => undefined;
}

/**
 * The call's metadata: with a key, every value of that key as strings (a key may repeat; binary
 * `-bin` values arrive base64-encoded); without one, the whole `Metadata` object.
 *
 * HTTP/2 joins a repeated key into one comma-separated value on the wire, so the whole
 * `Metadata` holds `'a, b'` where `@GrpcMetadata(key)` gives `['a', 'b']`; for the same reason a
 * single text value cannot itself contain a comma.
 *
 * @example
 * @GrpcMethod() GetTodo(@GrpcMetadata('x-tenant') tenants: string[], @GrpcMetadata() metadata: Metadata) {}
 */
export function GrpcMetadata(_key?: string): ParameterDecorator {
  return () => undefined;
}
