import type { Entry } from './entry.js';

/**
 * FW16xx: project set-up (tsconfig.json, package.json), reported before tsc ever runs.
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * setupCatalogue.FW1601.severity // 'error'
 */
export const setupCatalogue = {
  FW1601: {
    severity: 'error',
    message: (a) =>
      `${a.config} does not enable \`experimentalDecorators\`${a.got ? ` (it is ${a.got})` : ''}; the framework's decorators need it, and without it tsc stops with TS1206/TS1241 errors that never name the setting.`,
    hint: () => 'add `"experimentalDecorators": true` to "compilerOptions" (no `emitDecoratorMetadata` or `reflect-metadata` is needed).',
  },
  FW1602: {
    severity: 'error',
    message: (a) =>
      `${a.config} compiles to ${a.kind} modules (\`"module": "${a.module}"\`), but @framework/core and @framework/grpc are ES modules and the generated tables import your files with ES \`import\`.`,
    hint: () => 'set `"module": "NodeNext"` and `"moduleResolution": "NodeNext"` in "compilerOptions" (or `"module": "ESNext"` with `"moduleResolution": "Bundler"` when a bundler builds the app).',
  },
  FW1603: {
    severity: 'error',
    message: (a) =>
      `${a.manifest} has no \`"type": "module"\`${a.got ? ` (it is ${a.got})` : ''}, so Node loads the compiled .js files as CommonJS${a.nodeNext ? ' and tsc, with "module": "NodeNext", emits them as CommonJS' : ''}; the framework's packages are ES modules and the entry point uses top-level await.`,
    hint: () => 'add `"type": "module"` to package.json.',
  },
  FW1604: {
    severity: 'error',
    message: (a) =>
      `The generated folder ${a.out} is outside \`"rootDir": "${a.rootDir}"\` of ${a.config}, so tsc stops with TS6059 when it compiles the tables your entry point imports.`,
    hint: (a) => `set \`"rootDir": "${a.common}"\` (a folder holding both ${a.src} and ${a.out}), or remove "rootDir".`,
  },
  FW1605: {
    severity: 'warning',
    message: (a) =>
      `${a.config} does not include the generated folder ${a.out}: tsc compiles the tables only when the entry point imports them, and \`tsc --noEmit\` and editors do not check them against your code.`,
    hint: (a) => `add "${a.entry}" to "include": \`"include": [${a.include}]\`.`,
  },
  FW1606: {
    severity: 'warning',
    message: (a) =>
      `${a.config} resolves modules with \`"moduleResolution": "${a.resolution}"\`, which ignores the \`exports\` of package.json: the subpaths @framework/core/metadata and @framework/core/transport cannot be imported.`,
    hint: () => 'set `"moduleResolution": "NodeNext"` (with `"module": "NodeNext"`), or `"Bundler"` when a bundler builds the app.',
  },
  FW1607: {
    severity: 'warning',
    message: (a) =>
      `No tsconfig.json in ${a.src}/ or beside package.json: framework-build reads the sources with built-in options, but tsc has nothing to compile the app with.`,
    hint: (a) =>
      `create tsconfig.json beside package.json: { "compilerOptions": { "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "experimentalDecorators": true, "strict": true, "outDir": "dist", "types": ["node"] }, "include": ["${a.srcRel}", "${a.outRel}"] }.`,
  },
  FW1608: {
    severity: 'error',
    message: (a) => `${a.config} cannot be read as tsc reads it: ${a.error} tsc stops on it too, and until it reads framework-build cannot tell the app's compiler options.`,
    hint: (a) =>
      a.missing
        ? 'install the package that holds the file `extends` names (`npm install --save-dev <package>`), or fix its path (a relative one starts with ./).'
        : 'fix it as the message says (tsc reports the same error); the other set-up checks run once the file reads.',
  },
} satisfies Record<string, Entry>;
