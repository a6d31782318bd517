import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { toPosix } from '../files/file-paths.js';
import { loadProtoFile } from '../proto/load.js';

/**
 * The `.proto` files an application's modules load, found where they name them the way the
 * framework's docs write it (`new URL('./todo.proto', import.meta.url)`), with every file they
 * import: what `framework-build bundle` carries inside the bundle, so nothing is read at start.
 */

/** `new URL('<x>.proto', import.meta.url)` in a module's text. */
const PROTO_URL = /new\s+URL\(\s*(['"`])([^'"`]+\.proto)\1\s*,\s*import\.meta\.url\s*\)/g;

/** A schema file, keyed as the bundle's modules will ask for it: relative to the bundle's own URL. */
export interface BundledProtoFile {
  readonly key: string;
  readonly file: string;
  readonly text: string;
}

/**
 * Records the schema files `moduleFile` names (those that exist and parse). In the bundle, `import.meta.url` is the bundle's
 * URL, so a path relative to the module becomes relative to the bundle: two modules naming two
 * different files by the same relative path cannot both be served, which is an error here.
 *
 * @example
 * const protos = new Map(); collectProtoFiles('/r/src/todo/todo.grpc-controller.ts', text, protos);
 * protos.get('./todo.proto')?.file // '/r/src/todo/todo.proto'
 */
export function collectProtoFiles(moduleFile: string, text: string, into: Map<string, BundledProtoFile>): void {
  const dir = path.dirname(moduleFile);
  for (const match of text.matchAll(PROTO_URL)) {
    const named = path.resolve(dir, match[2]!);
    const loaded = loadProtoFile(named);
    // A file that is missing or does not parse is the build's to report (FW1402, FW1403), at the
    // loadProto call; here the text may also be a comment that shows the pattern.
    if (!loaded.ok) continue;
    for (const input of loaded.inputs) {
      const key = './' + toPosix(path.relative(dir, input.file));
      const earlier = into.get(key);
      if (earlier && earlier.file !== input.file) {
        throw new Error(`Two schema files are named '${key}' relative to their modules (${earlier.file} and ${input.file}); a bundle resolves both against its own URL. Give them different names.`);
      }
      into.set(key, { key, file: input.file, text: input.text });
    }
  }
}

/** protobufjs's JSON of the well-known files `loadProto` adds, read from the application's protobufjs. */
export function wellKnownJson(entry: string): Record<string, unknown> {
  // From @framework/grpc's point of view: the protobufjs the runtime parses with.
  const require = createRequire(require0(entry).resolve('@framework/grpc'));
  const json: Record<string, unknown> = {};
  for (const name of ['api', 'descriptor', 'source_context', 'type']) {
    json[name] = JSON.parse(fs.readFileSync(require.resolve(`protobufjs/google/protobuf/${name}.json`), 'utf8'));
  }
  return json;
}

const require0 = (entry: string) => createRequire(path.resolve(entry));
