#!/usr/bin/env node
// Makes sure the gRPC interoperability suites have an independent client: Debian's Python gRPC
// (the C core, not grpc-js) and its protoc plugin, which compiles the health and reflection protos
// at test time (see system-tool.mjs). The `python3` first on PATH may be another Python without
// them, so the system one is used.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureSystemTool, runWhenScript } from './system-tool.mjs';

export const MISSING =
  'npm test needs Python gRPC for the gRPC interoperability suites and cannot install it here: install it (Debian/Ubuntu: `sudo apt-get install python3-grpcio python3-grpc-tools`) and run again.';

/** The system Python first (Debian's packages install there), then whatever `python3` is on PATH. */
const candidates = ['/usr/bin/python3', 'python3'];

/** The Python that can `import grpc, grpc_tools`, or undefined. */
export function findGrpcPython(env = process.env) {
  for (const python of candidates) {
    if (python.startsWith('/') && !existsSync(python)) continue;
    const probe = spawnSync(python, ['-c', 'import grpc, grpc_tools.protoc'], { stdio: 'ignore', env });
    if (probe.status === 0) return python;
  }
  return undefined;
}

/**
 * Ensures a Python with grpcio and grpc_tools. Returns `{ ok: true, path }` (the interpreter), or
 * `{ ok: false, message }` with the one line to print.
 *
 * @example
 * const python = ensureGrpcPython();
 * if (python.ok) spawnSync(python.path, ['client.py']);
 */
export function ensureGrpcPython(env = process.env, log = (line) => console.log(line)) {
  return ensureSystemTool(
    {
      name: 'python3-grpcio',
      why: 'the gRPC interoperability suites call the server from a client that is not grpc-js',
      find: findGrpcPython,
      apt: ['python3-grpcio', 'python3-grpc-tools'],
      missing: MISSING,
    },
    env,
    log,
  );
}

runWhenScript(import.meta.url, ensureGrpcPython, 'python with grpc');
