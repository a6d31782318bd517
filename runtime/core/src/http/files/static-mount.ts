import { preferredCodings, type Coding } from '../encoding/negotiate.js';
import { rangeAsk } from './byte-ranges.js';
import type { FileAnswer, FileRequest } from './file-answer.js';
import type { FileFacts, FilePort } from './file-port.js';
import { belowPrefix, fileSegments } from './request-path.js';
import { resolveStaticOptions, staticPrefix, type ResolvedStaticOptions, type StaticOptions } from './static-options.js';
import { fileValidators, notModified, rangeStillValid } from './validators.js';

/** A file found inside the root. */
interface Found {
  readonly path: string;
  readonly name: string;
  readonly facts: FileFacts;
}

/** The precompressed siblings looked for, in the server's order of preference. */
const SIBLINGS: readonly { coding: Coding; suffix: string }[] = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
];
const SIBLING_CODINGS: readonly Coding[] = ['br', 'gzip', 'identity'];

/**
 * One `app.serveStatic(prefix, directory, options)`: answers GET and HEAD requests under its
 * prefix from the files of its directory, host-neutral (a `FilePort` reads; each host writes the
 * `FileAnswer`). It answers only what names a file (or the SPA fallback); anything else is
 * `undefined`, left to the routes and their 404. A path is never joined to the root unless each
 * segment is plain (`request-path.ts`), and the joined path's realpath must lie inside the
 * root's realpath, so neither `..` in any spelling nor a symbolic link reads outside. No listing.
 *
 * @example
 * const mount = new StaticMount('/assets', 'public', { maxAge: 3600 }, loadFilePort);
 * const answer = await mount.answer({ method: 'GET', path: '/assets/app.js', header: (n) => headers[n] });
 */
export class StaticMount {
  readonly prefix: string;
  readonly options: ResolvedStaticOptions;
  private opening?: Promise<{ port: FilePort; root: string }>;

  /**
   * Whether the directory must exist when the server starts (`app.listen` awaits `open`): true for
   * a path, false for a directory found on first need (the docs page's `swagger-ui-dist`, whose
   * absence is a 503 naming the package to install).
   */
  readonly required: boolean;

  constructor(
    prefix: string,
    /** A path, or where to find one on first need (rejecting with what to do when there is none). */
    readonly directory: string | (() => Promise<string>),
    options: StaticOptions | undefined,
    private readonly loadPort: () => Promise<FilePort>,
  ) {
    this.prefix = staticPrefix(prefix);
    this.options = resolveStaticOptions(options);
    this.required = typeof directory === 'string';
    if (directory === '' || (typeof directory !== 'string' && typeof directory !== 'function')) {
      throw new TypeError(`app.serveStatic('${this.prefix}', directory): the directory is a path such as 'public'; got ${JSON.stringify(directory)}.`);
    }
  }

  /**
   * Loads the file port and resolves the directory's realpath, once; rejects with a message
   * naming the directory when it is missing (a lazy directory is tried again by the next request).
   */
  open(): Promise<{ port: FilePort; root: string }> {
    this.opening ??= (async () => {
      const port = await this.loadPort();
      const directory = typeof this.directory === 'string' ? this.directory : await this.directory();
      const facts = await port.stat(directory);
      if (!facts?.isDirectory) throw new Error(`app.serveStatic('${this.prefix}', '${directory}'): no such directory (relative paths start at the working directory).`);
      return { port, root: await port.realpath(directory) };
    })();
    if (!this.required) this.opening.catch(() => (this.opening = undefined));
    return this.opening;
  }

  /** Whether a request path is under this mount's prefix. */
  covers(path: string): boolean {
    return belowPrefix(path, this.prefix) !== undefined;
  }

