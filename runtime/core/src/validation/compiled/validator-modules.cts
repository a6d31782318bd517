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
  isDivisibleBy: (): Default<typeof import('validator/lib/isDivisibleBy.js')> => require('validator/lib/isDivisibleBy.js').default,
  isEmail: (): Default<typeof import('validator/lib/isEmail.js')> => require('validator/lib/isEmail.js').default,
  isHexColor: (): Default<typeof import('validator/lib/isHexColor.js')> => require('validator/lib/isHexColor.js').default,
  isISO8601: (): Default<typeof import('validator/lib/isISO8601.js')> => require('validator/lib/isISO8601.js').default,
  isLength: (): Default<typeof import('validator/lib/isLength.js')> => require('validator/lib/isLength.js').default,
  isURL: (): Default<typeof import('validator/lib/isURL.js')> => require('validator/lib/isURL.js').default,
  isUUID: (): Default<typeof import('validator/lib/isUUID.js')> => require('validator/lib/isUUID.js').default,
  matches: (): Default<typeof import('validator/lib/matches.js')> => require('validator/lib/matches.js').default,
};

export = validatorModules;
