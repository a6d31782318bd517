#!/usr/bin/env node
// Where one `framework-build src --out generated` of an installed app spends its time, measured in
// one fresh process with the app's own compiler: loading the compiler (ts-morph and its
// TypeScript included), creating the ts-morph project (the tsconfig read, the sources listed),
// the program (every file parsed: the app, the lib files, the packages' .d.ts), the type checker
// (binding), then the build itself (discover, analyze, the emitters; the OpenAPI child process runs
// only for Standard Schema bodies, and is counted here when it does). Prints one JSON line.
//
//   node bench/compiler/build-phases.mjs <app dir>
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const app = path.resolve(process.argv[2] ?? '.');
const at = (file) => pathToFileURL(path.join(app, 'node_modules/@framework/compiler/dist', file)).href;
const phases = {};
let last = performance.now();
const lap = (name) => {
  const now = performance.now();
  phases[name] = Math.round(now - last);
  last = now;
};

const { createBuilder } = await import(at('builder/builder.js'));
lap('load');
const builder = createBuilder({ srcDir: path.join(app, 'src'), outDir: path.join(app, 'generated'), cwd: app });
lap('project');
const program = builder.project.getProgram().compilerObject;
lap('parse');
program.getTypeChecker();
lap('checker');
const result = builder.build();
lap('build');
if (!result.ok) throw new Error(`the build failed: ${JSON.stringify(result.diagnostics.slice(0, 3))}`);
console.log(JSON.stringify({ ...phases, files: program.getSourceFiles().length, total: Math.round(performance.now()) }));
