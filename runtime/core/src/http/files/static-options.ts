/**
 * Options of `app.serveStatic(prefix, directory, options)`.
 *
 * @example
 * app.serveStatic('/assets', 'dist/assets', { maxAge: 31_536_000, immutable: true, precompressed: true });
 */
export interface StaticOptions {
  /** `Cache-Control: max-age` in seconds (default 0: the browser checks with the server each time, a 304 when unchanged). */
  readonly maxAge?: number;
  /** Adds `immutable` to `Cache-Control`: for names that change with their content (`app.3f9a1c.js`). Default false. */
  readonly immutable?: boolean;
  /** Serves `name.br` / `name.gz` beside `name` when the client accepts that encoding (default false). */
  readonly precompressed?: boolean;
  /**
   * A file (relative to the directory) answered for a GET asking for HTML that names no file:
   * a single-page application's `index.html`, whose script routes on the client. Default none.
   */
  readonly fallback?: string;
  /** The file answered for a directory (`/assets/` → `/assets/index.html`); default `index.html`, `false` for none. */
  readonly index?: string | false;
  /** Serve only files whose names end with one of these (`['.js', '.css']`); default every file. */
  readonly extensions?: readonly string[];
  /** Headers added to every answer of the mount, its 404s included (a `Content-Security-Policy`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The options with their defaults filled in and checked. */
export interface ResolvedStaticOptions {
  readonly cacheControl: string;
  readonly precompressed: boolean;
  readonly fallback: string | undefined;
  readonly index: string | undefined;
  readonly extensions: readonly string[] | undefined;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Fills in defaults and refuses what cannot be meant, with the fix in the message.
 *
 * @example
 * resolveStaticOptions({ maxAge: 60 }).cacheControl; // 'public, max-age=60'
 */
export function resolveStaticOptions(options: StaticOptions = {}): ResolvedStaticOptions {
  const { maxAge = 0, immutable = false, precompressed = false, fallback, index = 'index.html', extensions, headers = {} } = options;
  if (extensions !== undefined && (!Array.isArray(extensions) || extensions.some((extension) => typeof extension !== 'string' || !/^\.[\w.-]+$/.test(extension)))) {
    throw new TypeError(`app.serveStatic(): extensions lists name endings with their dot, such as ['.js', '.css']; got ${JSON.stringify(extensions)}.`);
  }
  if (!Number.isInteger(maxAge) || maxAge < 0) throw new TypeError(`app.serveStatic(): maxAge is a whole number of seconds, 0 or more (31536000 is a year); got ${String(maxAge)}.`);
  for (const [name, file] of [['fallback', fallback], ['index', index]] as const) {
    if (file !== undefined && file !== false && (typeof file !== 'string' || file === '' || /(^|[\\/])\.\.?([\\/]|$)|^[\\/]|\0/.test(file))) {
      throw new TypeError(`app.serveStatic(): ${name} names a file inside the directory, such as 'index.html'; got ${JSON.stringify(file)}.`);
    }
  }
  return {
    cacheControl: `public, max-age=${maxAge}${immutable ? ', immutable' : ''}`,
    precompressed,
    fallback: fallback || undefined,
    index: index || undefined,
    extensions: extensions?.map((extension) => extension.toLowerCase()),
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
  };
}

/**
 * The path prefix of a mount, normalised: one leading slash, no trailing one (`/` stays `/`).
 * Refuses what is not a plain path.
 *
 * @example
 * staticPrefix('assets/'); // '/assets'
 */
export function staticPrefix(prefix: string): string {
  if (typeof prefix !== 'string' || /[?#*:\\\0%]|(^|\/)\.\.?(\/|$)/.test(prefix)) {
    throw new TypeError(`app.serveStatic(): the prefix is a plain path such as '/assets' (no ':param', '*', '?', '%' or dot segment); got ${JSON.stringify(prefix)}.`);
  }
  return `/${prefix}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
}
