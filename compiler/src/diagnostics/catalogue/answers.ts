import type { Entry } from './entry.js';

/**
 * FW26xx: response headers, redirects and API versioning of HTTP routes.
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * answersCatalogue.FW2601.severity // 'error'
 */
export const answersCatalogue = {
  FW2601: {
    severity: 'error',
    message: (a) => `@Redirect on ${a.handler} has status ${a.status}, which is not a redirect: a Location header is followed only on a 3xx answer.`,
    hint: () => 'use 301 or 308 for a permanent move, 302, 303 or 307 for a temporary one (302 is the default), or drop @Redirect and answer with @HttpCode.',
  },
  FW2602: {
    severity: 'error',
    message: (a) =>
      a.cookie
        ? `@SetHeader('${a.name}') on ${a.handler} would replace the cookies the call sets: Set-Cookie lines are added, not set.`
        : `@SetHeader('${a.name}') on ${a.handler} sets a header the framework writes itself from the body and the connection; a value set by hand would contradict what is sent.`,
    hint: (a) => (a.cookie ? 'set cookies with context.setCookie(name, value, options) (through @Ctx()).' : `remove it; to control the whole answer, return a Response.`),
  },
  FW2603: {
    severity: 'error',
    message: (a) => `${a.what} on ${a.handler} is never used: no application of these sources enables versioning, so the route answers as if it had no version.`,
    hint: () => "enable it with `new FrameworkApplication(tables, { versioning: { type: 'uri' } })` (or 'header' / 'media-type'), or remove the version.",
  },
  FW2604: {
    severity: 'error',
    message: (a) => `Duplicate route ${a.method} ${a.path} for version ${a.version}: ${a.first} (${a.firstAt}) and ${a.second} both answer it.`,
    hint: () => 'give one of them another version (@Version(…)), another path or another method, or merge them.',
  },
} satisfies Record<string, Entry>;
