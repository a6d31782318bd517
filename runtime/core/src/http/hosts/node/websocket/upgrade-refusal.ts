import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** Headers a refusal never repeats from its source: it sets its own length and closes the connection. */
const OWN_HEADERS = new Set(['content-length', 'connection', 'transfer-encoding']);

/**
 * Writes the answer to an upgrade request that opens no socket (a guard's 403) as an HTTP/1.1
 * response on the raw connection, and closes it: Node serves it no more after an upgrade request.
 */
export function writeRefusal(socket: Duplex, status: number, headers: readonly (readonly [string, string])[], body: string | Buffer): void {
  if (socket.destroyed) return;
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nconnection: close\r\ncontent-length: ${bytes.length}\r\n`;
  for (const [name, value] of headers) if (!OWN_HEADERS.has(name)) head += `${name}: ${value}\r\n`;
  socket.end(Buffer.concat([Buffer.from(`${head}\r\n`), bytes]));
}

/** Writes a Web `Response` as a refusal, with `extra` headers where the response has none of that name. */
export async function writeResponseRefusal(socket: Duplex, response: Response, extra?: Record<string, string | string[]>): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  for (const [name, value] of Object.entries(extra ?? {})) if (!response.headers.has(name)) for (const line of [value].flat()) headers.push([name, line]);
  writeRefusal(socket, response.status, headers, body);
}
