// NestJS 12 (the bench's Fastify peer) bundled the way its docs advise for a serverless start: one
// file for Node, the optional packages Nest only `require`s when an app uses them left out (Nest's
// own webpack recipe ignores them the same way). esbuild rather than webpack: it is what this
// repository already has, and the bundle's start is what is measured.
import { build } from 'esbuild';
import { buildNest } from '../lib/setup.mjs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bench = fileURLToPath(new URL('..', import.meta.url));
/** Required by @nestjs/* only when an app uses them (microservices, websockets, the Express adapter…). */
const lazyNestPackages = ['@nestjs/microservices', '@nestjs/microservices/*', '@nestjs/websockets', '@nestjs/websockets/*', '@nestjs/platform-express', 'class-transformer/storage', '@fastify/view', 'point-of-view', '@fastify/static'];

/** Compiles the NestJS peer (tsc) and bundles its Fastify entry into `<dir>/nest/main-fastify.cjs`. */
export function bundleNest(dir) {
  try {
    buildNest();
    return build({
      entryPoints: [join(bench, 'peers/nest/dist/main-fastify.cjs')],
      outfile: join(dir, 'nest/main-fastify.cjs'),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      keepNames: true,
      external: lazyNestPackages,
      logLevel: 'silent',
    }).then(() => ({ ok: true }), (error) => ({ ok: false, reason: error.message }));
  } catch (error) {
    return Promise.resolve({ ok: false, reason: error.message });
  }
}
