/**
 * What static files need from a file system, and no more: Node, Deno and Bun give it through
 * `node:fs` (`node-file-port.ts`, imported on first need); a host without files (Cloudflare
 * Workers) gives none, and `app.serveStatic` refuses to start there.
 *
 * @example
 * const port: FilePort = await loadFilePort();
 * const real = await port.realpath('/srv/public/app.js');
 */
export interface FilePort {
  /** The path with every symbolic link resolved; rejects when it does not exist. */
  realpath(path: string): Promise<string>;
  /** What is at `path`, or undefined when nothing is (or it cannot be read). */
  stat(path: string): Promise<FileFacts | undefined>;
  /** What `path` itself is, a symbolic link not followed (`isSymbolicLink`), or undefined when nothing is. */
  lstat(path: string): Promise<(FileFacts & { readonly isSymbolicLink: boolean }) | undefined>;
  /** The bytes `start` to `end` (both inclusive) of a file, as a Web stream. */
  webStream(path: string, start: number, end: number): ReadableStream<Uint8Array>;
  /** The path separator of the host (`/`, or `\` on Windows). */
  readonly separator: string;
  /** `root` and `relative` joined and normalised. */
  join(root: string, ...relative: string[]): string;
  /** The `Content-Type` of a file by its name (`mime-types`), undefined when unknown. */
  contentType(name: string): string | undefined;
}

/** The facts about a file the answer needs. */
export interface FileFacts {
  readonly size: number;
  /** Last modification, in milliseconds since the epoch. */
  readonly mtimeMs: number;
  readonly isFile: boolean;
  readonly isDirectory: boolean;
}
