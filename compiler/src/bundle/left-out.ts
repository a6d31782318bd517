import type { Plugin } from 'esbuild';
import { toPosix } from '../files/file-paths.js';
import type { BundleTarget } from './targets.js';

/**
 * A part of the runtime (or a package it imports) that a host's bundle does not carry, because the
 * build can tell the host never runs it: what it is and why, said by the error a call that reaches
 * it anyway throws.
 */
export interface LeftOut {
  /** The module imported, as written by a module of @framework/core (`class-validator`, or a chunk's name). */
  readonly filter: RegExp;
  /** What the bundle lacks, for the error. */
  readonly what: string;
  /** Why the host does not need it, for the error. */
  readonly why: string;
}

/** Node's, Deno's and Bun's HTTP servers (with @hono/node-server, ws and `node:http`): what `listen` starts. */
const LISTENERS = /(?:^|\/)(?:node|deno|bun)-listener(?:-[A-Z0-9]+)?\.js$/;

/**
 * What a host's bundle leaves out whatever the application: a Lambda function and a Worker answer
 * through their handler and never listen (so the Node server adapters, whose `import … from
 * 'node:http'` makes Node 22+ load its fetch implementation at start, are not carried); a Worker has
 * no file system (static files, with mime-types and mime-db). Node and Bun bundles carry everything.
 *
 * @example
 * leftOutBy('lambda') // [{ what: 'the HTTP servers of Node, Deno and Bun (`listen`)', … }]
 */
export function leftOutBy(target: BundleTarget): LeftOut[] {
  const what = 'the HTTP servers of Node, Deno and Bun (`listen`)';
  if (target === 'lambda') return [{ filter: LISTENERS, what, why: 'a Lambda function answers events through its handler and never listens (bundle with --target node for a server)' }];
  if (target !== 'workers') return [];
  return [
    { filter: LISTENERS, what, why: 'a Worker answers requests through its fetch handler and never listens' },
    {
      filter: /(?:^|\/)node-file-port(?:-[A-Z0-9]+)?\.js$/,
      what: 'the static files reader (node:fs, mime-types)',
      why: 'a Worker has no file system: serve the files from Workers static assets or a CDN',
    },
  ];
}

/**
 * Class-validator, left out of a Worker's bundle when the build proved nothing runs it (see
 * `classValidatorNeed`).
 */
export const CLASS_VALIDATOR: LeftOut = {
  filter: /^class-validator$/,
  what: 'class-validator',
  why: 'every DTO and every configuration schema of the bundled tables has compiled rules',
};

const NAMESPACE = 'framework-left-out';

/**
 * Resolves each import of a left-out module made by @framework/core (never one of the
 * application's own: what it imports, it gets) to a small CommonJS module whose every member, read
 * or called, throws an error that names what was left out and why, instead of esbuild's "Dynamic
 * require" or an undefined function further on.
 *
 * @example
 * plugins: [leaveOut(leftOutBy('workers'))] // `app.listen()` in a Worker: "This bundle leaves out the HTTP servers of Node, Deno and Bun (`listen`): …"
 */
export function leaveOut(leftOut: readonly LeftOut[]): Plugin {
  return {
    name: 'framework-left-out',
    setup(b) {
      for (const [index, part] of leftOut.entries()) {
        b.onResolve({ filter: part.filter }, (args) => (fromFramework(args.importer) ? { path: `${args.path}#${index}`, namespace: NAMESPACE } : undefined));
      }
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const part = leftOut[Number(args.path.slice(args.path.lastIndexOf('#') + 1))]!;
        return { contents: refusingModule(`This bundle leaves out ${part.what}: ${part.why}.`), loader: 'js' };
      });
    },
  };
}

/** Whether a module is @framework/core's (the workspace's runtime/core or an installed package). */
function fromFramework(importer: string): boolean {
  return /(?:^|\/)(?:runtime\/core|@framework\/core)\/dist\//.test(toPosix(importer));
}

/**
 * A CommonJS module (so that any name imported from it is allowed, read when used) whose members
 * all throw `message`. esbuild wraps it in an object inheriting from its prototype: the refusing
 * proxy sits there. `then` is read by `await import()`, `__esModule` by esbuild's interop, symbols
 * by inspection: those are absent rather than refused.
 */
function refusingModule(message: string): string {
  return [
    `const message = ${JSON.stringify(message)};`,
    'const refusing = new Proxy({}, { get(_, key) { if (typeof key === "symbol" || key === "then" || key === "__esModule") return undefined; throw new Error(message); } });',
    'module.exports = Object.create(refusing);',
    '',
  ].join('\n');
}
