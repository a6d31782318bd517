// Every link of the documentation resolves: relative links to a file or folder that exists, and
// every #anchor to a heading of its page, under GitHub's anchor rules and the site's alike (the
// pages are read in both places). Links to the pages the architecture work will write are
// accepted from one list (docs/.vitepress/expected-pages.ts) until they exist.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EXPECTED_PAGES } from '../../docs/.vitepress/expected-pages.js';
import { ROOT, anchorsOf, docPages, githubSlug, linksOf, readPage, siteSlug } from './markdown.js';

/** What is wrong with one link of `page`, or undefined when it resolves. */
function problemOf(page: string, target: string): string | undefined {
  if (/^[a-z][\w+.-]*:/i.test(target)) return undefined; // https:, mailto:: outside the repository
  const [file = '', anchor] = target.split('#') as [string, string | undefined];
  const resolved = file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURIComponent(file)));
  if (EXPECTED_PAGES.includes(resolved)) return undefined;
  if (resolved.startsWith('..') || !fs.existsSync(path.join(ROOT, resolved))) return `${resolved} does not exist`;
  if (anchor === undefined) return undefined;
  if (!resolved.endsWith('.md')) return `an anchor into ${resolved}, which is not a page`;
  const text = readPage(resolved);
  const missing = [
    anchorsOf(text, githubSlug).has(anchor) ? undefined : 'GitHub',
    anchorsOf(text, siteSlug).has(anchor) ? undefined : 'the site',
  ].filter(Boolean);
  return missing.length > 0 ? `no heading of ${resolved} has the anchor #${anchor} on ${missing.join(' or ')}` : undefined;
}

test('every relative link and #anchor of README.md, docs/ and bench/README.md resolves', () => {
  const pages = docPages();
  assert.ok(pages.length > 20, `found ${pages.length} pages`);
  const broken = pages.flatMap((page) =>
    linksOf(readPage(page)).flatMap(({ target, line }) => {
      const problem = problemOf(page, target);
      return problem ? [`${page}:${line}: (${target}) ${problem}`] : [];
    }),
  );
  assert.equal(broken, []);
});

test('every page of docs/ is in the site\'s sidebar and in the README\'s table of pages', async () => {
  const { default: config } = await import('../../docs/.vitepress/config.mjs');
  const sidebar = (config.themeConfig?.sidebar as { items: { link: string }[] }[]).flatMap((group) => group.items.map((item) => `docs${item.link}.md`));
  const readme = new Set(linksOf(readPage('README.md')).map((link) => link.target.split('#')[0]));
  // A page of the site that only includes a file from outside docs/ (benchmarks.md: bench/README.md)
  // is listed in the README by that file, which GitHub shows.
  const listedAs = (page: string): string => {
    const included = /^<!--@include: \.\.\/(\S+?)-->$/m.exec(readPage(page))?.[1];
    return included ?? page;
  };
  const pages = [...docPages().filter((page) => page.startsWith('docs/') && page !== 'docs/index.md'), ...EXPECTED_PAGES];
  assert.equal(pages.filter((page) => !sidebar.includes(page)), [], 'pages missing from the sidebar');
  assert.equal(sidebar.filter((page) => !pages.includes(page)), [], 'sidebar entries without a page');
  assert.equal(pages.filter((page) => !readme.has(listedAs(page))), [], "pages missing from the README's table");
});

test('a page listed as expected does not exist yet (remove it from expected-pages.ts once it does)', () => {
  const landed = EXPECTED_PAGES.filter((page) => fs.existsSync(path.join(ROOT, page)));
  assert.equal(landed, []);
});

test('the checker itself: a missing file, a missing anchor and a good link are told apart', () => {
  assert.match(problemOf('docs/cli.md', 'nowhere.md') ?? '', 'docs/nowhere.md does not exist');
  assert.match(problemOf('README.md', '#no-such-heading') ?? '', 'no heading of README.md has the anchor #no-such-heading');
  assert.is(problemOf('README.md', 'docs/getting-started.md#try-the-example'), undefined);
  assert.is(problemOf('docs/cli.md', '../LICENSE'), undefined);
  assert.is(githubSlug('`@framework/testing`'), 'frameworktesting');
  assert.is(siteSlug('`@framework/testing`'), 'framework-testing');
});

test.run();
