// The gRPC floor for the example: raw @grpc/grpc-js with proto-loader serving the example's own
// todo.proto (the path is the first argument), its unary methods answered by hand.
//   GRPC_PORT=50051 node bench/cold-start/raw-grpc.mjs examples/todo/src/todo/todo.proto
import { Server, ServerCredentials, loadPackageDefinition, status } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';

const proto = loadPackageDefinition(loadSync(process.argv[2], { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true }));
const todos = new Map([['1', { id: '1', title: 'todo', done: false }]]);
const server = new Server();
server.addService(proto.todo.TodoService.service, {
  GetTodo: (call, callback) => (todos.has(call.request.id) ? callback(null, todos.get(call.request.id)) : callback({ code: status.NOT_FOUND, details: 'no such todo' })),
  CreateTodo: (call, callback) => {
    const todo = { id: String(todos.size + 1), title: call.request.title, done: false };
    todos.set(todo.id, todo);
    callback(null, todo);
  },
  ListTodos: (call) => call.end(),
  SyncTodos: (call) => call.end(),
});
server.bindAsync(`127.0.0.1:${process.env.GRPC_PORT ?? 50051}`, ServerCredentials.createInsecure(), (error, port) => {
  if (error) throw error;
  console.log(`raw grpc-js: gRPC on 127.0.0.1:${port}`);
});
