import type { IncomingMessage } from 'node:http';
import { BodyTooLargeException, RequestAbortedException } from '../../../exceptions/request-exceptions.js';

const decoder = new TextDecoder();

/** One body being read: what the listeners below share (module-level functions, no closures per request). */
interface BodyRead {
  readonly limit: number;
  readonly chunks: Buffer[];
  size: number;
  readonly resolve: (text: string) => void;
  readonly reject: (error: Error) => void;
}

const reading = Symbol('body read');
type Reading = IncomingMessage & { [reading]?: BodyRead };

/**
 * Reads a request body as text, the way Fastify does (chunks as they come, the limit checked while
 * reading), decoded as the Web `request.text()` decodes (UTF-8, a leading BOM dropped, invalid
 * bytes replaced), so both server paths parse the same text. Rejects with a BodyTooLargeException
 * past `limit` bytes, a RequestAbortedException when the client goes away first.
 *
 * @example
 * const text = await readBodyText(incoming, 1 << 20);
 */
export function readBodyText(incoming: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    (incoming as Reading)[reading] = { limit, chunks: [], size: 0, resolve, reject };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}

/** Ends the read: the listeners removed, the promise settled. */
function settle(incoming: Reading, error: Error | undefined): void {
  const read = incoming[reading];
  if (read === undefined) return;
  incoming[reading] = undefined;
  incoming.off('data', onData);
  incoming.off('end', onEnd);
  incoming.off('error', onError);
  incoming.off('close', onClose);
  if (error !== undefined) return read.reject(error);
  const { chunks } = read;
  read.resolve(decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, read.size)));
}

function onData(this: Reading, chunk: Buffer): void {
  const read = this[reading]!;
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
