// Our side of the streaming bench: the app of src/, its tables built by bench/streaming.mjs.
import { FrameworkApplication } from '@framework/core';
import { tables } from './generated/tables.js';
import { AppModule } from './src/app.module.js';

const app = await new FrameworkApplication(tables, {
  // The bench floods: no rate limit or heartbeat in the way, the peer has none either.
  streaming: { messagesPerSecond: 1_000_000_000, heartbeatMs: 0, pingIntervalMs: 0 },
  // The peer has no connection cap: neither has ours within the bench's idle connections (10,000 by default).
  maxConnections: 100_000,
  logger: { error: console.error, warn: () => undefined, log: () => undefined },
}).init(AppModule);
console.log(`ready ${await app.listen(Number(process.env.PORT), '127.0.0.1')}`);
// The runner collects garbage before it reads the memory (the process runs with --expose-gc), and reads the heap in use.
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  console.log(`heap ${process.memoryUsage().heapUsed}`);
});
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
