import type { IncomingMessage } from 'node:http';
import { BodyTooLargeException, RequestAbortedException } from '../../../exceptions/request-exceptions.js';

const decoder = new TextDecoder();

/** What a finished body read calls: the text, or why there is none. */
export type BodyDone = (error: Error | undefined, text: string) => void;

/**
 * `readBody`'s bytes rather than its text: the port's read (`NodeExchange.readBody`).
 *
 * @example
 * readBodyBytes(incoming, 1 << 20, (error, bytes) => (error ? refuse(error) : parse(bytes)));
 */
export function readBodyBytes(incoming: IncomingMessage, limit: number, done: (error: Error | undefined, bytes: Uint8Array) => void): void {
  (incoming as Reading)[reading] = { limit, chunks: [], size: 0, done: undefined, bytesDone: done };
  listen(incoming);
}

/** One body being read: what the listeners below share (module-level functions, no closures per request). */
interface BodyRead {
  readonly limit: number;
  readonly chunks: Buffer[];
  size: number;
  done: BodyDone | undefined;
  /** Set instead of `done` for a read of bytes. */
  bytesDone?: (error: Error | undefined, bytes: Uint8Array) => void;
}

const reading = Symbol('body read');
/** A settled read: what the listeners left on the request find (the chunks let go). */
const settled: BodyRead = { limit: 0, chunks: [], size: 0, done: undefined };
type Reading = IncomingMessage & { [reading]: BodyRead };

/**
 * Reads a request body as text, the way Fastify does (chunks as they come, the limit checked while
 * reading), decoded as the Web `request.text()` decodes (UTF-8, a leading BOM dropped, invalid
 * bytes replaced), so both server paths parse the same text. `done` is called once: with a
 * BodyTooLargeException past `limit` bytes, a RequestAbortedException when the client goes away
 * first, else with the text. No promise: the hot path of a body route stays synchronous around it.
 *
 * @example
 * readBody(incoming, 1 << 20, (error, text) => (error ? refuse(error) : serve(text)));
 */
export function readBody(incoming: IncomingMessage, limit: number, done: BodyDone): void {
  (incoming as Reading)[reading] = { limit, chunks: [], size: 0, done };
  listen(incoming);
}

function listen(incoming: IncomingMessage): void {
  // The listeners stay once the read is settled (they do nothing then): removing four costs more
  // than the request they would outlive, and the 'error' one keeps a late reset from being thrown.
  incoming.on('data', onData);
  incoming.on('end', onEnd);
  incoming.on('error', onError);
  incoming.on('close', onClose);
}

/**
 * `readBody` as a promise.
 *
 * @example
 * const text = await readBodyText(incoming, 1 << 20);
 */
export function readBodyText(incoming: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => readBody(incoming, limit, (error, text) => (error ? reject(error) : resolve(text))));
}

/** Ends the read, once: `done` called with the text or the error. */
function settle(incoming: Reading, error: Error | undefined): void {
  const read = incoming[reading];
  const { done, bytesDone } = read;
  if (done === undefined && bytesDone === undefined) return;
  incoming[reading] = settled;
  const { chunks } = read;
  if (bytesDone !== undefined) return bytesDone(error, error !== undefined ? noBytes : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, read.size));
  if (error !== undefined) return done!(error, '');
  done!(undefined, decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, read.size)));
}

const noBytes = new Uint8Array(0);

function onData(this: Reading, chunk: Buffer): void {
  const read = this[reading];
  if (read.done === undefined && read.bytesDone === undefined) return;
  read.size += chunk.length;
  if (read.size > read.limit) {
    // The rest is not read: the answer says `Connection: close`, so the connection ends after it.
    this.pause();
    return settle(this, new BodyTooLargeException(read.limit));
  }
  read.chunks.push(chunk);
}

function onEnd(this: Reading): void {
  settle(this, undefined);
}

function onError(this: Reading, cause: unknown): void {
  settle(this, new RequestAbortedException({ cause }));
}

function onClose(this: Reading): void {
  if (!this.complete) settle(this, new RequestAbortedException({ cause: new Error('the client closed the connection before the body ended') }));
}
