import { bootstrap } from './bootstrap.js';

// #if grpc
const { app, grpc } = await bootstrap();
const port = await app.listen(Number(process.env.PORT ?? 3000));
const grpcPort = await grpc.listen(Number(process.env.GRPC_PORT ?? 50051));
console.log(`{{name}}: HTTP on http://localhost:${port}, gRPC on localhost:${grpcPort}`);
// #else
const app = await bootstrap();
const port = await app.listen(Number(process.env.PORT ?? 3000));
console.log(`{{name}}: HTTP on http://localhost:${port}`);
// #endif

// Finish in-flight requests before exiting on Ctrl-C or a container stop.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
