import type { StaticRoute } from '../contract/static-route.js';

/** Options of `app.serveDocs`. */
export interface DocsOptions {
  /** The page's title; default the document's `info.title`. */
  readonly title?: string;
}

/**
 * The Swagger UI files the page loads, served from the `swagger-ui-dist` package (no CDN). A Map,
 * not an object: `constructor` or `__proto__` must not name an allowed file.
 */
const ASSETS: ReadonlyMap<string, string> = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
]);

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
const problem = (status: number, name: string, message: string): Response => answer(JSON.stringify({ status, name, message }), 'application/json', {}, status);

const MISSING = 'The docs page needs the swagger-ui-dist package: npm install swagger-ui-dist';

/**
 * The routes of the docs page under `base`: `base` answers an HTML page with Swagger UI's
 * interactive reference, `base/openapi.json` the document, `base/reference.js` the script that
 * starts Swagger UI, `base/assets/*` Swagger UI's files,
 * read from the installed `swagger-ui-dist` on first request and kept (so a runtime that reads
 * nothing else, such as Deno with a narrow `--allow-read`, only needs to read them when the page
 * is opened). Everything is decided here, once: the page and the document's JSON text. Every
 * answer carries a Content-Security-Policy and `nosniff`, no-framing and no-referrer headers.
 *
 * @example
 * docsRoutes('/docs', document) // [{ path: '/docs', … }, { path: '/docs/openapi.json', … }, { path: '/docs/assets/:file', … }]
 */
export function docsRoutes(base: string, document: object, options: DocsOptions = {}): StaticRoute[] {
  const root = `/${base}`.replace(/\/+/g, '/').replace(/\/$/, '') || '/';
  const prefix = root === '/' ? '' : root;
  const json = JSON.stringify(document);
  const title = options.title ?? (document as { info?: { title?: unknown } }).info?.title;
  const page = html(typeof title === 'string' ? title : 'API reference', `${prefix}/assets`, `${prefix}/reference.js`);
  // Swagger UI is started by a script of its own, so the policy can forbid inline scripts.
  const start = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(`${prefix}/openapi.json`)}, dom_id: '#reference', deepLinking: true, validatorUrl: null, tryItOutEnabled: false });\n`;
  const assets = new Map<string, Promise<Uint8Array>>();
  const asset = (file: string): Promise<Uint8Array> => {
    let loading = assets.get(file);
    if (!loading) {
      loading = import('./ui-assets.js').then(({ readAsset }) => readAsset(file));
      // A failed read is tried again by the next request (the package may be installed meanwhile).
      loading.catch(() => assets.delete(file));
      assets.set(file, loading);
    }
    return loading;
  };
  return [
    { path: root, respond: () => answer(page, 'text/html; charset=utf-8') },
    { path: `${prefix}/openapi.json`, respond: () => answer(json, 'application/json') },
    { path: `${prefix}/reference.js`, respond: () => answer(start, 'text/javascript; charset=utf-8') },
    {
      path: `${prefix}/assets/:file`,
      respond: async (request) => {
        const file = new URL(request.url).pathname.split('/').pop() ?? '';
        const type = ASSETS.get(file);
        if (!type) return problem(404, 'NotFoundException', 'Not found');
        try {
          return answer((await asset(file)) as BodyInit, type, { 'cache-control': 'public, max-age=3600' });
        } catch {
          return problem(503, 'ServiceUnavailableException', MISSING);
        }
      },
    },
  ];
}

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
