import { bootstrap } from './bootstrap.js';

const { app, grpc } = await bootstrap();
const httpPort = await app.listen(Number(process.env.PORT ?? 3000));
const grpcPort = await grpc.listen(Number(process.env.GRPC_PORT ?? 50051));
console.log(`todo example: HTTP on http://localhost:${httpPort}, gRPC on localhost:${grpcPort}`);

// Finish in-flight calls before exiting on Ctrl-C or a container stop.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
