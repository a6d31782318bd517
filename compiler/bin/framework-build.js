#!/usr/bin/env node
// Committed entry point, so npm links `framework-build` at install time even before `dist/` is built.
import { existsSync } from 'node:fs';
import module from 'node:module';

// V8's compiled code of the compiler and of TypeScript (ts-morph's copy, 9 MB), kept on disk
// between runs, as `tsc` does for its own: most of a small build's start-up. Node 22.1+; a no-op
// before. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
module.enableCompileCache?.();

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('framework-build: the compiler is not built yet; run `npx tsc -b compiler` (or `npm run build`) first.\n');
  process.exit(1);
}
await import(cli.href);
