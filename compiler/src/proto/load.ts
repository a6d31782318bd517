import fs from 'node:fs';
import path from 'node:path';
import protobuf from 'protobufjs';
import { toPosix } from '../project/paths.js';
import { describeRoot } from './describe.js';
import { errorPosition } from './positions.js';
import type { ProtoFile, ProtoInput } from './types.js';

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
 * Loads a `.proto` file the way `loadProto` will at run time (`@grpc/proto-loader` with
 * `keepCase`: imports relative to the importing file, `google/protobuf/*` bundled, every type
 * resolved) and describes it as plain data. Never throws: a missing or broken file is described.
 *
 * @example
 * const todo = loadProtoFile('/r/examples/todo/src/todo/todo.proto');
 * if (todo.ok) todo.services.map((s) => s.fullName) // ['todo.TodoService']
 */
export function loadProtoFile(file: string): ProtoFile {
  if (!isFile(file)) return { ok: false, file, problem: 'missing' };
  const root = new protobuf.Root();
  const inputs: ProtoInput[] = [];
  try {
    loadInto(root, toPosix(file), inputs, new Set());
    try {
      root.resolveAll();
    } catch (error) {
      throw unresolved(error, inputs);
    }
  } catch (error) {
    const e = error instanceof ProtoError ? error : new ProtoError(messageOf(error), file);
    return { ok: false, file, problem: 'parse', errorFile: e.file, message: e.message, line: e.line, column: e.column };
  }
  return { ok: true, file, ...describeRoot(root, file, inputs), inputs };
}

/** protobufjs names the file being parsed in its objects (`filename`) through this static field. */
const parser = protobuf.parse as unknown as { filename: string | null };

const isFile = (file: string): boolean => fs.existsSync(file) && fs.statSync(file).isFile();

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function loadInto(root: protobuf.Root, file: string, inputs: ProtoInput[], seen: Set<string>): void {
  if (seen.has(file)) return;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  inputs.push({ file, text });
  let parsed: protobuf.IParserResult;
  try {
    parser.filename = file;
    parsed = protobuf.parse(text, root, { keepCase: true });
  } catch (error) {
    // `illegal token '}', ';' expected (/r/todo.proto, line 5)`: keep the words, place the position.
    const raw = messageOf(error);
    const message = raw.replace(/\s*\((?:[^()]*, )?line \d+\)\s*$/, '');
    const { line, column } = errorPosition(raw, text);
    throw new ProtoError(message, file, line, column);
  } finally {
    parser.filename = null;
  }
  for (const name of [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])]) {
    const bundled = bundledName(name);
    if (bundled) {
      if (!seen.has(bundled)) {
        seen.add(bundled);
        const json = protobuf.common.get(bundled);
        if (json?.nested) root.addJSON(json.nested);
      }
      continue;
    }
    const target = toPosix(path.resolve(path.dirname(file), name));
    if (!isFile(target)) {
      const at = importPosition(text, name);
      throw new ProtoError(`import "${name}" names no file (looked for ${target}; imports resolve against the importing file's directory)`, file, at.line, at.column);
    }
    loadInto(root, target, inputs, seen);
  }
}

/** `google/protobuf/empty.proto` and friends ship with protobufjs, as with proto-loader. */
function bundledName(name: string): string | undefined {
  const index = name.lastIndexOf('google/protobuf/');
  const candidate = index >= 0 ? name.slice(index) : name;
  return protobuf.common.get(candidate) ? candidate : undefined;
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
