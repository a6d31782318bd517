/**
 * Accept-only shortcuts for the commonest shapes of two formats whose validator.js functions are
 * slow (several µs a call: option merging, splitting, a dozen regular expressions). Each pattern
 * accepts a strict subset of what validator.js accepts with its default options — plain ASCII
 * host names, no IP hosts, ports, credentials or quoted parts — so a `true` here is the answer
 * validator.js gives, and anything else is still decided by validator.js itself. The subset is
 * property-tested against validator.js (test/validation/plain-formats.test.ts). Each pattern is
 * linear: labels are split by literal dots, and the input's length is bounded first.
 *
 * @example
 * isPlainEmail('ada@example.com'); // true: validator.js's isEmail agrees
 * isPlainEmail('"ada"@example.com'); // false: not a shortcut case, validator.js decides
 */

/** Host names `isFQDN` accepts with its defaults: labels of 1–63 letters, digits and inner hyphens, an alphabetic TLD. */
const HOST = '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}';

/** Dot-separated runs of characters every local part may hold (validator.js allows many more). */
const plainEmail = new RegExp(`^[A-Za-z0-9_+-]+(?:\\.[A-Za-z0-9_+-]+)*@${HOST}$`);
/** validator.js's email length bounds: the address, and its local part (ASCII here, so bytes are characters). */
const EMAIL_MAX = 254;
const LOCAL_PART_MAX = 64;

/** `http` or `https`, a plain host, then a path, query or fragment without whitespace or angle brackets. */
const plainUrl = new RegExp(`^https?://${HOST}(?:[/?#][^\\s<>]*)?$`);
/** validator.js's default `max_allowed_length` for URLs. */
const URL_MAX = 2084;

/** Whether validator.js's `isEmail(value)` (default options) is sure to accept `value`, by a cheap test. */
export function isPlainEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && value.indexOf('@') <= LOCAL_PART_MAX && plainEmail.test(value);
}

/** Whether validator.js's `isURL(value)` (default options) is sure to accept `value`, by a cheap test. */
export function isPlainUrl(value: string): boolean {
  return value.length <= URL_MAX && plainUrl.test(value);
}
