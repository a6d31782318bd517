// A raw HTTP/1.1 client for differential tests: requests are written on a `node:net` socket byte for
// byte (nothing normalises them first, unlike fetch or node:http), answers are parsed just enough
// to compare them: status, headers, body (de-chunked), in the order they came.
import { connect, type Socket } from 'node:net';

/** One answer as read off the wire. */
export interface RawAnswer {
  readonly status: number;
  /** Header lines in their order, names lower-cased. */
  readonly headers: readonly (readonly [string, string])[];
  /** The body, de-chunked, as latin1 text (bytes kept one to one). */
  readonly body: string;
  /** The header names as written, in their order: which server path wrote them shows in their case. */
  readonly rawNames: readonly string[];
}

/**
 * How a request's exchange ends. 'kept': one answer on the kept connection. 'closes': on a
 * connection of its own, read until the server closes it, which the request makes it do
 * (`Connection: close`, HTTP/1.0, bytes the parser refuses). 'half-close': the same, the client's
 * side closed after the bytes, for a body that never ends (the server would wait for the rest).
 * Half-closing races the server's answers against its reaction to the end, so only those use it.
 */
export type Ending = 'kept' | 'closes' | 'half-close';

/** What a connection gave back for one request: its answers, and how the exchange ended. */
export interface RawExchange {
  readonly answers: readonly RawAnswer[];
  /** Bytes after the last whole answer (a cut answer), as latin1. */
  readonly rest: string;
  /** 'answered': one whole answer read on a kept connection; 'closed': read until the server closed; 'timeout'. */
  readonly end: 'answered' | 'closed' | 'timeout';
}

/** Statuses that never have a body. */
const bodyless = (status: number) => status === 204 || status === 304 || (status >= 100 && status < 200);

/**
 * Parses one answer at the start of `data`, or `undefined` when it is not whole yet. `closed`:
 * the server has closed, so a body without a length ends here.
 */
export function parseAnswer(data: Buffer, head: boolean, closed: boolean): { answer: RawAnswer; used: number } | undefined {
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd === -1) return undefined;
  const lines = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0]!)?.[1] ?? NaN);
  const rawNames = lines.slice(1).map((line) => line.slice(0, line.indexOf(':')));
  const headers = lines.slice(1).map((line, i): [string, string] => [rawNames[i]!.toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]);
  const start = headEnd + 4;
  const value = (name: string) => headers.find(([n]) => n === name)?.[1];
  if (head || bodyless(status)) return { answer: { status, headers, body: '', rawNames }, used: start };
  if (value('transfer-encoding')?.toLowerCase() === 'chunked') {
    const chunked = dechunk(data, start);
    return chunked && { answer: { status, headers, body: chunked.body, rawNames }, used: chunked.used };
  }
  const length = value('content-length');
  if (length !== undefined) {
    const end = start + Number(length);
    return data.length < end ? undefined : { answer: { status, headers, body: data.subarray(start, end).toString('latin1'), rawNames }, used: end };
  }
  return closed ? { answer: { status, headers, body: data.subarray(start).toString('latin1'), rawNames }, used: data.length } : undefined;
}

/** A chunked body from `start`: its bytes and where it ends (after the trailers), or undefined when incomplete. */
function dechunk(data: Buffer, start: number): { body: string; used: number } | undefined {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) return undefined;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    at = lineEnd + 2;
    if (size === 0) {
      const trailersEnd = data.indexOf('\r\n\r\n', at - 2);
      return trailersEnd === -1 ? undefined : { body: Buffer.concat(parts).toString('latin1'), used: trailersEnd + 4 };
    }
    if (data.length < at + size + 2) return undefined;
    parts.push(data.subarray(at, at + size));
    at += size + 2;
  }
}

/**
 * A client connection to one server, kept open between requests while both sides allow it.
 *
 * @example
 * const client = new RawClient(port);
 * const { answers } = await client.exchange(Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n'), { head: false, ending: 'kept' });
 */
export class RawClient {
  private socket?: Socket;
  private data: Buffer = Buffer.alloc(0);
  private closed = false;
  private wake?: () => void;

  constructor(
    private readonly port: number,
    private readonly timeoutMs = 2000,
  ) {}

  /**
   * Sends one request's bytes and reads its answers, as `ending` says (see `Ending`).
   */
  async exchange(bytes: Buffer, options: { readonly head: boolean; readonly ending: Ending }): Promise<RawExchange> {
    const kept = options.ending === 'kept';
    if (!kept || this.closed) this.close();
    await this.open();
    const socket = this.socket!;
    socket.write(bytes);
    if (options.ending === 'half-close') socket.end();
    const deadline = Date.now() + this.timeoutMs;
    const answers: RawAnswer[] = [];
    for (;;) {
      const parsed = parseAnswer(this.data, options.head, this.closed);
      if (parsed) {
        answers.push(parsed.answer);
        this.data = this.data.subarray(parsed.used);
        const closing = parsed.answer.headers.some(([name, value]) => name === 'connection' && value.toLowerCase() === 'close');
        // An interim answer (100 Continue) is followed by the real one.
        if (kept && !closing && parsed.answer.status >= 200) return { answers, rest: '', end: 'answered' };
        continue;
      }
      if (this.closed) {
        const rest = this.data.toString('latin1');
        this.close();
        return { answers, rest, end: 'closed' };
      }
      const left = deadline - Date.now();
      if (left <= 0 || !(await this.more(left))) {
        const rest = this.data.toString('latin1');
        this.close();
        return { answers, rest, end: 'timeout' };
      }
    }
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
    this.data = Buffer.alloc(0);
    this.closed = false;
  }

  private open(): Promise<void> {
    if (this.socket) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const socket = connect(this.port, '127.0.0.1', () => {
        socket.off('error', reject);
        resolve();
      });
      this.socket = socket;
      socket.on('error', reject);
      socket.on('data', (chunk: Buffer) => {
        if (this.socket !== socket) return;
        this.data = this.data.length === 0 ? chunk : Buffer.concat([this.data, chunk]);
        this.wake?.();
      });
      // A reset after the answer is the server's way of closing too.
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (this.socket !== socket) return;
        this.closed = true;
        this.wake?.();
      });
    });
  }

  /** Waits for more data or the close; false after `ms` without either. */
  private more(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve(false);
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve(true);
      };
    });
  }
}
