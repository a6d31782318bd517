import type { ServerAdapter } from '../served-http.js';

/** The server adapter of the runtime this process runs on, imported on demand (Deno never loads Node's). */
export async function serverAdapterForRuntime(): Promise<ServerAdapter> {
  if ('Deno' in globalThis) return (await import('./web/deno-listener.js')).listenDeno;
  if ('Bun' in globalThis) return (await import('./bun/bun-listener.js')).listenBun;
  return (await import('./node/node-listener.js')).listenNode;
}
