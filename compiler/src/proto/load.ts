import fs from 'node:fs';
import path from 'node:path';
import type protobuf from 'protobufjs';
import { protobufjs } from './protobufjs.js';
import { toPosix } from '../files/file-paths.js';
import { describeRoot } from './describe.js';
import { errorPosition } from './positions.js';
import { typesSource } from './types-source.js';
import type { ProtoFile, ProtoInput, ProtoReadOptions } from './types.js';

/** Raised while loading, with the file it concerns and the position when known. */
class ProtoError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line = 0,
    readonly column = 0,
  ) {
    super(message);
  }
}

/**
 * Loads a `.proto` file the way `loadProto` will at run time (`@grpc/proto-loader` with the given
 * `keepCase`, default true; imports looked up in `includeDirs` first, then relative to the importing
 * file; `google/protobuf/*` bundled; a weak import that is missing skipped; every type resolved) and
 * describes it as plain data. Never throws: a missing or broken file is described.
 *
 * @example
 * const todo = loadProtoFile('/r/examples/todo/src/todo/todo.proto');
 * if (todo.ok) todo.services.map((s) => s.fullName) // ['todo.TodoService']
 */
export function loadProtoFile(file: string, options: ProtoReadOptions = {}): ProtoFile {
  if (!isFile(file)) return { ok: false, file, problem: 'missing' };
  const root = new (protobufjs().Root)();
  const inputs: ProtoInput[] = [];
  const read = { keepCase: options.keepCase ?? true, includeDirs: options.includeDirs ?? [] };
  try {
    loadInto(root, toPosix(file), inputs, new Set(), read);
    try {
      root.resolveAll();
    } catch (error) {
      throw unresolved(error, inputs);
    }
  } catch (error) {
    const e = error instanceof ProtoError ? error : new ProtoError(messageOf(error), file);
    return { ok: false, file, problem: 'parse', errorFile: e.file, message: e.message, line: e.line, column: e.column };
  }
  return { ok: true, file, ...describeRoot(root, file, inputs), inputs, types: typesSource(root, toPosix(file)) };
}

/**
 * The protobufjs root of a `.proto` file read as {@link loadProtoFile} reads it, every type
 * resolved, for code that encodes and decodes its messages (the dev dashboard's RPC explorer).
 * Throws when the file is missing or broken (a build reports those).
 *
 * @example
 * loadProtoRoot('/r/examples/todo/src/todo/todo.proto').lookupType('todo.Todo')
 */
export function loadProtoRoot(file: string, options: ProtoReadOptions = {}): protobuf.Root {
  const root = new (protobufjs().Root)();
  loadInto(root, toPosix(file), [], new Set(), { keepCase: options.keepCase ?? true, includeDirs: options.includeDirs ?? [] });
  root.resolveAll();
  return root;
}

/** protobufjs names the file being parsed in its objects (`filename`) through this static field. */
const parser = (): { filename: string | null } => protobufjs().parse as unknown as { filename: string | null };

const isFile = (file: string): boolean => fs.existsSync(file) && fs.statSync(file).isFile();

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function loadInto(root: protobuf.Root, file: string, inputs: ProtoInput[], seen: Set<string>, options: Required<ProtoReadOptions>): void {
  if (seen.has(file)) return;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  inputs.push({ file, text });
  let parsed: protobuf.IParserResult;
  try {
    parser().filename = file;
    parsed = protobufjs().parse(text, root, { keepCase: options.keepCase });
  } catch (error) {
    // `illegal token '}', ';' expected (/r/todo.proto, line 5)`: keep the words, place the position.
    const raw = messageOf(error);
    const message = raw.replace(/\s*\((?:[^()]*, )?line \d+\)\s*$/, '');
    const { line, column } = errorPosition(raw, text);
    throw new ProtoError(message, file, line, column);
  } finally {
    parser().filename = null;
  }
  const imports = [...(parsed.imports ?? []).map((name) => ({ name, weak: false })), ...(parsed.weakImports ?? []).map((name) => ({ name, weak: true }))];
  for (const { name, weak } of imports) {
    const bundled = bundledName(name);
    if (bundled) {
      if (!seen.has(bundled)) {
        seen.add(bundled);
        const json = protobufjs().common.get(bundled);
        if (json?.nested) root.addJSON(json.nested);
      }
      continue;
    }
    const target = importTarget(file, name, options.includeDirs);
    if (!isFile(target)) {
      // proto-loader skips a weak import it cannot read.
      if (weak) continue;
      const at = importPosition(text, name);
      const where =
        options.includeDirs.length > 0
          ? `looked in the includeDirs ${options.includeDirs.join(', ')}, then for ${target}`
          : `looked for ${target}; imports resolve against the importing file's directory`;
      throw new ProtoError(`import "${name}" names no file (${where})`, file, at.line, at.column);
    }
    loadInto(root, target, inputs, seen, options);
  }
}

/**
 * Where an import is read from, as proto-loader resolves it: an absolute name as is; else the first
 * include directory holding the file; else relative to the importing file.
 */
function importTarget(file: string, name: string, includeDirs: readonly string[]): string {
  if (path.isAbsolute(name)) return toPosix(name);
  for (const dir of includeDirs) {
    const candidate = toPosix(path.join(dir, name));
    if (isFile(candidate)) return candidate;
  }
  return toPosix(path.resolve(path.dirname(file), name));
}

/** `google/protobuf/empty.proto` and friends ship with protobufjs, as with proto-loader. */
function bundledName(name: string): string | undefined {
  const index = name.lastIndexOf('google/protobuf/');
  const candidate = index >= 0 ? name.slice(index) : name;
  return protobufjs().common.get(candidate) ? candidate : undefined;
}

function importPosition(text: string, name: string): { line: number; column: number } {
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const column = lines[i]!.indexOf(`"${name}"`);
    if (column >= 0 && /\bimport\b/.test(lines[i]!)) return { line: i + 1, column: column + 1 };
  }
  return { line: 0, column: 0 };
}

/** `no such Type or Enum 'Missing' in Type .a.R`: placed at the first use of the missing name. */
function unresolved(error: unknown, inputs: readonly ProtoInput[]): ProtoError {
  const message = messageOf(error);
  const name = /'([^']+)'/.exec(message)?.[1];
  if (name) {
    const word = new RegExp(`(^|[^\\w.])${name.replace(/\./g, '\\.')}(?![\\w.])`);
    for (const input of inputs) {
      const lines = input.text.split(/\r?\n/);
      for (let i = 0; i < lines.length; i++) {
        const code = lines[i]!.replace(/\/\/.*$/, '');
        const match = word.exec(code);
        if (match) return new ProtoError(message, input.file, i + 1, match.index + match[1]!.length + 1);
      }
    }
  }
  return new ProtoError(message, inputs[0]?.file ?? '');
}
