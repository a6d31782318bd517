// The example's contract, in this process: bootstrap() and listen(0), as the spec recommends.
import { registerTodoSuites } from './todo-suite.js';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';

registerTodoSuites('node, in process', async () => {
  // Imported after JWT_SECRET is set: the example reads it while its modules load.
  const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');
  const { app, grpc } = await bootstrap();
  const port = await app.listen(0);
  const grpcPort = await grpc.listen(0);
  return { base: `http://127.0.0.1:${port}`, grpcAddress: `127.0.0.1:${grpcPort}`, stop: () => app.close() };
});
