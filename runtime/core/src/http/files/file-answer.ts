/**
 * A static file's answer, decided without touching a host: the status, the headers, and which
 * bytes of which file make the body (none for HEAD, 304 and 416). Each host writes it its own way
 * (`web-file-answer.ts`; the node adapter streams the file straight to the socket).
 *
 * @example
 * { status: 206, headers: { 'content-range': 'bytes 0-99/5000', … }, body: { path: '/srv/a.bin', start: 0, end: 99 } }
 */
export interface FileAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body?: FileBytes;
  /** A short text body (the 416's explanation), when there is no file body. */
  readonly text?: string;
}

/** Bytes `start` to `end` (inclusive) of the file at `path`. */
export interface FileBytes {
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

/** What a static mount reads of a request. */
export interface FileRequest {
  readonly method: string;
  /** The request path as sent (percent-encoded), without the query. */
  readonly path: string;
  /** A request header by its lower-case name. */
  header(name: string): string | undefined;
}
