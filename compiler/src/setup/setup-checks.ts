import fs from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceLocation } from '../ir/index.js';
import { commonDir, isUnder, toPosix } from '../files/file-paths.js';
import { nearestPackageJson } from '../project/settings.js';

/** What {@link checkSetup} looks at. Paths are absolute, posix. */
export interface SetupInput {
  readonly srcDir: string;
  readonly outDir: string;
  /** The tsconfig the build loads, if one was found. */
  readonly tsconfig?: string;
}

/** Module kinds whose output is not ES modules. */
const NOT_ESM: ReadonlyMap<ts.ModuleKind, string> = new Map([
  [ts.ModuleKind.None, 'CommonJS'],
  [ts.ModuleKind.CommonJS, 'CommonJS'],
  [ts.ModuleKind.AMD, 'AMD'],
  [ts.ModuleKind.UMD, 'UMD'],
  [ts.ModuleKind.System, 'SystemJS'],
]);
const NODE_MODULES_KINDS = new Set([ts.ModuleKind.Node16, ts.ModuleKind.Node18, ts.ModuleKind.Node20, ts.ModuleKind.NodeNext]);

/**
 * The project set-up mistakes that would let `framework-build` succeed and make `tsc` or Node fail
 * afterwards, each at the line of tsconfig.json or package.json to change (FW1601–FW1607), and a
 * tsconfig.json tsc itself cannot read (FW1608), reported alone.
 *
 * @example
 * checkSetup({ srcDir: '/app/src', outDir: '/app/generated', tsconfig: '/app/tsconfig.json' })
 * // [{ code: 'FW1601', file: '/app/tsconfig.json', line: 2, … }] when experimentalDecorators is missing
 */
export function checkSetup(input: SetupInput): Diagnostic[] {
  const found: Diagnostic[] = [];
  const manifest = nearestPackageJson(input.srcDir);
  if (!input.tsconfig) {
    const dir = toPosix(path.dirname(input.srcDir));
    const local = toPosix(path.join(dir, 'package.json'));
    // Only an app (a package.json beside the sources that depends on the framework) is expected to carry its own tsconfig.
    if (manifest === local && dependsOnFramework(local)) {
      const rel = (p: string): string => toPosix(path.relative(dir, p)) || '.';
      found.push(diagnostic('FW1607', keyIn([local], 'dependencies') ?? startOf(local), { src: rel(input.srcDir), srcRel: rel(input.srcDir), outRel: rel(input.outDir) }));
    }
    return found;
  }
  const config = readConfig(input.tsconfig);
  if (!config) return found;
  // A tsconfig tsc cannot read (a missing `extends`, a JSON slip, an unknown value) yields default
  // options: judging those would blame settings the file may well have. Its own error comes first.
  if ('broken' in config) return [brokenConfig(input.tsconfig, config.broken)];
  const { options, chain } = config;
  const configName = path.posix.basename(input.tsconfig);
  const at = (key: string): SourceLocation => keyIn(chain, key) ?? keyIn([input.tsconfig!], 'compilerOptions') ?? startOf(input.tsconfig!);

  if (options.experimentalDecorators !== true) {
    const args: Record<string, string> = { config: configName };
    if (options.experimentalDecorators === false) args.got = 'false';
    found.push(diagnostic('FW1601', at('experimentalDecorators'), args));
  }

  const kind = moduleKind(options);
  const notEsm = NOT_ESM.get(kind);
  if (notEsm) {
    found.push(diagnostic('FW1602', at('module'), { config: configName, kind: notEsm, module: ts.ModuleKind[kind] ?? String(kind) }));
  } else if (manifest && kind !== ts.ModuleKind.Preserve) {
    const type = packageType(manifest);
    if (type !== 'module') {
      found.push(
        diagnostic('FW1603', keyIn([manifest], 'type') ?? keyIn([manifest], 'name') ?? startOf(manifest), {
          manifest: 'package.json',
          ...(type !== undefined ? { got: JSON.stringify(type) } : {}),
          ...(NODE_MODULES_KINDS.has(kind) ? { nodeNext: 'yes' } : {}),
        }),
      );
    }
  }

  const resolution = resolutionKind(options);
  if (resolution === ts.ModuleResolutionKind.Classic || resolution === ts.ModuleResolutionKind.Node10) {
    found.push(diagnostic('FW1606', at('moduleResolution'), { config: configName, resolution: resolution === ts.ModuleResolutionKind.Classic ? 'Classic' : 'Node10' }));
  }

  const configDir = path.posix.dirname(input.tsconfig);
  const rel = (p: string): string => toPosix(path.relative(configDir, p)) || '.';
  const rootDir = options.rootDir ? toPosix(options.rootDir) : undefined;
  if (rootDir && !isUnder(input.outDir, rootDir)) {
    found.push(
      diagnostic('FW1604', at('rootDir'), { config: configName, out: rel(input.outDir), src: rel(input.srcDir), rootDir: rel(rootDir), common: rel(commonDir(input.srcDir, input.outDir)) }),
    );
  } else if (!config.includes(input.outDir)) {
    const include = [...config.include, rel(input.outDir)].map((p) => JSON.stringify(p)).join(', ');
    found.push(diagnostic('FW1605', keyIn([input.tsconfig], 'include') ?? keyIn([input.tsconfig], 'files') ?? startOf(input.tsconfig), {
      config: configName,
      out: rel(input.outDir),
      entry: rel(input.outDir),
      include,
    }));
  }
  return found;
}

