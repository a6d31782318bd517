import { createRequire } from 'node:module';
import type Protobuf from 'protobufjs';

let loaded: typeof Protobuf | undefined;

/**
 * protobufjs, loaded on first use: a build of an app without `.proto` files (most of them) does not
 * pay for its 44 modules. Required, not imported: the build is synchronous, and protobufjs is a
 * CommonJS package either way.
 *
 * @example
 * const root = new (protobufjs().Root)();
 */
export function protobufjs(): typeof Protobuf {
  return (loaded ??= createRequire(import.meta.url)('protobufjs') as typeof Protobuf);
}
