import type { StaticRoute } from '../contract/static-route.js';
import { loadFilePort } from '../http/files/load-file-port.js';
import { StaticMount } from '../http/files/static-mount.js';

/** Options of `app.serveDocs`. */
export interface DocsOptions {
  /** The page's title; default the document's `info.title`. */
  readonly title?: string;
}

/**
 * Sent with every answer of the docs page. The page runs only its own scripts (no inline one),
 * Swagger UI sets inline styles, and nothing may frame it, sniff a type or follow a referrer.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

const answer = (body: BodyInit | null, type: string, more: Record<string, string> = {}, status = 200): Response =>
  new Response(body, { status, headers: { 'content-type': type, ...SECURITY_HEADERS, ...more } });

/**
 * The routes of the docs page under `base`: `base` answers an HTML page with Swagger UI's
 * interactive reference, `base/openapi.json` the document, `base/reference.js` the script that
 * starts Swagger UI (Swagger UI's own files are `docsAssets`). Everything is decided here, once:
 * the page and the document's JSON text. Every answer carries a Content-Security-Policy and
 * `nosniff`, no-framing and no-referrer headers.
 *
 * @example
 * docsRoutes('/docs', document) // [{ path: '/docs', … }, { path: '/docs/openapi.json', … }, { path: '/docs/reference.js', … }]
 */
export function docsRoutes(base: string, document: object, options: DocsOptions = {}): StaticRoute[] {
  const root = docsRoot(base);
  const prefix = root === '/' ? '' : root;
  const json = JSON.stringify(document);
  const title = options.title ?? (document as { info?: { title?: unknown } }).info?.title;
  const page = html(typeof title === 'string' ? title : 'API reference', `${prefix}/assets`, `${prefix}/reference.js`);
  // Swagger UI is started by a script of its own, so the policy can forbid inline scripts.
  const start = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(`${prefix}/openapi.json`)}, dom_id: '#reference', deepLinking: true, validatorUrl: null, tryItOutEnabled: false });\n`;
  return [
    { path: root, respond: () => answer(page, 'text/html; charset=utf-8') },
    { path: `${prefix}/openapi.json`, respond: () => answer(json, 'application/json') },
    { path: `${prefix}/reference.js`, respond: () => answer(start, 'text/javascript; charset=utf-8') },
  ];
}

/**
 * Swagger UI's files under `base/assets`: the installed `swagger-ui-dist` folder served as static
 * files (its scripts, styles and images, with the page's security headers, validators and an
 * hour's caching), found on first request, so a runtime that reads
 * nothing else (Deno with a narrow `--allow-read`) only reads it when the page is opened; missing,
 * each request is a 503 naming the package to install.
 *
 * @example
 * http.addStaticMount(docsAssets('/docs'));
 */
export function docsAssets(base: string): StaticMount {
  const root = docsRoot(base);
  const folder = async () => (await import('./ui-assets.js')).assetFolder();
  // Only the package's scripts, styles and images: its package.json, README and demo page stay unserved.
  return new StaticMount(`${root === '/' ? '' : root}/assets`, folder, { maxAge: 3600, extensions: ['.js', '.css', '.png', '.map'], headers: SECURITY_HEADERS }, loadFilePort);
}

const docsRoot = (base: string): string => `/${base}`.replace(/\/+/g, '/').replace(/\/$/, '') || '/';

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(title: string, assets: string, start: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${escape(assets)}/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="${escape(assets)}/swagger-ui-bundle.js"></script>
<script src="${escape(start)}"></script>
</body>
</html>
`;
}
