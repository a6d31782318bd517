// Declarations of prometheus.mjs, for the suites written in TypeScript.
import type { ToolProvision } from './system-tool.mjs';

/** The one line printed when the Prometheus server is missing and cannot be installed. */
export const MISSING: string;

/** Where the Prometheus server is, or undefined. */
export function findPrometheus(env?: NodeJS.ProcessEnv): string | undefined;

/** Ensures the Prometheus server is installed. */
export function ensurePrometheus(env?: NodeJS.ProcessEnv, log?: (line: string) => void): ToolProvision;
