// The documentation site: `npm run docs:build` builds docs/ into docs/.vitepress/dist (ignored by
// git), `npm run docs:dev` serves it while writing. The sidebar lists every page; search is local
// (an index built with the site, nothing leaves the browser).
import { defineConfig } from 'vitepress';
import { EXPECTED_PAGES } from './expected-pages.js';

/** Page links of the site that do not resolve within it on purpose: pages not written yet. */
const outsideTheSite = (url: string): boolean =>
  EXPECTED_PAGES.some((page) => url.replace(/\.(md|html)$/, '').endsWith(page.replace(/^docs\//, '').replace(/\.md$/, '')));

/**
 * Where a link out of docs/ leads on the site. The pages link to `../bench/README.md`, which
 * GitHub shows beside them; the site has that file as its page `benchmarks.md` (an include), and
 * the benchmarks' own links back into `../docs/` are pages of the site. Any other link out of
 * docs/ stays as written and fails the build as a dead link.
 */
/** A TextMate grammar for the PromQL queries of the observability page. */
const PROMQL = {
  name: 'promql',
  scopeName: 'source.promql',
  patterns: [
    { match: '#.*$', name: 'comment.line.number-sign.promql' },
    { match: '"(?:[^"\\\\]|\\\\.)*"|\'(?:[^\'\\\\]|\\\\.)*\'', name: 'string.quoted.promql' },
    { match: '\\[\\d+[smhdwy]\\]', name: 'constant.numeric.duration.promql' },
    { match: '\\b\\d+(?:\\.\\d+)?\\b', name: 'constant.numeric.promql' },
    { match: '\\b(?:sum|min|max|avg|count|topk|bottomk|quantile|by|without|on|ignoring|group_left|group_right|offset|and|or|unless)\\b', name: 'keyword.operator.promql' },
    { match: '\\b[a-z_]+(?=\\()', name: 'entity.name.function.promql' },
  ],
  repository: {},
};

export function siteLink(href: string): string {
  if (href.startsWith('../bench/README.md')) return `./benchmarks.md${href.slice('../bench/README.md'.length)}`;
  if (href.startsWith('../docs/')) return `./${href.slice('../docs/'.length)}`;
  return href;
}

export default defineConfig({
  title: 'Framework',
  description: 'A TypeScript framework for Node.js and Deno: decorators checked at build time, HTTP and gRPC from one application.',
  cleanUrls: false,
  // No icon file to fetch (a browser asks for /favicon.ico otherwise, and gets a 404).
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  ignoreDeadLinks: [outsideTheSite],
  // The one chunk over Vite's 500 kB warning is the local search index (every page's text, about
  // 0.5 MB), fetched only when the search box opens; a page's own chunks stay far below.
  vite: { build: { chunkSizeWarningLimit: 1024 } },
  markdown: {
    // Inline code is shown as written: without v-pre, Vue would read `{{` in it as an interpolation.
    // The highlighter has no PromQL: a small grammar (comments, strings, numbers, durations,
    // functions and aggregations) rather than a warning at every build.
    languages: [PROMQL],
    config(md) {
      md.core.ruler.push('links-out-of-docs', (state) => {
        for (const token of state.tokens) {
          for (const child of token.children ?? []) {
            const href = child.type === 'link_open' ? child.attrGet('href') : null;
            if (href) child.attrSet('href', siteLink(href));
          }
        }
      });
      const render = md.renderer.rules.code_inline!;
      md.renderer.rules.code_inline = (...args) => render(...args).replace('<code', '<code v-pre');
    },
  },
  themeConfig: {
    search: { provider: 'local' },
    outline: [2, 3],
    nav: [
      { text: 'Guide', link: '/getting-started' },
      { text: 'Reference', link: '/diagnostics' },
    ],
    sidebar: [
      {
        text: 'Start',
        items: [
          { text: 'Getting started', link: '/getting-started' },
          { text: 'The dev loop', link: '/dev-loop' },
          { text: 'The dev dashboard', link: '/dev-dashboard' },
          { text: 'Runtimes and releases', link: '/runtimes' },
        ],
      },
      {
        text: 'Guides',
        items: [
          { text: 'Modules and providers', link: '/modules-and-providers' },
          { text: 'Controllers and routing', link: '/controllers-and-routing' },
          { text: 'Validation', link: '/validation' },
          { text: 'Standard Schema (Zod, Valibot, ArkType)', link: '/standard-schema' },
          { text: 'Guards and authentication', link: '/guards-and-authentication' },
          { text: 'CORS, security headers, cookie sessions', link: '/cors-and-cookies' },
          { text: 'Throttling', link: '/throttling' },
          { text: 'Interceptors, pipes, filters, middleware', link: '/interceptors-and-pipes' },
          { text: 'gRPC', link: '/grpc' },
          { text: 'Streaming over HTTP', link: '/streaming' },
          { text: 'Uploads: forms and files', link: '/uploads' },
          { text: 'Static files', link: '/static-files' },
          { text: 'Compression and conditional GET', link: '/compression' },
          { text: 'Testing', link: '/testing' },
          { text: 'Configuration', link: '/configuration' },
          { text: 'OpenAPI and the typed client', link: '/openapi-and-client' },
          { text: 'Inherited routes', link: '/inheritance' },
        ],
      },
      {
        text: 'Production',
        items: [
          { text: 'Deployment', link: '/deployment' },
          { text: 'HTTPS and HTTP/2', link: '/https' },
          { text: 'Health and readiness', link: '/health' },
          { text: 'Observability', link: '/observability' },
          { text: 'Deno', link: '/deno' },
          { text: 'Bun', link: '/bun' },
          { text: 'Cloudflare Workers', link: '/workers' },
          { text: 'AWS Lambda', link: '/lambda' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'Diagnostics', link: '/diagnostics' },
          { text: 'Wiring diagnostics', link: '/wiring-diagnostics' },
          { text: 'CLI', link: '/cli' },
          { text: 'Server options', link: '/server-options' },
          { text: 'Limits', link: '/limits' },
        ],
      },
      {
        text: 'Inside',
        items: [
          { text: 'Architecture', link: '/architecture' },
          { text: 'Request lifecycle', link: '/request-lifecycle' },
          { text: 'The HTTP pipeline', link: '/http-pipeline' },
          { text: 'Contributing', link: '/contributing' },
          { text: 'Benchmarks', link: '/benchmarks' },
        ],
      },
    ],
  },
});
