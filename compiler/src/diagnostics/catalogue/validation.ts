import type { Entry } from './entry.js';

/**
 * FW17xx: compiled validation of DTOs.
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * validationCatalogue.FW1701.severity // 'warning'
 */
export const validationCatalogue = {
  FW1701: {
    severity: 'warning',
    message: (a) => `Body class ${a.dto} is validated by class-validator at run time, not by a compiled validator: ${a.subject} cannot be compiled (${a.why}).`,
    hint: () => 'its answers are the same, only slower, and class-validator is loaded at start; to compile it, use the decorators listed under "Compiled validation" in docs/validation.md with literal arguments (`--explain` lists every DTO and how it is validated).',
  },
  FW1702: {
    severity: 'error',
    message: (a) => `${a.decorator} on member '${a.member}' of body class ${a.dto} checks ${a.what}, but the member is declared as ${a.declared}: every valid ${a.type} is refused, and what passes is not a ${a.type}.`,
    hint: (a) => `use ${a.fits}, or change the declared type to match the rule.`,
  },
  FW1703: {
    severity: 'error',
    message: (a) =>
      `${a.decorator} on member '${a.member}' of body class ${a.dto} names the locale '${a.locale}', which validator.js does not know for it: every string sent would make the check throw (a 500), never a 400.`,
    hint: (a) => `${a.suggestion ? `did you mean '${a.suggestion}'? ` : ''}use one of validator.js's locales for it, such as ${a.examples}, or ${a.omitted}.`,
  },
  FW1704: {
    severity: 'error',
    message: (a) => `${a.decorator} on member '${a.member}' of body class ${a.dto} ${a.names}: ${a.effect}.`,
    hint: (a) => `${a.suggestion ? `did you mean '${a.suggestion}'? ` : ''}use one it knows, such as ${a.examples}.`,
  },
  FW1705: {
    severity: 'error',
    message: (a) => `${a.decorator} on member '${a.member}' of body class ${a.dto} ${a.what}: ${a.effect}.`,
    hint: (a) => `${a.suggestion ? `did you mean '${a.suggestion}'? ` : ''}${a.advice}.`,
  },
  FW1706: {
    severity: 'warning',
    message: (a) =>
      `DTO class ${a.dto} is made with \`new ${a.dto}()\` for every request (as class-transformer makes it), but ${a.inherited ? `the constructor it inherits from ${a.owner}` : 'its constructor'} requires '${a.param}': it gets undefined, and a constructor that reads it fails every request with a 500.`,
    hint: (a) => `make '${a.param}' optional (\`${a.param}?: …\`) or give it a default value, or remove the constructor of ${a.owner}: the framework fills the members after construction.`,
  },
} satisfies Record<string, Entry>;
