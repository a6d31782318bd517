import type { SourceLocation } from '../ir/index.js';
import { diagnostic, type Diagnostic } from './diagnostic.js';

/** Set to print the stack trace of an internal error (FW1013) with its diagnostic. */
export const DEBUG_ENV = 'FRAMEWORK_BUILD_DEBUG';

/**
 * An unexpected exception, with the declaration the compiler was reading when it was thrown, so
 * that the internal-error diagnostic can point somewhere useful.
 *
 * @example
 * throw new LocatedError(error, ctx.location(cls.getNameNode()), 'class AppModule');
 */
export class LocatedError extends Error {
  constructor(
    readonly original: unknown,
    readonly location: SourceLocation,
    readonly subject: string,
  ) {
    super(original instanceof Error ? original.message : String(original));
  }
}

/**
 * FW1013 for an exception the compiler did not expect: at the declaration being read when the
 * error carries one ({@link LocatedError}), else at `fallback` (the source directory). The stack
 * trace is added only when `FRAMEWORK_BUILD_DEBUG` is set, so a user sees one readable line.
 *
 * @example
 * internalError(new TypeError('x is undefined'), { file: srcDir, line: 0, column: 0, length: 0 })
 */
export function internalError(error: unknown, fallback: SourceLocation, env: NodeJS.ProcessEnv = process.env): Diagnostic {
  const located = error instanceof LocatedError ? error : undefined;
  const original = located ? located.original : error;
  const message = original instanceof Error ? `${original.name}: ${original.message}` : String(original);
  const debug = Boolean(env[DEBUG_ENV]) && original instanceof Error && original.stack !== undefined;
  const stack = debug ? `\n${(original as Error).stack}` : '';
  return diagnostic('FW1013', located?.location ?? fallback, {
    error: `${message}${stack}`,
    ...(located ? { while: located.subject } : {}),
    ...(debug ? { stack: 'yes' } : {}),
  });
}

/**
 * Runs `read`, turning an exception into a {@link LocatedError} at `location` (kept when already
 * located deeper down).
 *
 * @example
 * atDeclaration(ctx.location(cls), 'class AppModule', () => discoverModule(ctx, cls, decorator));
 */
export function atDeclaration<T>(location: SourceLocation, subject: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw error instanceof LocatedError ? error : new LocatedError(error, location, subject);
  }
}
