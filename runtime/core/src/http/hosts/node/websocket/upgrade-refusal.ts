import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AnswerHeaders } from '../../../pipeline/host-exchange.js';

/** Headers a refusal never repeats from its source: it sets its own length and closes the connection. */
const OWN_HEADERS = new Set(['content-length', 'connection', 'transfer-encoding']);

/**
 * Writes the answer to an upgrade request that opens no socket (a guard's 403) as an HTTP/1.1
 * response on the raw connection, and closes it: Node serves it no more after an upgrade request.
 */
export function writeRefusal(socket: Duplex, status: number, headers: AnswerHeaders | undefined, body: string | Buffer): void {
  if (socket.destroyed) return;
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nconnection: close\r\ncontent-length: ${bytes.length}\r\n`;
  for (const name in headers) if (!OWN_HEADERS.has(name)) for (const line of [headers[name]!].flat()) head += `${name}: ${line}\r\n`;
  socket.end(Buffer.concat([Buffer.from(`${head}\r\n`), bytes]));
}

/** Writes a Web `Response` as a refusal, with `extra` headers where the response has none of that name. */
export async function writeResponseRefusal(socket: Duplex, response: Response, extra?: Record<string, string | string[]>): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
  const headers = Object.create(null) as Record<string, string[]>;
  response.headers.forEach((value, name) => (headers[name] ??= []).push(value));
  for (const name in extra) if (!response.headers.has(name)) headers[name] = [extra[name]!].flat();
  writeRefusal(socket, response.status, headers, body);
}
