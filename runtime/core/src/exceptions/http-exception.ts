/**
 * The one error model of the framework. Thrown anywhere in the chain, it becomes an HTTP answer
 * `{ status, name, message }` or a gRPC status (see `grpc-status.ts`).
 *
 * @example
 * throw new HttpException(409, 'A todo with this name exists already');
 */
export class HttpException extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    // Subclasses of the framework set their name from a literal, which survives minification.
    this.name = new.target === HttpException ? 'HttpException' : new.target.name;
  }

  /** The JSON body sent to HTTP clients. */
  toJSON(): Record<string, unknown> {
    return { status: this.status, name: this.name, message: this.message };
  }
}

/** Whether a value is an `HttpException` (also across copies of the package). */
export function isHttpException(error: unknown): error is HttpException {
  return error instanceof HttpException;
}
