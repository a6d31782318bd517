/** How serious a diagnostic is: an error fails the build, a warning is printed and the build goes on. */
export type Severity = 'error' | 'warning';

/** The named values a diagnostic's message and hint are written from. */
export type Args = Record<string, string>;

/**
 * One code of the catalogue: its severity and the templates of its message (what is wrong, where)
 * and its hint (how to fix it).
 *
 * @example
 * const entry: Entry = { severity: 'error', message: (a) => `${a.name} is wrong.`, hint: () => 'fix it.' };
 */
export interface Entry {
  readonly severity: Severity;
  readonly message: (a: Args) => string;
  readonly hint: (a: Args) => string;
}

/**
 * When another module of the application provides the token, the fix is to import it, not to provide it twice.
 *
 * @example
 * importHint({ provider: 'AuthModule', token: 'JwtService', module: 'TodoModule' }) // 'AuthModule provides JwtService: add AuthModule to the `imports` of TodoModule.'
 */
export const importHint = (a: Args): string => `${a.provider} provides ${a.token}: add ${a.provider} to the \`imports\` of ${a.module}.`;
