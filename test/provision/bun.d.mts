// Declarations of bun.mjs, for the suites written in TypeScript.

/** The Bun release line the suites run on. */
export const BUN_VERSION: string;

/** What `ensureBun` answers: a working `bun`, or why there is none. */
export type BunProvision =
  | { readonly ok: true; readonly path: string; readonly version: string; readonly installed: boolean }
  | { readonly ok: false; readonly message: string };

/** The path of a working `bun`, installed from the npm registry first when missing. */
export function ensureBun(): BunProvision;
