import type { Entry } from './entry.js';

/**
 * FW26xx: what browsers are allowed (CORS).
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * browserCatalogue.FW2605.severity // 'error'
 */
export const browserCatalogue = {
  FW2605: {
    severity: 'error',
    message: (a) =>
      `@Cors on ${a.owner} allows credentials from every origin (credentials: true with origins: '*'): any site could read answers made with your users' cookies, and browsers refuse such answers anyway.`,
    hint: () => "list the origins allowed (origins: ['https://app.example.com']), or drop credentials: true for a public API read by any site.",
  },
} satisfies Record<string, Entry>;
