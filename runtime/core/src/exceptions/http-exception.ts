/**
 * The one error model of the framework. Thrown anywhere in the chain, it becomes an HTTP answer
 * `{ status, name, message }` or a gRPC status (see `grpc-status.ts`).
 *
 * @example
 * throw new HttpException(409, 'A todo with this name exists already');
 */
export class HttpException extends Error {
  readonly status: number;
  /**
   * The gRPC code to answer with when the status's usual one (see `grpc-status.ts`) does not say
   * it (a 503 for a missed deadline is DEADLINE_EXCEEDED, not UNAVAILABLE). Set by subclasses.
   */
  readonly grpcCode?: number;

  constructor(status: number, message: string) {
    // An HttpException is an answer to the client, never logged with its stack: skipping the
    // stack capture makes a 400 or 403 about a fifth cheaper to send.
    // The message is made a string first, so that `super` cannot throw between the two writes
    // (a try/finally around `super` makes every construction slower).
    const text = message === undefined ? '' : String(message);
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(text);
    Error.stackTraceLimit = limit;
    this.status = status;
    // Subclasses of the framework set their name from a literal, which survives minification.
    this.name = new.target === HttpException ? 'HttpException' : new.target.name;
  }

  /** The JSON body sent to HTTP clients. */
  toJSON(): Record<string, unknown> {
    return { status: this.status, name: this.name, message: this.message };
  }
}

