// Declarations of system-tool.mjs, for the suites written in TypeScript.

/** What an `ensure…()` of a system tool answers: its path, or the one line to print. */
export type ToolProvision = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly message: string };

/** A system tool: how to find it, which packages install it, what to say when it cannot be had. */
export interface SystemTool {
  readonly name: string;
  readonly why: string;
  readonly find: (env: NodeJS.ProcessEnv) => string | undefined;
  readonly apt?: readonly string[];
  readonly brew?: readonly string[];
  readonly missing: string;
}

/** The absolute path of `command` on PATH, or undefined. */
export function findOnPath(command: string, env?: NodeJS.ProcessEnv): string | undefined;

/** Ensures a tool is present, installing it with the system package manager when possible. */
export function ensureSystemTool(tool: SystemTool, env?: NodeJS.ProcessEnv, log?: (line: string) => void): ToolProvision;

/** Runs `ensure` when the module at `moduleUrl` is the script node was started with. */
export function runWhenScript(moduleUrl: string, ensure: () => ToolProvision, label: string): void;
