import type { IncomingMessage } from 'node:http';
import { BodyTooLargeException, RequestAbortedException } from '../../../exceptions/request-exceptions.js';
import type { BodyDone } from '../../pipeline/host-exchange.js';

/** One body being read, kept on the request for the module-level listeners (no closures per request). */
interface BodyRead {
  readonly limit: number;
  readonly chunks: Buffer[];
  size: number;
  done: BodyDone | undefined;
}

const reading = Symbol('body read');
/** A settled read: what the listeners left on the request find (the chunks let go). */
const settled: BodyRead = { limit: 0, chunks: [], size: 0, done: undefined };
type Reading = IncomingMessage & { [reading]: BodyRead };
const noBytes = new Uint8Array(0);

/** The port's `readBody` on Node: chunks as they come, the limit checked while reading (as Fastify does). */
export function readBodyBytes(incoming: IncomingMessage, limit: number, done: BodyDone): void {
  (incoming as Reading)[reading] = { limit, chunks: [], size: 0, done };
  // The listeners stay once the read is settled (they do nothing then): removing four costs more
  // than the request they would outlive, and the 'error' one keeps a late reset from being thrown.
  incoming.on('data', onData);
  incoming.on('end', onEnd);
  incoming.on('error', onError);
  incoming.on('close', onClose);
}

function settle(incoming: Reading, error: Error | undefined): void {
  const read = incoming[reading];
  const { done, chunks } = read;
  if (done === undefined) return;
  incoming[reading] = settled;
  if (error !== undefined) return done(error, noBytes);
  done(undefined, chunks.length === 1 ? chunks[0]! : chunks.length === 0 ? noBytes : Buffer.concat(chunks, read.size));
}

function onData(this: Reading, chunk: Buffer): void {
  const read = this[reading];
  if (read.done === undefined) return;
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
