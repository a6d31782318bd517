import { onCloudflareWorkers } from '../../hosting/workers-host.js';
import type { FilePort } from './file-port.js';

/** Said when a host has no file system: what to use instead. */
export const NO_FILE_SYSTEM =
  'app.serveStatic() needs a file system, which this host does not have (Cloudflare Workers): serve the files from the platform (Workers static assets) or from a CDN.';

/**
 * The file port of this host: `node:fs`, loaded on first need so the shared core imports no host
 * module statically. Rejects with `NO_FILE_SYSTEM` on a host without one.
 *
 * @example
 * const port = await loadFilePort();
 */
export async function loadFilePort(): Promise<FilePort> {
  try {
    return (await import('./node-file-port.js')).nodeFilePort();
  } catch (error) {
    throw new Error(NO_FILE_SYSTEM, { cause: error });
  }
}

/** Whether this host is one without a file system: Cloudflare Workers. */
export function hostHasNoFiles(): boolean {
  return onCloudflareWorkers();
}
