import type { ServerAdapter } from '../served-http.js';

/**
 * The adapter of the runtime this process runs on: `Deno.serve` on Deno, `Bun.serve` on Bun, Node's own server on
 * Node (the node adapter). Imported on demand, so Deno never loads the node adapter and Node never loads the Deno
 * adapter.
 */
export async function serverAdapterForRuntime(): Promise<ServerAdapter> {
  if ('Deno' in globalThis) return (await import('./web/deno-listener.js')).listenDeno;
  if ('Bun' in globalThis) return (await import('./bun/bun-listener.js')).listenBun;
  return (await import('./node/node-listener.js')).listenNode;
}
