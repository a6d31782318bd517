// Loaded on first need by `loadFilePort`: Node, Deno and Bun all give `node:fs`. `mime-types`
// (which requires `path`) is loaded with it, so a host without files never evaluates it.
import { createReadStream } from 'node:fs';
import { lstat, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { contentType } from 'mime-types';
import type { FilePort } from './file-port.js';

/**
 * The file port over `node:fs`.
 *
 * @example
 * const facts = await nodeFilePort().stat('/srv/public/index.html'); // { size, mtimeMs, isFile: true, isDirectory: false }
 */
export function nodeFilePort(): FilePort {
  return {
    realpath: (file) => realpath(file),
    stat: async (file) => {
      try {
        const facts = await stat(file);
        return { size: facts.size, mtimeMs: facts.mtimeMs, isFile: facts.isFile(), isDirectory: facts.isDirectory() };
      } catch {
        return undefined;
      }
    },
    lstat: async (file) => {
      try {
        const facts = await lstat(file);
        return { size: facts.size, mtimeMs: facts.mtimeMs, isFile: facts.isFile(), isDirectory: facts.isDirectory(), isSymbolicLink: facts.isSymbolicLink() };
      } catch {
        return undefined;
      }
    },
    webStream: (file, start, end) => Readable.toWeb(wholeRange(file, start, end)) as ReadableStream<Uint8Array>,
    separator: path.sep,
    join: (root, ...relative) => path.join(root, ...relative),
    contentType: (name) => contentType(name) || undefined,
  };
}

/**
 * Bytes `start`-`end` of `file`, failing when the file ends first (cut short since its stat): the
 * answer promised their length, so the host cuts the connection rather than end it short and
 * leave the client waiting for the rest.
 */
function wholeRange(file: string, start: number, end: number): Readable {
  const read = createReadStream(file, { start, end });
  const length = end - start + 1;
  return pipeline(read, new Transform({
    transform: (chunk, _encoding, done) => done(null, chunk),
    flush: (done) => done(read.bytesRead === length ? null : new Error(`${file} ended before its ${length} bytes`)),
  }), () => undefined);
}
