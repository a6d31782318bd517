import type { Entry } from './entry.js';

/**
 * FW13xx: guards.
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * guardsCatalogue.FW1301.severity // 'error'
 */
export const guardsCatalogue = {
  FW1301: {
    severity: 'error',
    message: (a) => `Guard ${a.guard} reads \`${a.param}.request\` in canActivate, which does not exist in V2 (it is undefined at run time).`,
    hint: (a) => `V2 renamed it: read \`${a.param}.req\` instead (for example \`${a.param}.req.header('authorization')\`).`,
  },
  FW1302: {
    severity: 'warning',
    message: (a) => `GLOBAL_GUARD is declared ${a.count} times: ${a.entries}. Only one guard fits the slot; the last declared (${a.winner}) wins.`,
    hint: () => 'keep one GLOBAL_GUARD entry; to combine guards, subclass one with the other and register the subclass.',
  },
  FW1303: {
    severity: 'error',
    message: (a) => `GLOBAL_GUARD is provided with \`${a.entry}\` in ${a.module}; the global guard is only taken from a \`useClass\` entry, so this guard never runs.`,
    hint: (a) => `write \`{ token: GLOBAL_GUARD, useClass: ${a.guard} }\`: the injector then creates the guard and injects its constructor dependencies.`,
  },
} satisfies Record<string, Entry>;
