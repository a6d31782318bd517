import fs from 'node:fs';
import path from 'node:path';

/** Backslashes to slashes, so output is the same on every OS. */
export const toPosix = (p: string): string => p.split(path.sep).join('/');

/** Absolute, normalised, posix form of `p` resolved against `base`. */
export const absolute = (p: string, base: string): string => toPosix(path.resolve(base, p));

/** Extensions of the TypeScript sources read under `srcDir` (declaration files included). */
export const SOURCE_EXTENSIONS: readonly string[] = ['.ts', '.tsx', '.mts', '.cts'];

/**
 * Whether a path is a TypeScript source the compiler reads: `.ts`, `.tsx`, `.mts` or `.cts`.
 *
 * @example
 * isSourcePath('/r/src/main.mts') // true
 */
export const isSourcePath = (file: string): boolean => SOURCE_EXTENSIONS.some((ext) => file.endsWith(ext));

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
  // A declaration file stands for the JavaScript beside it: `x.d.ts` → `x.js`, `x.d.mts` → `x.mjs`.
  rel = rel.replace(/\.d\.(m|c)?ts$/, (_m, k: string | undefined) => `.${k ?? ''}js`).replace(/\.(m|c)?tsx?$/, (_m, k: string | undefined) => `.${k ?? ''}js`);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/**
 * The directory the banner's command is written from, so the generated file does not depend on
 * where `framework-build` ran: the nearest package.json above `outDir` that declares `workspaces`
 * (the monorepo root), else the nearest package.json, else the deepest directory holding both
 * `srcDir` and `outDir`. The search stops at the checkout's root (a directory holding `.git`), so a
 * checkout inside another workspace's tree is not written from that workspace's root.
 *
 * @example
 * projectRoot('/r/generated/todo', '/r/examples/todo/src') // '/r' (its package.json has workspaces)
 */
export function projectRoot(outDir: string, srcDir: string): string {
  let nearest: string | undefined;
  for (let dir = outDir; ; dir = path.posix.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      if (declaresWorkspaces(manifest)) return dir;
      nearest ??= dir;
    }
    if (fs.existsSync(path.join(dir, '.git')) || path.posix.dirname(dir) === dir) break;
  }
  return nearest ?? commonDir(srcDir, outDir);
}

/**
 * The deepest directory holding both absolute posix paths.
 *
 * @example
 * commonDir('/app/src', '/app/generated') // '/app'
 */
export function commonDir(a: string, b: string): string {
  const x = a.split('/');
  const y = b.split('/');
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return x.slice(0, i).join('/') || '/';
}

function declaresWorkspaces(file: string): boolean {
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { workspaces?: unknown }).workspaces !== undefined;
  } catch {
    return false;
  }
}
