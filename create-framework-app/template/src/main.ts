import { bootstrap } from './bootstrap.js';

// #if grpc
const { app, grpc } = await bootstrap();
const port = await app.listen(Number(process.env.PORT ?? 3000)).catch(portInUse);
const grpcPort = await grpc.listen(Number(process.env.GRPC_PORT ?? 50051));
console.log(`{{name}}: HTTP on http://localhost:${port}, gRPC on localhost:${grpcPort}`);
// #else
const app = await bootstrap();
const port = await app.listen(Number(process.env.PORT ?? 3000)).catch(portInUse);
console.log(`{{name}}: HTTP on http://localhost:${port}`);
// #endif

// Finish in-flight requests before exiting on Ctrl-C or a container stop.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}

/** A port another process holds is a set-up mistake, not a crash: one line that says what to do. */
function portInUse(error: NodeJS.ErrnoException & { port?: number }): never {
  if (error.code !== 'EADDRINUSE') throw error;
  console.error(`{{name}}: port ${error.port} is in use (another copy of this app?); stop that process or choose another port: PORT=3001 npm run dev`);
  process.exit(1);
}
