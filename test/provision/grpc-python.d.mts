// Declarations of grpc-python.mjs, for the suites written in TypeScript.
import type { ToolProvision } from './system-tool.mjs';

/** The one line printed when Python gRPC is missing and cannot be installed. */
export const MISSING: string;

/** The Python that can `import grpc, grpc_tools`, or undefined. */
export function findGrpcPython(env?: NodeJS.ProcessEnv): string | undefined;

/** Ensures a Python with grpcio and grpc_tools; `path` is the interpreter. */
export function ensureGrpcPython(env?: NodeJS.ProcessEnv, log?: (line: string) => void): ToolProvision;
