/**
 * The dashboard's front end: plain HTML, CSS and JavaScript modules shipped in the package
 * (`compiler/dashboard-web/`), served as they are: no build step, nothing fetched from elsewhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The folder of the front end: `compiler/dashboard-web`, three levels up from `src/dev/dashboard/` or `dist/dev/dashboard/`. */
export const WEB_DIR = fileURLToPath(new URL('../../../dashboard-web/', import.meta.url));

export interface StaticFile {
  readonly type: string;
  readonly body: Buffer;
}

/**
 * Reads every file of the front end once, by its name: a request names one of them or nothing
 * (no path from the request ever reaches the file system).
 *
 * @example
 * const files = loadStaticFiles();
 * files.get('app.js') // { type: 'text/javascript; charset=utf-8', body: <Buffer …> }
 */
export function loadStaticFiles(dir: string = WEB_DIR): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const name of fs.readdirSync(dir)) {
    const type = TYPES[path.extname(name)];
    if (type) files.set(name, { type, body: fs.readFileSync(path.join(dir, name)) });
  }
  return files;
}
