import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import protobuf from 'protobufjs';
import { toPosix } from '../files/file-paths.js';

/**
 * What gRPC server reflection (`GRPC_REFLECTION=true`, `reflection: true`) needs inside a bundle,
 * which has no node_modules beside it: protobufjs's descriptor extension, which @framework/grpc
 * requires on demand, and @grpc/reflection's own `reflection.proto` files, which it reads from
 * beside its modules when the service is added.
 */

/**
 * The source of the `modules` the bundle's first module hands @framework/grpc (see its
 * `BundledProtos.modules`), and the directory to resolve them from (the runtime's own protobufjs);
 * none when the application does not depend on @framework/grpc, or for a host without gRPC.
 *
 * @example
 * descriptorModules('/r/examples/todo/src/main.ts') // { source: "{ 'protobufjs/ext/descriptor': () => require(…) }", resolveDir: '/r/runtime/grpc/dist/bundle' }
 */
export function descriptorModules(entry: string, appDir: string): { readonly source: string; readonly resolveDir: string } | undefined {
  if (!dependsOnGrpc(appDir)) return undefined;
  let grpcEntry: string;
  try {
    grpcEntry = fs.realpathSync(createRequire(entry).resolve('@framework/grpc'));
  } catch {
    return undefined;
  }
  // A `require` inside a function: esbuild carries the package and runs it on the first call only.
  return { source: "{ 'protobufjs/ext/descriptor': () => require('protobufjs/ext/descriptor') }", resolveDir: path.dirname(grpcEntry) };
}

function dependsOnGrpc(appDir: string): boolean {
  const file = path.join(appDir, 'package.json');
  if (!fs.existsSync(file)) return false;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, string> | undefined>;
  return ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'].some((field) => manifest[field]?.['@framework/grpc'] !== undefined);
}

/** Where @grpc/reflection's modules sit in a bundle: a directory of no file system (its files are inside). */
const VIRTUAL_ROOT = '/@framework-bundle/node_modules';

/**
 * For @grpc/reflection's modules in the bundle: `__dirname` names a virtual directory (an ES
 * module has none), and the `.proto` files its `addToServer` loads from there (with
 * `protoLoader.loadSync`, through a protobufjs of its own that no carried text reaches) are parsed
 * now and handed over as protobufjs JSON (`protoLoader.fromJSON`). Returns the plugin and the
 * names of the files it carried, for the bundle's report.
 *
 * @example
 * const reflection = reflectionProtos(); plugins: [reflection.plugin]; reflection.carried // ['@grpc/reflection/build/proto/grpc/reflection/v1/reflection.proto', …]
 */
export function reflectionProtos(): { readonly plugin: Plugin; readonly carried: Set<string> } {
  const carried = new Set<string>();
  const plugin: Plugin = {
    name: 'framework-grpc-reflection',
    setup(b) {
      b.onLoad({ filter: /[\\/]@grpc[\\/]reflection[\\/]build[\\/]src[\\/].*\.js$/ }, (args) => {
        const text = fs.readFileSync(args.path, 'utf8');
        if (!/\b__dirname\b/.test(text)) return undefined;
        const packageDir = args.path.slice(0, args.path.lastIndexOf(`${path.sep}build${path.sep}src${path.sep}`));
        const nodeModules = path.dirname(path.dirname(packageDir)); // the node_modules holding @grpc/reflection
        const virtual = (file: string): string => path.posix.join(VIRTUAL_ROOT, toPosix(path.relative(nodeModules, file)));
        const schemas: Record<string, unknown> = {};
        for (const file of protoFiles(path.join(packageDir, 'build', 'proto', 'grpc'))) {
          // As proto-loader parses it: names as protobufjs makes them without keepCase.
          schemas[virtual(file)] = new protobuf.Root().loadSync(file, { keepCase: false }).toJSON();
          carried.add(toPosix(path.relative(nodeModules, file)));
        }
        const prelude = [
          `var __dirname = ${JSON.stringify(virtual(path.dirname(args.path)))};`,
          `var __frameworkReflectionSchemas = ${JSON.stringify(schemas)};`,
          // A file not carried is read as before (and fails as before, naming it).
          'var __frameworkLoadSync = (file, options) => { const json = __frameworkReflectionSchemas[file]; return json ? require("@grpc/proto-loader").fromJSON(json, options) : require("@grpc/proto-loader").loadSync(file, options); };',
          '',
        ].join('\n');
        return { contents: prelude + text.replaceAll('protoLoader.loadSync(', '__frameworkLoadSync('), loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
  return { plugin, carried };
}

function protoFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return protoFiles(file);
    return entry.name.endsWith('.proto') ? [file] : [];
  });
}
