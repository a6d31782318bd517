// An upstream's status passed on unchecked (`undefined`, 0 for a network failure, 600) would reach
// the server, which refuses to write it: Node throws from `writeHead` outside any handler.
function answerableStatus(status: unknown): number {
  const code = typeof status === 'number' ? status : typeof status === 'string' && status.trim() !== '' ? Number(status) : Number.NaN;
  return isAnswerableStatus(code) ? code : 500;
}

/**
 * Whether an HTTP answer can carry `status` (a whole number from 200 to 599).
 *
 * @example
 * isAnswerableStatus(404) // true; isAnswerableStatus(NaN), isAnswerableStatus(1200) // false
 */
export function isAnswerableStatus(status: number): boolean {
  return Number.isInteger(status) && status >= 200 && status <= 599;
}

/**
 * The one error model of the framework. Thrown anywhere in the chain, it becomes an HTTP answer
 * `{ status, name, message }` or a gRPC status (see `grpc-status.ts`). A status that no HTTP
 * answer can carry (not an integer from 200 to 599) becomes 500, the message kept.
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
    this.status = answerableStatus(status);
    // Subclasses of the framework set their name from a literal, which survives minification.
    this.name = new.target === HttpException ? 'HttpException' : new.target.name;
  }

  /** The JSON body sent to HTTP clients. */
  toJSON(): Record<string, unknown> {
    return { status: this.status, name: this.name, message: this.message };
  }
}

