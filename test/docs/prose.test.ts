// Two slips a page can make that a reader notices and a compiler does not, checked mechanically:
// a paragraph cut off mid-sentence (its last line, before a heading or the end of the page, ends
// without a full stop or a colon), and a feature of the example that is served only when an
// environment variable asks for it, pointed at (`localhost:3000/docs`) in a paragraph that never
// names the variable. What cannot be checked this way (a variable gating something without a
// path, such as `GRPC_REFLECTION`; a sentence that ends with a full stop but says what is not so)
// is left to review.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, docPages, readPage, scan } from './markdown.js';

/** How a paragraph's last line may end: a full stop, a colon, ! or ?, maybe inside a closing mark. */
const ENDED = /[.:!?][)*_`"'’”\]]*$/;

/** Lines that are not prose: tables, lists, quotes, HTML, fences, headings, includes. */
const notProse = (line: string): boolean => /^\s*([|>#<]|[-*+] |\d+\. |\[\^|!\[|\$\$)/.test(line);

/** `page:line: text` of each paragraph that stops before a heading (or the end) without ending its sentence. */
function unfinishedParagraphs(page: string, text: string): string[] {
  const lines = scan(text);
  const problems: string[] = [];
  lines.forEach(({ line, fenced }, index) => {
    const beforeHeading = !fenced && /^#{1,6} /.test(line);
    const atEnd = index === lines.length - 1;
    if (!beforeHeading && !atEnd) return;
    let at = beforeHeading ? index - 1 : index;
    while (at >= 0 && lines[at]!.line.trim() === '') at--;
    if (at < 0 || lines[at]!.fenced) return;
    const last = lines[at]!.line;
    if (notProse(last) || ENDED.test(last.trimEnd())) return;
    // A line of a list item's continuation belongs to the list: look for the item it continues.
    let start = at;
    while (start > 0 && lines[start - 1]!.line.trim() !== '' && !lines[start - 1]!.fenced) start--;
    if (notProse(lines[start]!.line)) return;
    problems.push(`${page}:${at + 1}: ${last.trim()}`);
  });
  return problems;
}

/** The example's environment switches that serve a path: `if (config.get('DOCS')) app.serveDocs('/docs', …)`. */
function gatedPaths(source: string): { variable: string; path: string }[] {
  return [...source.matchAll(/if \(config\.get\('([A-Z_]+)'\)\)[^\n]*?'(\/[\w/-]*)'/g)].map((match) => ({ variable: match[1]!, path: match[2]! }));
}

/** `page:line: …` of each paragraph that points at a gated path of the example without naming its variable. */
function ungatedMentions(page: string, text: string, gates: readonly { variable: string; path: string }[]): string[] {
  const lines = scan(text);
  const problems: string[] = [];
  let paragraph: { start: number; text: string[] } = { start: 0, text: [] };
  const close = (): void => {
    const body = paragraph.text.join('\n');
    for (const gate of gates) {
      const pointed = new RegExp(`localhost:\\d+${gate.path.replace(/[/]/g, '\\/')}(?![\\w-])`).test(body);
      if (pointed && !body.includes(gate.variable)) problems.push(`${page}:${paragraph.start + 1}: points at ${gate.path} without naming ${gate.variable}`);
    }
  };
  lines.forEach(({ line, fenced }, index) => {
    if (line.trim() === '' && !fenced) {
      close();
      paragraph = { start: index + 1, text: [] };
    } else paragraph.text.push(line);
  });
  close();
  return problems;
}

const GATES = gatedPaths(fs.readFileSync(path.join(ROOT, 'examples/todo/src/app-setup.ts'), 'utf8'));

test('no paragraph of the docs stops mid-sentence before a heading or the end of its page', () => {
  assert.equal(docPages().flatMap((page) => unfinishedParagraphs(page, readPage(page))), []);
});

test("every paragraph that points at a path the example serves only on request names the variable", () => {
  assert.ok(GATES.some((gate) => gate.variable === 'DOCS' && gate.path === '/docs'), `found ${JSON.stringify(GATES)}`);
  assert.equal(docPages().flatMap((page) => ungatedMentions(page, readPage(page), GATES)), []);
});

test('the checkers themselves: a cut-off sentence and an unnamed switch are found, finished ones pass', () => {
  assert.equal(unfinishedParagraphs('p.md', 'Pages (`?limit=` up to 100, the default, after\n\n## Next\n'), ['p.md:1: Pages (`?limit=` up to 100, the default, after']);
  assert.equal(unfinishedParagraphs('p.md', 'A sentence.\n\n## Next\n\nThe list:\n\n- one\n- two\n'), []);
  assert.equal(unfinishedParagraphs('p.md', 'Ends in code (`x`).\n\n```sh\nno stop\n```\n'), []);
  const gates = [{ variable: 'DOCS', path: '/docs' }];
  assert.equal(ungatedMentions('p.md', 'The example serves (`http://localhost:3000/docs`):\n', gates), ['p.md:1: points at /docs without naming DOCS']);
  assert.equal(ungatedMentions('p.md', 'With `DOCS=true` the example serves `http://localhost:3000/docs`.\n', gates), []);
});

test.run();
