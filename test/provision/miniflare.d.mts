// Declarations of miniflare.mjs, for the suites written in TypeScript.

/** The Miniflare release line the suites run on. */
export const MINIFLARE_VERSION: string;

/** What `ensureMiniflare` answers: the URL of Miniflare's module, or why there is none. */
export type MiniflareProvision = { readonly ok: true; readonly url: string; readonly installed: boolean } | { readonly ok: false; readonly message: string };

/** The URL of Miniflare's module, installed from the npm registry first when missing. */
export function ensureMiniflare(): MiniflareProvision;
