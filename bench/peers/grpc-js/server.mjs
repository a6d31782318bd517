// Raw @grpc/grpc-js with proto-loader: the gRPC floor.
import { once } from 'node:events';
import { Server, ServerCredentials, loadPackageDefinition } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';

// The spec's todo.proto, named here rather than through ../shared/common.mjs: that module loads
// validator.js and imports a JWT key, which a gRPC server does not need at start.
const protoPath = new URL('../../apps/framework/src/grpc/todo.proto', import.meta.url).pathname;

const definition = loadSync(protoPath, { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true });
const proto = loadPackageDefinition(definition);
let nextId = 1;

const server = new Server();
server.addService(proto.todo.TodoService.service, {
  GetTodo: (call, callback) => callback(null, { id: call.request.id, title: 'todo', done: false }),
  CreateTodo: (call, callback) => callback(null, { id: String(nextId++), title: call.request.title, done: false }),
  // The streaming bench: `count` todos, waiting for `drain` when the stream's buffer is full.
  ListTodos: async (call) => {
    for (let i = 0; i < call.request.count && !call.cancelled; i++) {
      if (!call.write({ id: String(i), title: 'todo', done: false })) await once(call, 'drain');
    }
    call.end();
  },
});
server.bindAsync(`127.0.0.1:${process.env.GRPC_PORT ?? 50051}`, ServerCredentials.createInsecure(), (error, port) => {
  if (error) throw error;
  console.log(`ready - ${port}`);
});
