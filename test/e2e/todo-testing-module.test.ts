// The example's contract with HTTP served in process by @framework/testing (`t.request`, no
// socket): the same suite as over a socket (todo-in-process.test.ts), so the same answers. gRPC
// runs over a real GrpcServer registered through the testing module's `setup`.
import { GrpcServer } from '@framework/grpc';
import { Test } from '@framework/testing';
import { tables } from '../../generated/todo/tables.js';
import { GRPC_OPTIONS, LIMITS } from '../../examples/todo/src/bootstrap.js';
import { registerTodoSuites } from './todo-suite.js';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';

let instances = 0;

registerTodoSuites('node, in process through @framework/testing', async () => {
  let grpc: GrpcServer | undefined;
  const t = await Test.createTestingModule(tables, {
    ...LIMITS,
    setup: (app) => {
      grpc = new GrpcServer(app, GRPC_OPTIONS);
    },
  }).compile();
  const grpcPort = await grpc!.listen(0);
  return {
    base: `in-process://todo-${++instances}`,
    grpcAddress: `127.0.0.1:${grpcPort}`,
    request: (path, init) => t.request(path, init),
    stop: () => t.close(),
  };
});
