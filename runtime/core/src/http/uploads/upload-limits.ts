/**
 * What bounds one `multipart/form-data` body. Every limit is finite by default (the safest of the
 * peers' defaults: Fastify's `@fastify/multipart` on busboy), and crossing any of them is a 413
 * naming it, answered as soon as it is crossed, without reading the rest. How many files a body
 * holds is bounded by its route's fields (`@UploadedFile`: 1, `@UploadedFiles`: `maxCount`, 10 by
 * default); a file in a field the route does not take is refused.
 *
 * @example
 * new FrameworkApplication(tables, { uploads: { maxFields: 20 } });
 */
export interface UploadLimits {
  /** Bytes of one file unless its decorator says `maxBytes` (default 1 MiB). */
  readonly maxFileBytes: number;
  /** Text fields in one body (default 100). */
  readonly maxFields: number;
  /** Parts of any kind in one body (default 1,000). */
  readonly maxParts: number;
  /** Bytes of one part's name (default 1 KiB). */
  readonly maxFieldNameBytes: number;
  /** Bytes of one text field's value (default 64 KiB). */
  readonly maxFieldBytes: number;
  /**
   * A file is kept in memory up to this many bytes, and written to a temporary file beyond it
   * (default 1 MiB: a body the default body limit admits never touches the disk). On a host without
   * a filesystem every file stays in memory, bounded by its `maxBytes`.
   */
  readonly memoryBytes: number;
  /**
   * Where files cannot go to disk (a host without a filesystem, such as Workers), the most bytes a
   * form's body may have, whatever its route's body limit (default 8 MiB): every file is held in
   * memory there.
   */
  readonly inMemoryBodyBytes: number;
  /** Where temporary files go (default: the system's temporary directory). */
  readonly tempDir?: string;
}

const MiB = 1024 * 1024;

/** The defaults of `UploadLimits`. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = Object.freeze({
  maxFileBytes: MiB,
  maxFields: 100,
  maxParts: 1000,
  maxFieldNameBytes: 1024,
  maxFieldBytes: 64 * 1024,
  memoryBytes: MiB,
  inMemoryBodyBytes: 8 * MiB,
});

/**
 * The application's upload limits with the defaults filled in; a limit that is not a whole number
 * of at least 1 is a TypeError at construction rather than a silently unbounded form.
 *
 * @example
 * resolveUploadLimits({ maxFields: 20 }).maxParts; // 1000
 */
export function resolveUploadLimits(options: Partial<UploadLimits> | undefined): UploadLimits {
  const resolved = { ...DEFAULT_UPLOAD_LIMITS, ...options };
  for (const [name, value] of Object.entries(resolved)) {
    if (name === 'tempDir') continue;
    if (!Number.isSafeInteger(value) || (value as number) < (name === 'memoryBytes' ? 0 : 1)) {
      throw new TypeError(`FrameworkApplication: uploads.${name} must be a whole number of at least 1; got ${String(value)}.`);
    }
  }
  return resolved;
}
