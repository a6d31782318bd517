// libphonenumber-js's parser with its `max` metadata (the one class-validator calls), required on
// its first use as validator.js's modules are (see `validator-modules.cts` for why a CommonJS
// file): its metadata takes some 30 ms to evaluate, which an app pays on its first phone number
// check, not at start.

/**
 * @example
 * const parsePhoneNumber = phoneModules.parsePhoneNumber();
 * parsePhoneNumber('+33 1 23 45 67 89').isValid() // true
 */
const phoneModules = {
  parsePhoneNumber: (): typeof import('libphonenumber-js/max').parsePhoneNumber => require('libphonenumber-js/max').parsePhoneNumber,
};

export = phoneModules;