interface LoadedConfig {
  readonly options: ts.CompilerOptions;
  /** The tsconfig and the files it extends (relative `extends` only), nearest first. */
  readonly chain: readonly string[];
  /** The `include` entries written in the tsconfig itself. */
  readonly include: readonly string[];
  /** Whether the generated tables in `outDir` are among the project's files (true when they do not exist yet: nothing to judge). */
  includes(outDir: string): boolean;
}

/** tsc's complaint of an empty project (TS18003): the build reads its own files, so not ours to judge. */
const NO_INPUTS = 18003;

function readConfig(file: string): LoadedConfig | { readonly broken: ts.Diagnostic } | undefined {
  let unrecoverable: ts.Diagnostic | undefined;
  const host: ts.ParseConfigFileHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => void (unrecoverable = d) };
  let parsed: ts.ParsedCommandLine | undefined;
  try {
    parsed = ts.getParsedCommandLineOfConfigFile(file, {}, host);
  } catch {
    return undefined;
  }
  const broken = [...(unrecoverable ? [unrecoverable] : []), ...(parsed ? ts.getConfigFileParsingDiagnostics(parsed) : [])].find(
    (d) => d.category === ts.DiagnosticCategory.Error && d.code !== NO_INPUTS,
  );
  if (broken) return { broken };
  if (!parsed) return undefined;
  const fileNames = new Set(parsed.fileNames.map(toPosix));
  const raw = (parsed.raw ?? {}) as { include?: unknown };
  return {
    options: parsed.options,
    chain: extendsChain(file),
    include: Array.isArray(raw.include) ? raw.include.filter((x): x is string => typeof x === 'string') : [],
    includes(outDir: string): boolean {
      const tables = path.posix.join(outDir, 'tables.ts');
      // Whether a file that does not exist yet would match `include` is tsc's to decide, not ours to guess.
      return !fs.existsSync(tables) || fileNames.has(tables);
    },
  };
}

function extendsChain(file: string): string[] {
  const chain: string[] = [];
  for (let current: string | undefined = file; current && !chain.includes(current) && fs.existsSync(current); ) {
    chain.push(current);
    const value: unknown = ts.readConfigFile(current, ts.sys.readFile).config?.extends;
    const next = (Array.isArray(value) ? value.at(-1) : value) as unknown;
    current = typeof next === 'string' && next.startsWith('.') ? toPosix(path.resolve(path.dirname(current), next.endsWith('.json') ? next : `${next}.json`)) : undefined;
  }
  return chain;
}

/** FW1608 at tsc's own position of the error (in the tsconfig or a file it extends), else at `"extends"` or the file's start. */
function brokenConfig(tsconfig: string, error: ts.Diagnostic): Diagnostic {
  const file = error.file ? toPosix(path.resolve(error.file.fileName)) : undefined;
  let at: SourceLocation = keyIn([tsconfig], 'extends') ?? startOf(tsconfig);
  if (file && error.file && error.start !== undefined) {
    const { line, character } = error.file.getLineAndCharacterOfPosition(error.start);
    at = { file, line: line + 1, column: character + 1, length: Math.max(1, error.length ?? 1) };
  }
  const message = ts.flattenDiagnosticMessageText(error.messageText, ' ');
  return diagnostic('FW1608', at, { config: path.posix.basename(tsconfig), error: `${message} (TS${error.code})`, missing: error.code === MISSING_FILE ? 'yes' : '' });
}

/** TS6053: a file named by `extends` (or `files`) is not there. */
const MISSING_FILE = 6053;

/** The location of `"key":` in the first of `files` that writes it. */
function keyIn(files: readonly string[], key: string): SourceLocation | undefined {
  const pattern = new RegExp(`"${key}"\\s*:`);
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const lines = text.split(/\r?\n/);
    const index = lines.findIndex((line) => pattern.test(line));
    if (index >= 0) return { file, line: index + 1, column: lines[index]!.indexOf(`"${key}"`) + 1, length: key.length + 2 };
  }
  return undefined;
}

/** The module kind tsc emits: `module`, else its default for the target (as tsc decides it). */
function moduleKind(options: ts.CompilerOptions): ts.ModuleKind {
  if (options.module !== undefined) return options.module;
  const target = options.target ?? ts.ScriptTarget.ES5;
  return target >= ts.ScriptTarget.ES2015 ? ts.ModuleKind.ES2015 : ts.ModuleKind.CommonJS;
}

/** The module resolution tsc uses: `moduleResolution`, else its default for the module kind. */
function resolutionKind(options: ts.CompilerOptions): ts.ModuleResolutionKind {
  if (options.moduleResolution !== undefined) return options.moduleResolution;
  const kind = moduleKind(options);
  if (kind === ts.ModuleKind.CommonJS) return ts.ModuleResolutionKind.Node10;
  if (kind === ts.ModuleKind.NodeNext) return ts.ModuleResolutionKind.NodeNext;
  if (NODE_MODULES_KINDS.has(kind)) return ts.ModuleResolutionKind.Node16;
  if (kind === ts.ModuleKind.Preserve) return ts.ModuleResolutionKind.Bundler;
  return ts.ModuleResolutionKind.Classic;
}

const startOf = (file: string): SourceLocation => ({ file, line: 1, column: 1, length: 1 });

function dependsOnFramework(file: string): boolean {
  try {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    return ['dependencies', 'devDependencies'].some((field) => Object.keys(json[field] ?? {}).some((name) => name.startsWith('@framework/')));
  } catch {
    return false;
  }
}

function packageType(file: string): unknown {
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { type?: unknown }).type;
  } catch {
    return 'module'; // an unreadable package.json is npm's error to report, not a set-up finding
  }
}
