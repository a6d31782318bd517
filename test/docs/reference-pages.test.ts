// The reference pages agree with what they describe: docs/diagnostics.md is what the compiler's
// catalogue renders (every code with its summary, no summary for a code that does not exist), the
// CLI page names exactly the options `framework-build --help` lists, and the server-options page's
// tables name exactly the options of its compiled sample (which `satisfies Required<…>` the
// option types, so the code-samples suite fails when an option is added and not documented).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { catalogue } from '../../compiler/src/diagnostics/catalogue.js';
import { DIAGNOSTIC_SUMMARIES } from '../../scripts/docs/diagnostic-summaries.js';
import { DIAGNOSTICS_PAGE, renderDiagnosticsPage } from '../../scripts/docs/diagnostics-page.js';
import { ROOT, codeBlocksOf, readPage } from './markdown.js';

test('docs/diagnostics.md is fresh (npm run docs:reference rewrites it)', () => {
  assert.ok(fs.readFileSync(DIAGNOSTICS_PAGE, 'utf8') === renderDiagnosticsPage(), 'docs/diagnostics.md is stale: run npm run docs:reference');
});

test('every code of the catalogue has a summary, and every summary a code', () => {
  const codes = Object.keys(catalogue).sort();
  assert.equal(Object.keys(DIAGNOSTIC_SUMMARIES).sort(), codes);
  const page = readPage('docs/diagnostics.md');
  for (const code of codes) assert.match(page, `\n### ${code}\n`);
});

test("the README's count of diagnostics (\"90-odd\") is the catalogue's", () => {
  const said = /(\d+)-odd\s+\[diagnostics\]/.exec(readPage('README.md'))?.[1];
  assert.ok(said, 'the README says how many diagnostics there are');
  const count = Object.keys(catalogue).length;
  assert.ok(count >= Number(said) && count < Number(said) + 10, `the catalogue has ${count} codes; the README says ${said}-odd`);
});

/** The options of a `--help` text: `--out`, `--explain`, `--explain-scope`, … */
function helpOptions(args: string[]): string[] {
  const help = spawnSync(process.execPath, [path.join(ROOT, 'compiler/bin/framework-build.js'), ...args, '--help'], { encoding: 'utf8' });
  assert.is(help.status, 0, help.stderr);
  return [...help.stdout.matchAll(/^ {2}(--[\w-]+)(?:, (--[\w-]+))?/gm)].flatMap((m) => [m[1]!, m[2]].filter((o): o is string => o !== undefined));
}

/** The options named in the first column of a page's option table; `--no-x` names `--x`. */
function tableOptions(page: string): string[] {
  const rows = readPage(page).split('\n').filter((line) => line.startsWith('| `-'));
  return rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`(--[\w-]+)/g)].map((m) => m[1]!.replace(/^--no-/, '--')));
}

test('the CLI page names exactly the options framework-build --help lists, for a build and for dev', () => {
  const documented = new Set(tableOptions('docs/cli.md'));
  const listed = new Set([...helpOptions([]), ...helpOptions(['dev'])]);
  assert.equal([...listed].filter((o) => !documented.has(o)).sort(), [], 'options --help lists and the page does not');
  assert.equal([...documented].filter((o) => !listed.has(o)).sort(), [], 'options the page names and --help does not');
});

/** The example commands of a `--help` text (its `Examples:` section), without their descriptions. */
function helpExamples(command: string, args: string[]): string[] {
  const help = spawnSync(process.execPath, [command, ...args, '--help'], { encoding: 'utf8' });
  assert.is(help.status, 0, help.stderr);
  const section = help.stdout.slice(help.stdout.indexOf('Examples:'));
  return [...section.matchAll(/^ {2}(\S.*?)(?: {2,}.*)?$/gm)].map((m) => m[1]!.trim());
}

/** The commands of a page's shell blocks, comments dropped. */
const shellCommands = (page: string): string[] =>
  codeBlocksOf(readPage(page))
    .filter((block) => block.lang === 'sh')
    .flatMap((block) => block.text.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()))
    .filter(Boolean);

test('every command of framework-build and of the generator has an example in --help, and the CLI page shows each', () => {
  const build = path.join(ROOT, 'compiler/bin/framework-build.js');
  const examples = [...helpExamples(build, []), ...helpExamples(build, ['dev']), ...helpExamples(path.join(ROOT, 'create-framework-app/bin/create-framework-app.js'), [])];
  const help = spawnSync(process.execPath, [build, '--help'], { encoding: 'utf8' }).stdout;
  const commands = [...help.slice(help.indexOf('Commands:'), help.indexOf('Positionals:')).matchAll(/^ {2}(framework-build(?: [a-z][\w-]*)?) /gm)].map((m) => m[1]!);
  assert.equal(commands, ['framework-build', 'framework-build dev'], 'the commands --help lists (add a new one here and to docs/cli.md)');
  const subcommands = commands.filter((command) => command !== 'framework-build');
  for (const command of subcommands) assert.ok(examples.some((example) => example.startsWith(`${command} `)), `--help has an example of ${command}`);
  assert.ok(examples.some((example) => !subcommands.some((command) => example.startsWith(`${command} `)) && example.startsWith('framework-build ')), 'an example of the build');
  const page = shellCommands('docs/cli.md');
  assert.equal(examples.filter((example) => !page.includes(example)), [], 'examples of --help missing from docs/cli.md');
});

test('the server-options tables name exactly the options of the compiled samples', () => {
  const text = readPage('docs/server-options.md');
  const tables = new Set(text.split('\n').filter((line) => /^\| `\w/.test(line)).flatMap((row) => [...row.split('|')[1]!.matchAll(/`(\w+)`/g)].map((m) => m[1]!)));
  const samples = codeBlocksOf(text).filter((block) => block.lang === 'ts');
  assert.is(samples.length, 2);
  // The top-level keys of the object literals that `satisfies Required<…Options>` or `…Limits>`.
  const keys = samples.flatMap((block) =>
    [...block.text.matchAll(/= \{\n([\s\S]*?)\n\} satisfies Required/g)].flatMap((m) => [...m[1]!.matchAll(/^ {2}(\w+)[,:]/gm)].map((k) => k[1]!)),
  );
  const grpcOptions = /new GrpcServer\(app, \{\n([\s\S]*?)\n\} satisfies/.exec(samples[1]!.text)?.[1] ?? '';
  keys.push(...[...grpcOptions.matchAll(/^ {2}(\w+)[,:]/gm)].map((k) => k[1]!));
  const inTables = (key: string) => tables.has(key) || text.includes(`\`${key}\``);
  assert.equal(keys.filter((key) => !inTables(key)), [], 'options of the samples missing from the page');
  assert.equal([...tables].filter((key) => !keys.includes(key)).sort(), [], 'options of the tables missing from the samples');
});

test.run();
