/** A validator.js format function, called as class-validator calls it. */
export type Format = (value: string, ...options: unknown[]) => boolean;

/**
 * The function of a validator.js module, required on the first call (then kept): a format an app
 * never checks is never evaluated.
 *
 * @example
 * const ean = lazy(validatorModules.isEAN);
 * ean()('4006381333931') // true
 */
export function lazy(load: () => unknown): () => Format {
  let format: Format | undefined;
  return () => (format ??= load() as Format);
}
