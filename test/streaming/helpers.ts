// What the streaming suites share: waiting for a condition, and the few `ws` client steps they take.
import WebSocket from 'ws';

/** Resolves once `check()` holds, polling every `every` ms; rejects naming `what` after `ms`. */
export async function until(check: () => boolean, what: string, ms = 3000, every = 10): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/** Resolves once `count()` stops growing between two looks 300 ms apart (a producer paused by back-pressure); returns its value. */
export async function untilStalled(count: () => number, what: string): Promise<number> {
  let sample = -1;
  await until(() => {
    const stalled = count() === sample;
    sample = count();
    return stalled;
  }, what, 20_000, 300);
  return sample;
}

/** Opens a socket; resolves once open, or with the HTTP status the upgrade was refused with. */
export function openSocket(url: string, options: WebSocket.ClientOptions = {}, protocols?: string[]): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const socket = protocols ? new WebSocket(url, protocols, options) : new WebSocket(url, options);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', reject);
  });
}

/** The close code and reason the socket ends with. */
export const closed = (socket: WebSocket) => new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));

/** The next message, parsed as JSON. */
export const nextMessage = (socket: WebSocket) => new Promise<unknown>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));

/** Sends `send` on a new socket of `url` and returns how the server closes it. */
export async function closeFor(url: string, options: WebSocket.ClientOptions, send: string | Buffer): Promise<{ code: number; reason: string }> {
  const socket = (await openSocket(url, options)) as WebSocket;
  const end = closed(socket);
  socket.send(send);
  return end;
}
