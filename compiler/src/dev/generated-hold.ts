/**
 * Module hooks of the dev loop's app processes (registered by app-preload.ts, run in Node's module
 * hooks thread): the files under the generated directory load only once the loop says the build
 * wrote them. The next app can so start loading its own modules while framework-build still
 * builds; the module graph runs once it is complete, after the build.
 *
 * The loop says it by writing to a pipe this thread reads itself (the process's {@link HoldData.fd}):
 * on Node 22 and later the main thread waits, blocked, for each module this thread resolves or
 * loads, so a message through it could not arrive while a load is held.
 */
import net from 'node:net';

/** What app-preload.ts passes to {@link initialize}. */
export interface HoldData {
  /** The generated directory as a file URL ending in `/`. */
  readonly generatedUrl: string;
  /** The pipe the loop writes to once the build has written the generated files (or nothing is held). */
  readonly fd: number;
}

type NextResolve = (specifier: string, context: unknown) => Promise<{ url: string }>;
type NextLoad = (url: string, context: unknown) => Promise<unknown>;

let generatedUrl = '';
let isWritten = false;
let written: Promise<void> = Promise.resolve();

/** Node calls it with the data of `register`. */
export function initialize(data: HoldData): void {
  generatedUrl = data.generatedUrl;
  const pipe = new net.Socket({ fd: data.fd, readable: true, writable: false });
  written = new Promise((resolve) => {
    const done = (): void => {
      isWritten = true;
      pipe.destroy();
      resolve();
    };
    // Written to, or closed: a loop that is gone has nothing more to say.
    pipe.once('data', done).once('end', done).once('error', done);
  });
  pipe.unref();
}

/**
 * Until the build wrote its files, a failure waits for them and is tried again: a specifier may
 * name a generated file not written yet (a new `.proto`'s types), a module may have an error the
 * build is about to report (the loop then discards this process, which so prints nothing).
 */
async function afterTheBuild<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (isWritten) throw error;
    await written;
    return attempt();
  }
}

/** Resolves as Node does; a failure before the build wrote its files is tried again after. */
export function resolve(specifier: string, context: unknown, next: NextResolve): Promise<{ url: string }> {
  return afterTheBuild(() => next(specifier, context));
}

/** A generated file loads once the build wrote it; another module's failure before that is tried again after. */
export async function load(url: string, context: unknown, next: NextLoad): Promise<unknown> {
  if (!isWritten && url.startsWith(generatedUrl)) await written;
  return afterTheBuild(() => next(url, context));
}
