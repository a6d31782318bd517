// Declarations of nginx.mjs, for the suites written in TypeScript.
import type { ToolProvision } from './system-tool.mjs';

/** The one line printed when nginx is missing and cannot be installed. */
export const MISSING: string;

/** Where nginx is, or undefined. */
export function findNginx(env?: NodeJS.ProcessEnv): string | undefined;

/** Ensures nginx is installed. */
export function ensureNginx(env?: NodeJS.ProcessEnv, log?: (line: string) => void): ToolProvision;
