import type { Entry } from './entry.js';

/**
 * FW15xx: throttler configuration.
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * throttlerCatalogue.FW1501.severity // 'error'
 */
export const throttlerCatalogue = {
  FW1501: {
    severity: 'error',
    message: (a) => `@${a.decorator} on ${a.owner} names throttler '${a.name}', which no ThrottlerModule.forRoot of the application declares.`,
    hint: (a) => `the declared throttlers are ${a.declared} (a throttler without a name is 'default')${a.suggestion ? `; did you mean '${a.suggestion}'?` : '; use one of them or declare it in forRoot.'}`,
  },
  FW1502: {
    severity: 'error',
    message: (a) => `\`${a.field}\` of ${a.owner} must be a positive integer ${a.field === 'ttl' ? 'number of milliseconds' : 'count of calls per window'}, but it is ${a.got}.`,
    hint: (a) => (a.field === 'ttl' ? 'write a whole number of milliseconds above 0 (60000 is one minute).' : 'write a whole number of calls above 0 (for example 10).'),
  },
  FW1503: {
    severity: 'error',
    message: (a) => `Throttler name '${a.name}' is declared twice in ThrottlerModule.forRoot (first at ${a.first}); each throttler needs its own name.`,
    hint: () => "rename one of them (a throttler without a name is named 'default').",
  },
  FW1504: {
    severity: 'error',
    message: (a) =>
      `@SkipThrottle({ ${a.name}: false }) on ${a.handler} re-enables throttler '${a.name}' under @SkipThrottle() on ${a.controller}, but the throttler names are only known at run time (${a.why}), so the compiler cannot list the throttlers that stay skipped.`,
    hint: () =>
      'name the throttlers to skip on the class (`@SkipThrottle({ <name>: true, … })`) instead of `@SkipThrottle()`, or give ThrottlerModule.forRoot a static array literal so the names are known at build time.',
  },
} satisfies Record<string, Entry>;
