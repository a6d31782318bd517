/**
 * Compiles a fixture app under test/compiler/fixtures/<name>/src the way users do, type-checks the
 * generated tables.ts with strict tsc, and starts the application on a free port: the strongest
 * proof that what the compiler emits is right.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { FrameworkApplication, type ApplicationOptions, type ApplicationTables, type Logger } from '@framework/core';
import { build, type BuildResult } from '../../compiler/src/index.js';
import { fixtureSrc, ROOT } from './helpers.js';

/** The output folder of a fixture (scratch space, ignored by git). */
export const outDirOf = (name: string): string => `test/.tmp/compiler/${name}`;

/** Builds the fixture and writes `tables.ts`; the result carries the text for assertions. */
export function buildFixture(name: string): Promise<BuildResult> {
  return build({ srcDir: fixtureSrc(name), outDir: outDirOf(name), cwd: ROOT, write: true });
}

/** The strictest settings the project uses, which generated code must pass. */
export const STRICT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  experimentalDecorators: true,
  useDefineForClassFields: false,
  verbatimModuleSyntax: true,
  noUnusedLocals: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: true,
  noEmit: true,
};

/** The tsc errors of the generated tables.ts (and of the sources it imports), under the strictest settings the project uses. */
export function typeErrors(name: string): string[] {
  const program = ts.createProgram([path.join(ROOT, outDirOf(name), 'tables.ts')], STRICT_OPTIONS);
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.relative(ROOT, d.file.fileName) : ''}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

/** A started fixture application. */
export interface RunningApp {
  readonly base: string;
  readonly app: FrameworkApplication;
  close(): Promise<void>;
}

const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };

/** Imports the written tables.ts and starts its root module on a free port, with `options` beside a quiet logger. */
export async function startFixture(name: string, options: ApplicationOptions = {}): Promise<RunningApp> {
  const { tables } = (await import(pathToFileURL(path.join(ROOT, outDirOf(name), 'tables.ts')).href)) as { tables: ApplicationTables };
  const app = await new FrameworkApplication(tables, { logger: quiet, ...options }).init(tables.rootModule);
  const base = `http://127.0.0.1:${await app.listen(0)}`;
  return { base, app, close: () => app.close() };
}

/** The generated file's import lines. */
export const importLines = (text: string): string[] => text.split('\n').filter((line) => line.startsWith('import '));
