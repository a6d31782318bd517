/**
 * `@IsPhoneNumber(region)`, as class-validator 0.15 writes it: libphonenumber-js's `max` metadata
 * parses the string (the region, an ISO 3166-1 alpha-2 code, for numbers written without `+`), a
 * region given must be the number's own, and the number must be valid. The export of its own
 * subpath, `@framework/core/validation/phone`, read only by an app whose compiled DTOs check a
 * phone number; libphonenumber-js is evaluated on the first check.
 *
 * @example
 * isPhoneNumber('+33 1 23 45 67 89') // true
 * isPhoneNumber('01 23 45 67 89', 'FR') // true
 * isPhoneNumber('+33 1 23 45 67 89', 'DE') // false: not a German number
 */
import type { CountryCode } from 'libphonenumber-js/max';
import phoneModules from './phone-modules.cjs';

let parse: ReturnType<typeof phoneModules.parsePhoneNumber> | undefined;

export function isPhoneNumber(value: unknown, region?: unknown): boolean {
  if (typeof value !== 'string' || value.trim() !== value) return false;
  try {
    const phoneNumber = (parse ??= phoneModules.parsePhoneNumber())(value, region as CountryCode | undefined);
    // A region given must be the number's own.
    if (region && phoneNumber.country !== region) return false;
    return phoneNumber.isValid();
  } catch {
    return false;
  }
}
