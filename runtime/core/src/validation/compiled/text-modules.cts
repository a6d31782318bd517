// validator.js's functions for encodings, characters, colours and times (`@IsBase58`, `@IsRgbColor`…), each required on its first use (see `validator-modules.cts`
// for why a CommonJS file). Apart from that file so that the runtime's bundle keeps them, and their
// locale tables, in the chunk of `@framework/core/validation/text`: an app whose DTOs check none of
// these formats never even reads them.

type Default<M> = M extends { default: infer F } ? F : never;

/**
 * Each getter requires its module once and returns its function.
 *
 * @example
 * const isBase58 = textModules.isBase58();
 * isBase58('3yQ') // true
 */
const textModules = {
  isBase32: (): Default<typeof import('validator/lib/isBase32.js')> => require('validator/lib/isBase32.js').default,
  isBase58: (): Default<typeof import('validator/lib/isBase58.js')> => require('validator/lib/isBase58.js').default,
  isBoolean: (): Default<typeof import('validator/lib/isBoolean.js')> => require('validator/lib/isBoolean.js').default,
  isByteLength: (): Default<typeof import('validator/lib/isByteLength.js')> => require('validator/lib/isByteLength.js').default,
  isDataURI: (): Default<typeof import('validator/lib/isDataURI.js')> => require('validator/lib/isDataURI.js').default,
  isFullWidth: (): Default<typeof import('validator/lib/isFullWidth.js')> => require('validator/lib/isFullWidth.js').default,
  isHalfWidth: (): Default<typeof import('validator/lib/isHalfWidth.js')> => require('validator/lib/isHalfWidth.js').default,
  isHexadecimal: (): Default<typeof import('validator/lib/isHexadecimal.js')> => require('validator/lib/isHexadecimal.js').default,
  isHSL: (): Default<typeof import('validator/lib/isHSL.js')> => require('validator/lib/isHSL.js').default,
  isMagnetURI: (): Default<typeof import('validator/lib/isMagnetURI.js')> => require('validator/lib/isMagnetURI.js').default,
  isMultibyte: (): Default<typeof import('validator/lib/isMultibyte.js')> => require('validator/lib/isMultibyte.js').default,
  isOctal: (): Default<typeof import('validator/lib/isOctal.js')> => require('validator/lib/isOctal.js').default,
  isRFC3339: (): Default<typeof import('validator/lib/isRFC3339.js')> => require('validator/lib/isRFC3339.js').default,
  isRgbColor: (): Default<typeof import('validator/lib/isRgbColor.js')> => require('validator/lib/isRgbColor.js').default,
  isStrongPassword: (): Default<typeof import('validator/lib/isStrongPassword.js')> => require('validator/lib/isStrongPassword.js').default,
  isSurrogatePair: (): Default<typeof import('validator/lib/isSurrogatePair.js')> => require('validator/lib/isSurrogatePair.js').default,
  isVariableWidth: (): Default<typeof import('validator/lib/isVariableWidth.js')> => require('validator/lib/isVariableWidth.js').default,
};

export = textModules;
