/** A GET route the HTTP transport serves beside the application's routes (the docs page's). */
export interface StaticRoute {
  readonly path: string;
  respond(request: Request): Response | Promise<Response>;
}

/** Options of `app.serveDocs`. */
export interface DocsOptions {
  /** The page's title; default the document's `info.title`. */
  readonly title?: string;
}

/** The Swagger UI files the page loads, served from the `swagger-ui-dist` package (no CDN). */
const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const MISSING = 'The docs page needs the swagger-ui-dist package: npm install swagger-ui-dist';

/**
 * The routes of the docs page under `base`: `base` answers an HTML page with Swagger UI's
 * interactive reference, `base/openapi.json` the document, `base/assets/*` Swagger UI's files,
 * read from the installed `swagger-ui-dist` on first request and kept (so a runtime that reads
 * nothing else, such as Deno with a narrow `--allow-read`, only needs to read them when the page
 * is opened). Everything is decided here, once: the page and the document's JSON text.
 *
 * @example
 * docsRoutes('/docs', document) // [{ path: '/docs', … }, { path: '/docs/openapi.json', … }, { path: '/docs/assets/:file', … }]
 */
export function docsRoutes(base: string, document: object, options: DocsOptions = {}): StaticRoute[] {
  const root = `/${base}`.replace(/\/+/g, '/').replace(/\/$/, '') || '/';
  const prefix = root === '/' ? '' : root;
  const json = JSON.stringify(document);
  const title = options.title ?? (document as { info?: { title?: unknown } }).info?.title;
  const page = html(typeof title === 'string' ? title : 'API reference', `${prefix}/openapi.json`, `${prefix}/assets`);
  const assets = new Map<string, Promise<Uint8Array>>();
  const asset = (file: string): Promise<Uint8Array> => {
    let loading = assets.get(file);
    if (!loading) {
      loading = import('./docs-assets.js').then(({ readAsset }) => readAsset(file));
      // A failed read is tried again by the next request (the package may be installed meanwhile).
      loading.catch(() => assets.delete(file));
      assets.set(file, loading);
    }
    return loading;
  };
  return [
    { path: root, respond: () => new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } }) },
    { path: `${prefix}/openapi.json`, respond: () => new Response(json, { headers: { 'content-type': 'application/json' } }) },
    {
      path: `${prefix}/assets/:file`,
      respond: async (request) => {
        const file = new URL(request.url).pathname.split('/').pop() ?? '';
        const type = ASSETS[file];
        if (!type) return Response.json({ status: 404, name: 'NotFoundException', message: 'Not found' }, { status: 404 });
        try {
          const body = await asset(file);
          return new Response(body as BodyInit, { headers: { 'content-type': type, 'cache-control': 'public, max-age=3600' } });
        } catch {
          return Response.json({ status: 503, name: 'ServiceUnavailableException', message: MISSING }, { status: 503 });
        }
      },
    },
  ];
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(title: string, documentUrl: string, assets: string): string {
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
<script>
window.ui = SwaggerUIBundle({ url: ${JSON.stringify(documentUrl).replace(/</g, '\\u003c')}, dom_id: '#reference', deepLinking: true, validatorUrl: null, tryItOutEnabled: false });
</script>
</body>
</html>
`;
}
