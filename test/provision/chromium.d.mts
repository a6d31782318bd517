// Declarations of chromium.mjs, for the suites written in TypeScript.
import type { ToolProvision } from './system-tool.mjs';

/** The one line printed when Chromium is missing and cannot be installed. */
export const MISSING: string;

/** Where Chromium is, or undefined. */
export function findChromium(env?: NodeJS.ProcessEnv): string | undefined;

/** Ensures Chromium is installed. */
export function ensureChromium(env?: NodeJS.ProcessEnv, log?: (line: string) => void): ToolProvision;
