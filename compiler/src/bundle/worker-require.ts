import { builtinModules } from 'node:module';
import type { Plugin } from 'esbuild';

/**
 * A Worker's modules have no `require`, and esbuild's ES module output turns a CommonJS
 * dependency's `require('fs')` into a call that throws ("Dynamic require of "fs" is not
 * supported"). For `--target workers`, the Node built-ins the bundle requires are imported once at
 * its top (the Worker runtime gives them under `nodejs_compat`) and a `require` that returns them
 * is declared beside, where esbuild's output looks for one.
 *
 * @example
 * const required = new Set<string>();
 * await build({ …, plugins: [workerBuiltins(required)] });
 * const text = workerRequirePrelude(required) + output.text;
 */
export function workerBuiltins(required: Set<string>): Plugin {
  const names = new Set(builtinModules.filter((name) => !name.startsWith('_')));
  return {
    name: 'framework-worker-builtins',
    setup(b) {
      b.onResolve({ filter: /^[a-z_0-9]+(\/[a-z_0-9/]+)?$|^node:/ }, (args) => {
        const name = args.path.replace(/^node:/, '');
        if (!names.has(name)) return undefined;
        if (args.kind === 'require-call') required.add(name);
        return { path: `node:${name}`, external: true };
      });
    },
  };
}

/** The imports of the required built-ins and the `require` that hands them out, for the top of the bundle. */
export function workerRequirePrelude(required: ReadonlySet<string>): string {
  if (required.size === 0) return '';
  const names = [...required].sort();
  const imports = names.map((name, index) => `import __frameworkBuiltin${index} from ${JSON.stringify(`node:${name}`)};`);
  const table = names.map((name, index) => `${JSON.stringify(name)}: __frameworkBuiltin${index}`).join(', ');
  return [
    ...imports,
    `const __frameworkBuiltins = { ${table} };`,
    // Not in the table: a built-in no module required while bundling; said by name, not as a crash further on.
    'const require = (name) => { const found = __frameworkBuiltins[name.replace(/^node:/, "")]; if (found === undefined) throw new Error(`The Worker bundle has no Node built-in ${name}.`); return found; };',
    '',
  ].join('\n');
}
