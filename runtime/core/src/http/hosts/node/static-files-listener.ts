import { close, createReadStream, open, read } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import type { StaticRoute } from '../../../contract/static-route.js';
import { joinedVary } from '../../browser/vary.js';
import type { FileAnswer } from '../../files/file-answer.js';
import { mountOf } from '../../files/web-file-answer.js';
import type { AnswerHeaders, HostExchange } from '../../pipeline/host-exchange.js';
import type { HostHandler } from '../../pipeline/route-dispatch.js';
import { NodeExchange } from './node-exchange.js';
import { requestHeaderOf } from './request-headers.js';

type NodeHandler = HostHandler<IncomingMessage, ServerResponse>;

/**
 * The node adapter's handler of a static route: an `app.serveStatic` mount's file is read at once
 * when small or streamed to the socket with `fs.createReadStream` (no Web stream in between), with the application-wide
 * route headers it does not set itself; anything else (another static route, a path that names
 * no file, a directory not there) is the `portable` handler's, a Web `Request` in and a `Response` out.
 *
 * @example
 * const handler = nodeStaticHandler(route, portable, startHeaders);
 */
export function nodeStaticHandler(route: StaticRoute, portable: NodeHandler, headers: ((exchange: HostExchange) => AnswerHeaders) | undefined): NodeHandler {
  const mount = mountOf(route);
  if (!mount) return portable;
  return (incoming, outgoing, path, values) => {
    const url = incoming.url!;
    const query = url.indexOf('?');
    const method = incoming.method === 'HEAD' ? 'HEAD' : 'GET';
    mount.answer({ method, path: query === -1 ? url : url.slice(0, query), header: (name) => requestHeaderOf(incoming, name) }).then(
      (answer) => (answer ? writeFileAnswer(outgoing, answer, headers?.(new NodeExchange(incoming, outgoing))) : portable(incoming, outgoing, path, values)),
      // A failure to open the directory is what the portable handler reports (its 503 names it).
      () => portable(incoming, outgoing, path, values),
    );
  };
}

/**
 * Files up to this many bytes are read into one buffer and written with `end`: open, one read and
 * close on the thread pool, without a read stream and a pipeline around them (a 1 KiB file cost
 * about a third of the CPU that way, measured alone).
 */
const WHOLE_READ_BYTES = 64 * 1024;

/** Writes a file answer, its bytes read at once when small, else piped from the file; a read failing cuts the connection. */
export function writeFileAnswer(outgoing: ServerResponse, answer: FileAnswer, extra?: AnswerHeaders): void {
  const headers = extra ? withRouteHeaders(answer.headers, extra) : answer.headers;
  if (!answer.body) {
    outgoing.writeHead(answer.status, headers);
    outgoing.end(answer.text);
    return;
  }
  const { path, start, end } = answer.body;
  const length = end - start + 1;
  if (length <= WHOLE_READ_BYTES) {
    readWhole(path, start, length, (bytes) => {
      // Gone or shorter since its stat: the promised length cannot be sent, so nothing is.
      if (!bytes) return void outgoing.destroy();
      outgoing.writeHead(answer.status, headers);
      outgoing.end(bytes);
    });
    return;
  }
  outgoing.writeHead(answer.status, headers);
  const file = createReadStream(path, { start, end });
  // Cut short since its stat (rewritten in place): the promised length cannot be sent, and a
  // connection left open would keep the client waiting for the rest. Before the pipeline's own end.
  file.once('end', () => file.bytesRead !== length && outgoing.destroy());
  pipeline(file, outgoing, () => undefined);
}

/** The file's headers over the route headers, its `Vary` joined to theirs (CORS's `Origin` kept beside `Accept-Encoding`). */
function withRouteHeaders(own: Record<string, string>, extra: AnswerHeaders): OutgoingHttpHeaders {
  const headers = { ...extra, ...own } as OutgoingHttpHeaders;
  if (own.vary !== undefined && extra.vary !== undefined) headers.vary = joinedVary(String(extra.vary), own.vary);
  return headers;
}

/** `length` bytes of `path` from `start`, or undefined when it cannot give them all. */
function readWhole(path: string, start: number, length: number, done: (bytes: Buffer | undefined) => void): void {
  open(path, 'r', (opened, fd) => {
    if (opened) return done(undefined);
    const bytes = Buffer.allocUnsafe(length);
    read(fd, bytes, 0, length, start, (failed, count) => close(fd, () => done(failed || count !== length ? undefined : bytes)));
  });
}
