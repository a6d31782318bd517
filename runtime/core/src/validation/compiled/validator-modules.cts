// validator.js's functions, each required on its first use. An ES module has no synchronous lazy
// import: `rule-checks.ts` importing them all evaluated about twenty modules of validator.js
// (`isDivisibleBy` alone brings its locale tables, `alpha.js`) at every start, for rules an app
// may never use. A `require` inside a function of a CommonJS file stays lazy in the runtime's own
// bundle as well (esbuild calls the bundled module there, on the first call).

type Default<M> = M extends { default: infer F } ? F : never;

/**
 * Each getter requires its module once (Node and the bundle cache it) and returns its function.
 *
 * @example
 * const isEmail = validatorModules.isEmail();
 * isEmail('a@example.com', {}) // true
 */
const validatorModules = {
  contains: (): Default<typeof import('validator/lib/contains.js')> => require('validator/lib/contains.js').default,
  isAlpha: (): Default<typeof import('validator/lib/isAlpha.js')> => require('validator/lib/isAlpha.js').default,
  isAlphanumeric: (): Default<typeof import('validator/lib/isAlphanumeric.js')> => require('validator/lib/isAlphanumeric.js').default,
  isAscii: (): Default<typeof import('validator/lib/isAscii.js')> => require('validator/lib/isAscii.js').default,
  isBase64: (): Default<typeof import('validator/lib/isBase64.js')> => require('validator/lib/isBase64.js').default,
  isDecimal: (): Default<typeof import('validator/lib/isDecimal.js')> => require('validator/lib/isDecimal.js').default,
  isDivisibleBy: (): Default<typeof import('validator/lib/isDivisibleBy.js')> => require('validator/lib/isDivisibleBy.js').default,
  isEmail: (): Default<typeof import('validator/lib/isEmail.js')> => require('validator/lib/isEmail.js').default,
  isFQDN: (): Default<typeof import('validator/lib/isFQDN.js')> => require('validator/lib/isFQDN.js').default,
  isHexColor: (): Default<typeof import('validator/lib/isHexColor.js')> => require('validator/lib/isHexColor.js').default,
  isIP: (): Default<typeof import('validator/lib/isIP.js')> => require('validator/lib/isIP.js').default,
  isISO8601: (): Default<typeof import('validator/lib/isISO8601.js')> => require('validator/lib/isISO8601.js').default,
  isJSON: (): Default<typeof import('validator/lib/isJSON.js')> => require('validator/lib/isJSON.js').default,
  isJWT: (): Default<typeof import('validator/lib/isJWT.js')> => require('validator/lib/isJWT.js').default,
  isLatLong: (): Default<typeof import('validator/lib/isLatLong.js')> => require('validator/lib/isLatLong.js').default,
  isLength: (): Default<typeof import('validator/lib/isLength.js')> => require('validator/lib/isLength.js').default,
  isLowercase: (): Default<typeof import('validator/lib/isLowercase.js')> => require('validator/lib/isLowercase.js').default,
  isMACAddress: (): Default<typeof import('validator/lib/isMACAddress.js')> => require('validator/lib/isMACAddress.js').default,
  isMimeType: (): Default<typeof import('validator/lib/isMimeType.js')> => require('validator/lib/isMimeType.js').default,
  isMongoId: (): Default<typeof import('validator/lib/isMongoId.js')> => require('validator/lib/isMongoId.js').default,
  isNumeric: (): Default<typeof import('validator/lib/isNumeric.js')> => require('validator/lib/isNumeric.js').default,
  isPort: (): Default<typeof import('validator/lib/isPort.js')> => require('validator/lib/isPort.js').default,
  isSemVer: (): Default<typeof import('validator/lib/isSemVer.js')> => require('validator/lib/isSemVer.js').default,
  isUppercase: (): Default<typeof import('validator/lib/isUppercase.js')> => require('validator/lib/isUppercase.js').default,
  isURL: (): Default<typeof import('validator/lib/isURL.js')> => require('validator/lib/isURL.js').default,
  isUUID: (): Default<typeof import('validator/lib/isUUID.js')> => require('validator/lib/isUUID.js').default,
  matches: (): Default<typeof import('validator/lib/matches.js')> => require('validator/lib/matches.js').default,
};

export = validatorModules;
