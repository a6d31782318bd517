/** The jose functions the JWT layer calls (`jose-functions.ts`). */
export type Jose = typeof import('./jose-functions.js');

let loading: Promise<Jose> | undefined;

/**
 * Imports jose once, when a `JwtService` first loads a key (at `app.init`, from its bootstrap
 * hook): applications without `JwtModule` never load it.
 *
 * @example
 * const { jwtVerify } = await loadJose();
 */
export function loadJose(): Promise<Jose> {
  loading ??= import('./jose-functions.js');
  return loading;
}
