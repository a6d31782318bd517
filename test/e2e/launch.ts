import { spawn, type ChildProcess } from 'node:child_process';

/** A running todo example, however it was started. */
export interface RunningExample {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /** `127.0.0.1:<port>` of the gRPC server. */
  readonly grpcAddress: string;
  stop(): Promise<void>;
}

const READY = /HTTP on http:\/\/localhost:(\d+), gRPC on localhost:(\d+)/;

/**
 * Starts the example as a child process (any runtime) on free ports and waits for the line in
 * which it reports them.
 *
 * @example
 * const example = await launchExample(process.execPath, ['examples/todo/dist/examples/todo/src/main.js']);
 */
export function launchExample(command: string, args: readonly string[], env: Record<string, string> = {}): Promise<RunningExample> {
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, PORT: '0', GRPC_PORT: '0', JWT_SECRET: 'e2e-secret-of-at-least-thirty-two-bytes', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the example did not report its ports within 20 s:\n${output}`)), 20_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = READY.exec(output);
      if (!ready) return;
      clearTimeout(timer);
      resolve({
        base: `http://127.0.0.1:${ready[1]}`,
        grpcAddress: `127.0.0.1:${ready[2]}`,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`the example exited with code ${code} before listening:\n${output}`)));
  });
}
