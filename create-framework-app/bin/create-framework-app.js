#!/usr/bin/env node
// Committed entry point, so npm links the bin at install time even before `dist/` is built.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('create-framework-app: the generator is not built yet; run `npx tsc -b create-framework-app` (or `npm run build`) first.\n');
  process.exit(1);
}
await import(cli.href);
