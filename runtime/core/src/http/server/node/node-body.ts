import type { IncomingMessage } from 'node:http';
import { BodyTooLargeException, RequestAbortedException } from '../../../exceptions/request-exceptions.js';

const decoder = new TextDecoder();

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
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error: Error | undefined, text?: string) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onAbort);
      incoming.off('aborted', onAbort);
      incoming.off('close', onClose);
      if (error) reject(error);
      else resolve(text!);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // The rest is not read: the answer says `Connection: close`, so the connection ends after it.
        incoming.pause();
        return done(new BodyTooLargeException(limit));
      }
      chunks.push(chunk);
    };
    const onEnd = () => done(undefined, chunks.length === 1 ? decoder.decode(chunks[0]) : decoder.decode(Buffer.concat(chunks, size)));
    const onAbort = (cause?: unknown) => done(new RequestAbortedException({ cause }));
    const onClose = () => {
      if (!incoming.complete) onAbort(new Error('the client closed the connection before the body ended'));
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onAbort);
    incoming.on('aborted', onAbort);
    incoming.on('close', onClose);
  });
}
