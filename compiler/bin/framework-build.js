#!/usr/bin/env node
// Committed entry point, so npm links `framework-build` at install time even before `dist/` is built.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('framework-build: the compiler is not built yet; run `npx tsc -b compiler` (or `npm run build`) first.\n');
  process.exit(1);
}
await import(cli.href);
