/**
 * The dev dashboard's view of an initialised application (`framework-build dev`): the loop's
 * preload, run in its app processes only, installs a function under this global symbol; `init`
 * hands it the application once ready, so the dashboard can ask the app's own providers (its
 * `JwtService`, to mint a token for the explorer). Anywhere else nothing is installed and `init`
 * does nothing more.
 */
const DEV_APP = Symbol.for('framework.dev.appInitialised');

/**
 * Tells the dev loop's preload, when one is installed, that `app` has finished `init`.
 *
 * @example
 * announceToDevLoop(this); // at the end of init
 */
export function announceToDevLoop(app: object): void {
  const seen = (globalThis as Record<symbol, unknown>)[DEV_APP];
  if (typeof seen === 'function') (seen as (app: object) => void)(app);
}
