import { createServer } from 'node:net';

/**
 * Resolves when `host:port` can be bound, or rejects with the system's error (`code`
 * `EADDRINUSE`, `EACCES`, `EADDRNOTAVAIL`, …) the way `node:http` reports it.
 *
 * Why: grpc-js writes a line of its own to stderr ("E No address added out of total 1
 * resolved") before it rejects a bind, through a process-wide logger the framework must not
 * replace; trying the address first lets `GrpcServer.listen` fail with one clear error instead.
 * (A port taken in the moment between the two binds still gets grpc-js's line.)
 *
 * @example
 * await probePort('127.0.0.1', 50051); // throws { code: 'EADDRINUSE', … } when taken
 */
export function probePort(host: string, port: number): Promise<void> {
  // Port 0 takes whatever port is free; there is nothing to try.
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
