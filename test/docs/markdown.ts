// Reads the repository's Markdown the way the docs suites need it: which pages there are, their
// headings (as anchors), their links and their fenced code blocks with the marker written above
// each. A small line scanner rather than a Markdown parser: the pages use fences, ATX headings and
// inline links only, and a scanner keeps every line number exact for error messages.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A fenced code block: its language, its text, the line of its opening fence, and its marker. */
export interface CodeBlock {
  readonly lang: string;
  readonly text: string;
  /** 1-based line of the first line of code (the line after the fence). */
  readonly line: number;
  /** The `<!-- kind: argument -->` comment on the line above the fence, if any. */
  readonly marker?: { readonly kind: string; readonly argument: string };
}

/** A link written in a page: the target as written and its line. */
export interface Link {
  readonly target: string;
  readonly line: number;
}

/**
 * Every Markdown page of the documentation, relative to the repository: the README, every page
 * under docs/ (not the site's own folder) and the benchmarks' README.
 *
 * @example
 * docPages(); // ['README.md', 'bench/README.md', 'docs/cli.md', …]
 */
export function docPages(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = `${dir}/${entry.name}`;
      if (entry.name.startsWith('.') || entry.name === 'node_modules') return [];
      if (entry.isDirectory()) return walk(relative);
      return entry.name.endsWith('.md') ? [relative] : [];
    });
  return ['README.md', 'bench/README.md', ...walk('docs')].sort();
}

/** The page's lines, each marked as inside a fence or not (fence lines count as inside). */
export function scan(text: string): { line: string; fenced: boolean }[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const opener = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && opener) {
      fence = opener;
      return { line, fenced: true };
    }
    if (fence !== undefined) {
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = undefined;
      return { line, fenced: true };
    }
    return { line, fenced: false };
  });
}

/** A heading's text as rendered: inline code, emphasis and links reduced to their words. */
function headingText(raw: string): string {
  return raw
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_)(\S.*?)\1/g, '$2')
    .trim();
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function githubSlug(heading: string): string {
  return headingText(heading).toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The anchor the site generator (VitePress) gives a heading: runs of punctuation and spaces become one hyphen. */
export function siteSlug(heading: string): string {
  return headingText(heading)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/** The anchors of a page's headings under one slug rule, repeated headings numbered as both renderers do. */
export function anchorsOf(text: string, slug: (heading: string) => string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { line, fenced } of scan(text)) {
    const heading = fenced ? undefined : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The inline links of a page outside code (fences and `inline code`), with their lines. */
export function linksOf(text: string): Link[] {
  return scan(text).flatMap(({ line, fenced }, index) => {
    if (fenced) return [];
    const prose = line.replace(/`[^`]*`/g, '');
    return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => ({ target: match[1]!, line: index + 1 }));
  });
}

/** The fenced code blocks of a page, each with the `<!-- kind: argument -->` marker on the line above it. */
export function codeBlocksOf(text: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    let end = i + 1;
    while (end < lines.length && !(lines[end]!.trim().startsWith(fence!) && lines[end]!.trim().replace(/[`~]/g, '') === '')) end++;
    const body = lines.slice(i + 1, end).map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line));
    const marker = /^\s*<!--\s*([\w-]+):\s*(.*?)\s*-->\s*$/.exec(lines[i - 1] ?? '');
    blocks.push({
      lang: lang ?? '',
      text: body.join('\n') + '\n',
      line: i + 2,
      ...(marker ? { marker: { kind: marker[1]!, argument: marker[2]! } } : {}),
    });
    i = end;
  }
  return blocks;
}

/** A page's text. */
export function readPage(page: string): string {
  return fs.readFileSync(path.join(ROOT, page), 'utf8');
}
