// validator.js's functions for codes and identifiers (`@IsISBN`, `@IsPostalCode`…), each required on its first use (see `validator-modules.cts`
// for why a CommonJS file). Apart from that file so that the runtime's bundle keeps them, and their
// locale tables, in the chunk of `@framework/core/validation/codes`: an app whose DTOs check none of
// these formats never even reads them.

type Default<M> = M extends { default: infer F } ? F : never;

/**
 * Each getter requires its module once and returns its function.
 *
 * @example
 * const isEAN = codeModules.isEAN();
 * isEAN('4006381333931') // true
 */
const codeModules = {
  isBIC: (): Default<typeof import('validator/lib/isBIC.js')> => require('validator/lib/isBIC.js').default,
  isBtcAddress: (): Default<typeof import('validator/lib/isBtcAddress.js')> => require('validator/lib/isBtcAddress.js').default,
  isCreditCard: (): Default<typeof import('validator/lib/isCreditCard.js')> => require('validator/lib/isCreditCard.js').default,
  isCurrency: (): Default<typeof import('validator/lib/isCurrency.js')> => require('validator/lib/isCurrency.js').default,
  isEAN: (): Default<typeof import('validator/lib/isEAN.js')> => require('validator/lib/isEAN.js').default,
  isEthereumAddress: (): Default<typeof import('validator/lib/isEthereumAddress.js')> => require('validator/lib/isEthereumAddress.js').default,
  isHash: (): Default<typeof import('validator/lib/isHash.js')> => require('validator/lib/isHash.js').default,
  isIBAN: (): Default<typeof import('validator/lib/isIBAN.js')> => require('validator/lib/isIBAN.js').default,
  isIdentityCard: (): Default<typeof import('validator/lib/isIdentityCard.js')> => require('validator/lib/isIdentityCard.js').default,
  isISBN: (): Default<typeof import('validator/lib/isISBN.js')> => require('validator/lib/isISBN.js').default,
  isISIN: (): Default<typeof import('validator/lib/isISIN.js')> => require('validator/lib/isISIN.js').default,
  isISO31661Alpha2: (): Default<typeof import('validator/lib/isISO31661Alpha2.js')> => require('validator/lib/isISO31661Alpha2.js').default,
  isISO31661Alpha3: (): Default<typeof import('validator/lib/isISO31661Alpha3.js')> => require('validator/lib/isISO31661Alpha3.js').default,
  isISO31661Numeric: (): Default<typeof import('validator/lib/isISO31661Numeric.js')> => require('validator/lib/isISO31661Numeric.js').default,
  isISO4217: (): Default<typeof import('validator/lib/isISO4217.js')> => require('validator/lib/isISO4217.js').default,
  isISO6391: (): Default<typeof import('validator/lib/isISO6391.js')> => require('validator/lib/isISO6391.js').default,
  isISRC: (): Default<typeof import('validator/lib/isISRC.js')> => require('validator/lib/isISRC.js').default,
  isISSN: (): Default<typeof import('validator/lib/isISSN.js')> => require('validator/lib/isISSN.js').default,
  isLocale: (): Default<typeof import('validator/lib/isLocale.js')> => require('validator/lib/isLocale.js').default,
  isMobilePhone: (): Default<typeof import('validator/lib/isMobilePhone.js')> => require('validator/lib/isMobilePhone.js').default,
  isPassportNumber: (): Default<typeof import('validator/lib/isPassportNumber.js')> => require('validator/lib/isPassportNumber.js').default,
  isPostalCode: (): Default<typeof import('validator/lib/isPostalCode.js')> => require('validator/lib/isPostalCode.js').default,
  isTaxID: (): Default<typeof import('validator/lib/isTaxID.js')> => require('validator/lib/isTaxID.js').default,
};

export = codeModules;
