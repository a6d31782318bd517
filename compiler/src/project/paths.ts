import path from 'node:path';

/** Backslashes to slashes, so output is the same on every OS. */
export const toPosix = (p: string): string => p.split(path.sep).join('/');

/** Absolute, normalised, posix form of `p` resolved against `base`. */
export const absolute = (p: string, base: string): string => toPosix(path.resolve(base, p));

/** Whether `file` lies inside `dir` (both absolute posix). */
export const isUnder = (file: string, dir: string): boolean => file === dir || file.startsWith(dir.endsWith('/') ? dir : `${dir}/`);

/** `file` relative to `cwd` for messages (`examples/todo/src/app.module.ts`); `.` for cwd itself. */
export function displayPath(file: string, cwd: string): string {
  return toPosix(path.relative(cwd, file)) || '.';
}

/**
 * The specifier generated code in `outDir` uses to import `file`: relative, posix, `.js` extension.
 *
 * @example
 * importSpecifier('/r/generated/todo', '/r/examples/todo/src/app.module.ts') // '../../examples/todo/src/app.module.js'
 */
export function importSpecifier(outDir: string, file: string): string {
  let rel = toPosix(path.relative(outDir, file));
  rel = rel.replace(/\.d\.ts$/, '.js').replace(/\.(m|c)?tsx?$/, (_m, k: string | undefined) => `.${k ?? ''}js`);
  return rel.startsWith('.') ? rel : `./${rel}`;
}
