/**
 * Writes a hostile case to scratch space and builds it, and checks what it ended as (shared by the
 * suite and its worker thread).
 */
import fs from 'node:fs';
import path from 'node:path';
import { catalogue, createBuilder, type BuildResult } from '../../compiler/src/index.js';
import { ROOT, TMP } from './helpers.js';
import type { CaseFiles } from './hostile-cases.js';

const BASE = path.join(TMP, 'hostile');

export function writeCase(name: string, files: CaseFiles): string {
  const src = path.join(BASE, name, 'src');
  fs.rmSync(path.join(BASE, name), { recursive: true, force: true });
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    fs.writeFileSync(path.join(src, file), text);
  }
  return src;
}

/** Builds a case; a thrown exception or a build over `limitMs` fails the case by name. */
export function buildCase(name: string, files: CaseFiles, limitMs = 60_000): { result: BuildResult; src: string; ms: number } {
  const src = writeCase(name, files);
  const started = performance.now();
  let result: BuildResult;
  try {
    result = createBuilder({ srcDir: src, outDir: path.join(BASE, name, 'out'), cwd: ROOT }).build();
  } catch (error) {
    throw new Error(`${name}: the build threw ${String(error)}`);
  }
  const ms = performance.now() - started;
  if (ms >= limitMs) throw new Error(`${name}: the build took ${Math.round(ms)} ms`);
  return { result, src, ms };
}

/** What a hostile case must end as; returns the problems found (empty when the case is well handled). */
export function problems(name: string, result: BuildResult, src: string): string[] {
  const found: string[] = [];
  if (!result.ok && result.diagnostics.every((d) => d.severity !== 'error')) found.push(`${name}: not ok, but no error diagnostic says why`);
  for (const d of result.diagnostics) {
    const at = `${name}: ${d.code} ${path.relative(ROOT, d.file)}:${d.line} ${d.message}`;
    if (d.code === 'FW1013') found.push(`${at} (internal error)`);
    if (!(d.code in catalogue)) found.push(`${at} (code not in the catalogue)`);
    // "No root module" (FW1005) is about the source directory as a whole: it points there, at no line.
    if (d.code === 'FW1005' && d.file === src && d.line === 0) continue;
    if (!d.file.startsWith(`${src}/`)) found.push(`${at} (not in the user's sources)`);
    if (!(d.line >= 1)) found.push(`${at} (no line)`);
    if (!d.hint.trim()) found.push(`${at} (no hint)`);
  }
  return found;
}

