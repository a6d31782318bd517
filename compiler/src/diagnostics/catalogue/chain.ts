import type { Entry } from './entry.js';

/**
 * FW18xx: the request chain's classes (guards, interceptors, filters, middleware, pipes) and typed
 * parameters. FW19xx: safe defaults (wiring that would fail or run unchecked at run time).
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * chainCatalogue.FW1801.severity // 'error'
 */
export const chainCatalogue = {
  FW1801: {
    severity: 'error',
    message: (a) => `${a.decorator} parameter '${a.param}' of ${a.handler} is declared as ${a.type}, which the text of a ${a.place} parameter cannot be converted to.`,
    hint: (a) =>
      `declare it as string, number, boolean, Date (ISO 8601), an enum or a union of string or number literals${a.place === 'query' ? " or an array of one of these (optional with '?', '| undefined' or a default value)" : ''}, or ${a.place === 'header' ? 'read it as' : 'convert it with a pipe:'} ${a.example}.`,
  },
  FW1803: {
    severity: 'error',
    message: (a) => `Member '${a.member}' of query class ${a.dto} is declared as ${a.type}, which a query parameter's text cannot be converted to.`,
    hint: () =>
      'declare it as string, number, boolean, Date (ISO 8601), an enum, a union of string or number literals, or an array of one of these (every value of a repeated key); read anything else as a string and convert it in the handler.',
  },
  FW1804: {
    severity: 'error',
    message: (a) => `${a.subject} is declared as ${a.type}: a repeated query key gives text values, which cannot be converted to ${a.item}.`,
    hint: (a) =>
      `declare an array of string, number, boolean, Date (ISO 8601), an enum or a union of string or number literals (?${a.key}=a&${a.key}=b gives ['a', 'b']), or take ${a.key} as a string (JSON, say) and parse it in the handler.`,
  },
  FW1805: {
    severity: 'error',
    message: (a) =>
      `${a.decorator} parameter '${a.param}' of ${a.handler} is declared as ${a.type}, but a request without that header gives undefined: the generated call would hand undefined to a ${a.type}, which tsc rejects in the generated tables under strictNullChecks.`,
    hint: (a) =>
      `declare it optional: \`${a.decorator} ${a.param}?: ${a.type}\` (or \`${a.type} | undefined\`), or declare a type it converts to (number, boolean, Date, an enum or a union of literals), which makes the header required (a 400 without it).`,
  },
  FW1810: {
    severity: 'error',
    message: (a) => `${a.cls} is given to ${a.where} as ${a.role}, but it has no ${a.method}() method: the chain would fail with a TypeError wherever it runs.`,
    hint: (a) => (a.suggestion ? `did you mean '${a.suggestion}'? Rename it to ${a.method}(${a.signature}).` : `implement ${a.method}(${a.signature}) on ${a.cls} (the ${a.contract} interface), or give ${a.where} another class.`),
  },
  FW1811: {
    severity: 'error',
    // Without `given`, the pipes end in the declared array, but one taking every value (`then`) comes after the first.
    message: (a) =>
      a.given
        ? `${a.pipe} on @Query('${a.key}') parameter '${a.param}' of ${a.handler} reads one text, so it would get only the first value of a repeated key and produce ${a.given}, but '${a.param}' is declared as ${a.type}.`
        : `${a.pipe} on @Query('${a.key}') parameter '${a.param}' of ${a.handler} reads one text, so ${a.then} after it, which takes every value of the key, would be handed the first only: the other values of a repeated key (?${a.key}=1&${a.key}=2) would be dropped silently.`,
    hint: (a) =>
      a.given
        ? [
            ...(a.convertible ? [`drop the pipe: \`@Query('${a.key}') ${a.param}: ${a.type}\` converts every value (?${a.key}=1&${a.key}=2)`] : []),
            a.parseArray
              ? `give every value to ${a.parseArray}, which also cuts each at commas (?${a.key}=1,2)`
              : `let ${a.pipe}'s transform take readonly string[] | undefined (every value of the key) and return ${a.type}`,
            `declare '${a.param}' as ${a.given} to take the first value only.`,
          ].join('; or ')
        : `put ${a.thenText} first, where it gets every value (\`@Query('${a.key}', ${a.thenText})\`), and do what ${a.pipe} does after it, on the list; or let ${a.pipe}'s transform take readonly string[] | undefined (every value of the key) and return a string array for ${a.then}.`,
  },
  FW1901: {
    severity: 'error',
    message: (a) =>
      `${a.guard} is registered as a guard here, but no module in scope of ${a.module} imports ThrottlerModule.forRoot(…), so the guard has no throttlers to apply (nothing provides its ThrottlerConfig).`,
    hint: (a) => `add ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }]) to the \`imports\` of ${a.module} (or of a module it imports), or remove the guard.`,
  },
} satisfies Record<string, Entry>;
