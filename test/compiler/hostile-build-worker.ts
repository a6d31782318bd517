/**
 * Builds hostile cases on a worker thread, so that the suite can stop a build that hangs (a loop
 * the compiler never leaves) and fail it by name instead of waiting for the runner's deadline.
 * Receives a case name, answers `{ name, ok, codes, problems }`.
 */
import { parentPort } from 'node:worker_threads';
import { buildCase, problems } from './hostile-build.js';
import { hostileCases } from './hostile-cases.js';

parentPort!.on('message', (name: string) => {
  const c = hostileCases.find((x) => x.name === name)!;
  try {
    const { result, src } = buildCase(c.name, c.files);
    parentPort!.postMessage({ name, ok: result.ok, codes: result.diagnostics.map((d) => `${d.code}@${d.line}`), problems: problems(c.name, result, src) });
  } catch (error) {
    parentPort!.postMessage({ name, ok: false, codes: [], problems: [String(error)] });
  }
});
