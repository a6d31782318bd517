import { bootstrap } from './bootstrap.js';

const { app, grpc } = await bootstrap();
const httpPort = await app.listen(Number(process.env.PORT ?? 3000));
const grpcPort = await grpc.listen(Number(process.env.GRPC_PORT ?? 50051));
console.log(`todo example: HTTP on http://localhost:${httpPort}, gRPC on localhost:${grpcPort}`);

// On Ctrl-C or a container stop: stop accepting, answer every call already received (each HTTP
// response says `Connection: close`, gRPC connections get a GOAWAY), then exit 0 as soon as the
// last one is answered (app.close() waits shutdownTimeoutMs, 5 s, at most).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const started = Date.now();
    app.close().then(
      () => {
        console.log(`todo example: ${signal}, closed in ${Date.now() - started} ms`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`todo example: ${signal}, close failed:`, error);
        process.exit(1);
      },
    );
  });
}
