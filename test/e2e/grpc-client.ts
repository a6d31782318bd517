import { credentials, loadPackageDefinition, Metadata, type Client, type ClientUnaryCall, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { fileURLToPath } from 'node:url';

const protoPath = fileURLToPath(new URL('../../examples/todo/src/todo/todo.proto', import.meta.url));

export interface TodoMessage {
  id: string;
  title: string;
  done: boolean;
}

type Unary<Req> = (request: Req, metadata: Metadata, callback: (error: ServiceError | null, response?: TodoMessage) => void) => ClientUnaryCall;

interface TodoClient extends Client {
  GetTodo: Unary<{ id: string }>;
  CreateTodo: Unary<{ title: string }>;
}

/** A plain @grpc/grpc-js client of `todo.TodoService`, as any user would write one. */
export function todoClient(address: string): TodoClient {
  const definition = loadPackageDefinition(loadSync(protoPath, { keepCase: true })) as unknown as {
    todo: { TodoService: new (address: string, creds: ReturnType<typeof credentials.createInsecure>) => TodoClient };
  };
  return new definition.todo.TodoService(address, credentials.createInsecure());
}

/** Calls a unary RPC, resolving with the response or the ServiceError. */
export function call<Req>(method: Unary<Req>, client: TodoClient, request: Req, token?: string): Promise<TodoMessage | ServiceError> {
  const metadata = new Metadata();
  if (token) metadata.set('authorization', `Bearer ${token}`);
  return new Promise((resolve) => method.call(client, request, metadata, (error, response) => resolve(error ?? response!)));
}
