import { bootstrap } from './bootstrap.js';

const httpPort = Number(process.env.PORT ?? 3000);
// #if grpc
const grpcListenPort = Number(process.env.GRPC_PORT ?? 50051);
const { app, grpc } = await bootstrap().catch(cannotStart);
const port = await app.listen(httpPort).catch(portInUse('PORT', httpPort));
const grpcPort = await grpc.listen(grpcListenPort).catch(portInUse('GRPC_PORT', grpcListenPort));
console.log(`{{name}}: HTTP on http://localhost:${port}, gRPC on localhost:${grpcPort}`);
// #else
const app = await bootstrap().catch(cannotStart);
const port = await app.listen(httpPort).catch(portInUse('PORT', httpPort));
console.log(`{{name}}: HTTP on http://localhost:${port}`);
// #endif

// Finish in-flight requests before exiting on Ctrl-C or a container stop.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}

/** An environment that does not satisfy a ConfigModule schema stops the start with one line; any other failure keeps its stack. */
function cannotStart(error: Error): never {
  if ((error.cause as Error | undefined)?.name !== 'InvalidConfigurationError') throw error;
  console.error(`{{name}}: cannot start. ${error.message}`);
  process.exit(1);
}

/** A port another process holds is a set-up mistake, not a crash: one line that says what to do. */
function portInUse(variable: string, wanted: number): (error: NodeJS.ErrnoException) => never {
  return (error) => {
    if (error.code !== 'EADDRINUSE') throw error;
    console.error(`{{name}}: cannot start. Port ${wanted} (${variable}) is in use (another copy of this app?); stop that process or set ${variable} to another port.`);
    process.exit(1);
  };
}
