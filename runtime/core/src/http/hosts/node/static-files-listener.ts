import { close, createReadStream, open, read } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import type { FileAnswer } from '../../files/file-answer.js';
import type { StaticMount } from '../../files/static-mount.js';

/**
 * Serves `app.serveStatic` mounts on Node's own response, ahead of `next` (the listener of what
 * no compiled route matched): a GET or HEAD under a mount's prefix that names a file is answered
 * from the file, read at once when small or streamed to the socket with `fs.createReadStream` (no
 * Web stream in between);
 * anything else goes to `next` unchanged, which serves the same mounts through the fetch path
 * (`files/web-file-answer.ts`) after normalising the URL, or answers 404.
 *
 * @example
 * const fallback = servingStaticFiles(mounts, throughHono.listener);
 */
export function servingStaticFiles(mounts: readonly StaticMount[], next: RequestListener): RequestListener {
  if (mounts.length === 0) return next;
  return (incoming, outgoing) => {
    const method = incoming.method;
    if (method !== 'GET' && method !== 'HEAD') return next(incoming, outgoing);
    const url = incoming.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const mount = mounts.find((candidate) => candidate.covers(path));
    if (!mount) return next(incoming, outgoing);
    mount.answer({ method, path, header: (name) => headerOf(incoming, name) }).then(
      (answer) => (answer ? writeFileAnswer(outgoing, answer) : next(incoming, outgoing)),
      // A failure to open the directory is what `next` reports (its 500 names it), with the same path.
      () => next(incoming, outgoing),
    );
  };
}

function headerOf(incoming: IncomingMessage, name: string): string | undefined {
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Files up to this many bytes are read into one buffer and written with `end`: open, one read and
 * close on the thread pool, without a read stream and a pipeline around them (a 1 KiB file cost
 * about a third of the CPU that way, measured alone).
 */
const WHOLE_READ_BYTES = 64 * 1024;

/** Writes a file answer, its bytes read at once when small, else piped from the file; a read failing cuts the connection. */
export function writeFileAnswer(outgoing: ServerResponse, answer: FileAnswer): void {
  if (!answer.body) {
    outgoing.writeHead(answer.status, answer.headers);
    outgoing.end(answer.text);
    return;
  }
  const { path, start, end } = answer.body;
  const length = end - start + 1;
  if (length <= WHOLE_READ_BYTES) {
    readWhole(path, start, length, (bytes) => {
      // Gone or shorter since its stat: the promised length cannot be sent, so nothing is.
      if (!bytes) return void outgoing.destroy();
      outgoing.writeHead(answer.status, answer.headers);
      outgoing.end(bytes);
    });
    return;
  }
  outgoing.writeHead(answer.status, answer.headers);
  pipeline(createReadStream(path, { start, end }), outgoing, () => undefined);
}

/** `length` bytes of `path` from `start`, or undefined when it cannot give them all. */
function readWhole(path: string, start: number, length: number, done: (bytes: Buffer | undefined) => void): void {
  open(path, 'r', (opened, fd) => {
    if (opened) return done(undefined);
    const bytes = Buffer.allocUnsafe(length);
    read(fd, bytes, 0, length, start, (failed, count) => close(fd, () => done(failed || count !== length ? undefined : bytes)));
  });
}