  /** The answer to `request`, or undefined when no file of this mount answers it. */
  async answer(request: FileRequest): Promise<FileAnswer | undefined> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const rest = belowPrefix(request.path, this.prefix);
    if (rest === undefined) return undefined;
    const segments = fileSegments(rest);
    if (segments === undefined) return undefined;
    const { port, root } = await this.open();
    // `/app.js/` names a directory: a file there is not found (as nginx, send and Hono answer).
    let found = await this.find(port, root, segments, rest.length > 1 && rest.endsWith('/'));
    if (!found && this.options.fallback !== undefined && acceptsHtml(request.header('accept'))) found = await this.find(port, root, this.options.fallback.split('/'));
    return found && this.respond(port, root, request, found);
  }

  /**
   * The file `segments` name inside `root` (a directory's index file), after the realpath check;
   * only a directory's when `directory` (the path ended with a slash).
   */
  private async find(port: FilePort, root: string, segments: readonly string[], directory = false, depth = 0): Promise<Found | undefined> {
    const { real, facts } = (segments.length === 1 && (await this.directlyInRoot(port, root, segments[0]!))) || (await this.resolved(port, root, segments));
    if (real === undefined) return undefined;
    if (facts?.isDirectory && this.options.index !== undefined && depth === 0) return this.find(port, root, [...segments, this.options.index], false, 1);
    if (!facts?.isFile || directory) return undefined;
    const name = segments.length > 0 ? segments[segments.length - 1]! : '';
    const { extensions } = this.options;
    if (extensions && !extensions.some((extension) => name.toLowerCase().endsWith(extension))) return undefined;
    return { path: real, name, facts };
  }

  /**
   * A name directly in the root that is no symbolic link: the root is a realpath, so the joined
   * path is one too, and one `lstat` stands for a `realpath` and a `stat` (each a trip to the
   * thread pool on Node). `false` when the general way must decide (a symbolic link, or nothing).
   */
  private async directlyInRoot(port: FilePort, root: string, name: string): Promise<{ real: string; facts: FileFacts } | false> {
    const path = port.join(root, name);
    const facts = await port.lstat(path);
    return facts !== undefined && !facts.isSymbolicLink && { real: path, facts };
  }

  /** The realpath of `segments` under `root` when it lies inside, and what is there. */
  private async resolved(port: FilePort, root: string, segments: readonly string[]): Promise<{ real?: string; facts?: FileFacts }> {
    const real = await this.inside(port, root, port.join(root, ...segments));
    return real === undefined ? {} : { real, facts: await port.stat(real) };
  }

  /** `path`'s realpath when it lies inside `root` (a symbolic link out of it does not). */
  private async inside(port: FilePort, root: string, path: string): Promise<string | undefined> {
    let real: string;
    try {
      real = await port.realpath(path);
    } catch {
      return undefined;
    }
    return real === root || real.startsWith(root.endsWith(port.separator) ? root : root + port.separator) ? real : undefined;
  }

  private async respond(port: FilePort, root: string, request: FileRequest, found: Found): Promise<FileAnswer> {
    const { options } = this;
    const rangeHeader = request.header('range');
    // A precompressed sibling is picked only for a whole-file GET: a range counts in the bytes of one representation.
    const sibling = options.precompressed && rangeHeader === undefined ? await this.sibling(port, root, request, found) : undefined;
    const file = sibling?.found ?? found;
    const { etag, lastModified } = fileValidators(file.facts, sibling ? `-${sibling.coding}` : '');
    const headers: Record<string, string> = {
      ...options.headers,
      'content-type': port.contentType(found.name) ?? 'application/octet-stream',
      'cache-control': options.cacheControl,
      etag,
      'last-modified': lastModified,
      'x-content-type-options': 'nosniff',
    };
    if (options.precompressed) headers.vary = 'Accept-Encoding';
    if (sibling) headers['content-encoding'] = sibling.coding;
    else headers['accept-ranges'] = 'bytes';
    if (notModified(request.header, etag, lastModified)) {
      delete headers['content-type'];
      return { status: 304, headers };
    }
    const size = file.facts.size;
    const ask = sibling || !rangeStillValid(request.header('if-range'), etag, lastModified) ? { kind: 'whole' as const } : rangeAsk(rangeHeader, size);
    if (ask.kind === 'unsatisfiable') {
      const text = `Range not satisfiable: ${ask.reason}.`;
      return { status: 416, headers: { ...options.headers, 'content-range': `bytes */${size}`, 'content-type': 'text/plain; charset=utf-8', 'content-length': String(new TextEncoder().encode(text).byteLength) }, text };
    }
    const [status, start, end] = ask.kind === 'part' ? [206, ask.start, ask.end] : [200, 0, size - 1];
    if (status === 206) headers['content-range'] = `bytes ${start}-${end}/${size}`;
    headers['content-length'] = String(end - start + 1);
    const body = request.method === 'HEAD' || size === 0 ? undefined : { path: file.path, start, end };
    return { status, headers, ...(body ? { body } : {}) };
  }

  /** The best precompressed sibling the client accepts (`app.js.br`), when one exists inside the root. */
  private async sibling(port: FilePort, root: string, request: FileRequest, found: Found): Promise<{ coding: Coding; found: Found } | undefined> {
    // The client's favourites first, down to the file as it is.
    for (const coding of preferredCodings(request.header('accept-encoding'), SIBLING_CODINGS)) {
      if (coding === 'identity') return undefined;
      const suffix = SIBLINGS.find((sibling) => sibling.coding === coding)!.suffix;
      const real = await this.inside(port, root, found.path + suffix);
      const facts = real === undefined ? undefined : await port.stat(real);
      if (facts?.isFile) return { coding, found: { path: real!, name: found.name, facts } };
    }
    return undefined;
  }
}

/** Whether an `Accept` header asks for HTML (a browser's navigation), not `*\/*` alone. */
function acceptsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /\btext\/html\b/.test(accept);
}

/**
 * Refuses, at init, a mount whose prefix (other than `/`) holds a controller route: the files
 * would never be reached there, or the route would not (`framework-build` reports the same for a
 * literal prefix, FW2313). A mount at `/` is served for what no route matches.
 *
 * @example
 * checkMountsAgainstRoutes([new StaticMount('/todo', …)], routes); // throws: GET /todo/:id lies under it
 */
export function checkMountsAgainstRoutes(mounts: readonly StaticMount[], routes: readonly { readonly method: string; readonly path: string }[]): void {
  for (const mount of mounts) {
    if (mount.prefix === '/') continue;
    const shadowed = routes.find((route) => mount.covers(route.path));
    if (shadowed) {
      throw new Error(
        `app.serveStatic('${mount.prefix}', …) covers the route ${shadowed.method} ${shadowed.path}: a prefix of static files holds no controller route. Serve the files under another prefix (such as '/assets').`,
      );
    }
  }
}
