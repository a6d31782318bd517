/**
 * Temporary files for uploads larger than `UploadLimits.memoryBytes`. `node:fs` is loaded on first
 * use and only where a host has it: on a host without a filesystem (Workers) `temporaryFiles()`
 * answers `undefined` and files stay in memory.
 */

/** The part of `node:fs` and `node:os` this module uses. */
interface FileSystem {
  createWriteStream(path: string, options: { flags: string; mode: number }): TempWriteStream;
  openAsBlob?: (path: string, options?: { type?: string }) => Promise<Blob>;
  readFile(path: string, callback: (error: Error | null, data: Uint8Array) => void): void;
  unlink(path: string, callback: (error: Error | null) => void): void;
  tmpdir(): string;
}

/** A file being written: the part of a Node `WriteStream` used here. */
export interface TempWriteStream {
  write(chunk: Uint8Array): boolean;
  end(callback: () => void): void;
  destroy(): void;
  once(event: 'drain' | 'error' | 'close', listener: (error?: Error) => void): void;
}

/** A temporary file being written. */
export interface TempFile {
  readonly path: string;
  readonly stream: TempWriteStream;
  /** Settles once the stream has closed its file (ended or destroyed): only then may it be deleted. */
  readonly closed: Promise<void>;
}

/** Where a host keeps temporary files. */
export interface TemporaryFiles {
  /** A new file in `dir`, or the system's temporary directory, named so that no two collide. */
  create(dir: string | undefined): TempFile;
  /** The written file as a `Blob` read from disk (`fs.openAsBlob`), or read into memory where that is absent. */
  blob(path: string, type: string): Promise<Blob>;
  /** Deletes the file; a file gone already is no error. */
  remove(path: string): Promise<void>;
}

let loading: Promise<TemporaryFiles | undefined> | undefined;

/**
 * The host's temporary files, or `undefined` on a host without a filesystem.
 *
 * @example
 * const files = await temporaryFiles(); // undefined on Workers
 */
export function temporaryFiles(): Promise<TemporaryFiles | undefined> {
  return (loading ??= load());
}

async function load(): Promise<TemporaryFiles | undefined> {
  let fs: FileSystem;
  let join: (...parts: string[]) => string;
  try {
    const [fsModule, osModule, pathModule] = await Promise.all([import('node:fs'), import('node:os'), import('node:path')]);
    fs = { ...(fsModule as unknown as FileSystem), tmpdir: osModule.tmpdir };
    join = pathModule.join;
  } catch {
    return undefined;
  }
  if (typeof fs.createWriteStream !== 'function') return undefined;
  let counter = 0;
  const prefix = `framework-upload-${Date.now().toString(36)}-`;
  return {
    create(dir) {
      const path = join(dir ?? fs.tmpdir(), `${prefix}${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 10)}`);
      // `wx`: never an existing file; 0o600: only the server's user reads what a client sent.
      const stream = fs.createWriteStream(path, { flags: 'wx', mode: 0o600 });
      // A file is opened after `create` returns: deleting it before it closes could leave it behind.
      const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
      return { path, stream, closed };
    },
    blob(path, type) {
      if (fs.openAsBlob) return fs.openAsBlob(path, { type });
      return new Promise((resolve, reject) => fs.readFile(path, (error, data) => (error ? reject(error) : resolve(new Blob([data as Uint8Array<ArrayBuffer>], { type })))));
    },
    remove(path) {
      return new Promise((resolve) => fs.unlink(path, () => resolve()));
    },
  };
}
