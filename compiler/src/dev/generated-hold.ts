/**
 * Module hooks of the dev loop's app processes (registered by app-preload.ts, in Node's module
 * hooks thread): the files under the generated directory load only once the loop says the build
 * wrote them. The next app can so start loading its own modules while framework-build still
 * builds: Node fetches an ES module graph's files concurrently, so all but the generated files
 * (and what only they import) are read and compiled meanwhile; the graph runs once it is complete.
 */
import type { MessagePort } from 'node:worker_threads';

/** What app-preload.ts passes to {@link initialize}. */
export interface HoldData {
  /** The generated directory as a file URL ending in `/`. */
  readonly generatedUrl: string;
  /** Receives one message once the build has written the generated files (or nothing is held). */
  readonly written: MessagePort;
}

interface NextResolve {
  (specifier: string, context: unknown): Promise<{ url: string }>;
}
interface NextLoad {
  (url: string, context: unknown): Promise<unknown>;
}

let generatedUrl = '';
let isWritten = false;
let written: Promise<void> = Promise.resolve();

/** Node calls it with the data of `register`. */
export function initialize(data: HoldData): void {
  generatedUrl = data.generatedUrl;
  written = new Promise((resolve) =>
    data.written.once('message', () => {
      isWritten = true;
      data.written.close();
      resolve();
    }),
  );
}

/** A specifier that does not resolve yet may name a generated file the build is writing: asked again once it wrote them. */
export async function resolve(specifier: string, context: unknown, next: NextResolve): Promise<{ url: string }> {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (isWritten) throw error;
    await written;
    return next(specifier, context);
  }
}

/** A generated file loads once the build wrote it. */
export async function load(url: string, context: unknown, next: NextLoad): Promise<unknown> {
  if (!isWritten && url.startsWith(generatedUrl)) await written;
  return next(url, context);
}
