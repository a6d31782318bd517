// Imported by the docs page on the first request of an asset only: the shared core imports no
// runtime module statically (Node and Deno both provide these through their Node compatibility).
import { createRequire } from 'node:module';
import path from 'node:path';

/** What to install when the assets cannot be found. */
export const MISSING_ASSETS = 'The docs page needs the swagger-ui-dist package: npm install swagger-ui-dist';

/**
 * The folder of the installed `swagger-ui-dist`, resolved from the application's working
 * directory first (where the app installs it), then from the framework's own folder; throws
 * `MISSING_ASSETS` when neither has it.
 *
 * @example
 * assetFolder() // '/app/node_modules/swagger-ui-dist'
 */
export function assetFolder(): string {
  for (const from of [path.join(process.cwd(), 'package.json'), import.meta.url]) {
    try {
      return path.dirname(createRequire(from).resolve('swagger-ui-dist/package.json'));
    } catch {
      // Try the next place.
    }
  }
  throw new Error(MISSING_ASSETS);
}
