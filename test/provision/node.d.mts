// Declarations of node.mjs, for the suites written in TypeScript.

/** Where the Node binaries (and Bun, Miniflare) are kept between runs. */
export const NODE_CACHE: string;

/** What `ensureNode` answers: the binary of that release line, or why there is none. */
export type NodeProvision =
  | { readonly ok: true; readonly path: string; readonly version: string; readonly installed: boolean }
  | { readonly ok: false; readonly message: string };

/** The path of a `node` of release line `major`, installed from the npm registry first when missing. */
export function ensureNode(major: number): NodeProvision;
