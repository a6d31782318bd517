import type { CompiledValidate } from '../contract/compiled-validate.js';
import type { ValidationReason } from '../exceptions/request-exceptions.js';

/** How many reasons a 400 lists at most unless `ApplicationOptions.maxValidationReasons` says otherwise. */
export const DEFAULT_MAX_REASONS = 50;

/** The longest property or message a reason carries, in characters: a library's issue may quote the input. */
const MAX_REASON_TEXT = 300;

/** What a validator stopped at the cap returns: never handed to a handler, as the reasons answer first. */
export const STOPPED: object = Object.freeze({});

/** Thrown by a full `CappedReasons` through the compiled validator that pushed one reason too many. */
const FULL: unique symbol = Symbol('validation reasons full');

/**
 * The reason that ends a capped list, after `limit` reasons: how many more there were when the
 * count is known (a Standard Schema's issues), else that checking stopped there.
 *
 * @example
 * moreReasons(50, 9950); // { property: '', errorMessage: 'and 9950 more', constraints: [50] }
 */
export function moreReasons(limit: number, more?: number): ValidationReason {
  const errorMessage = more === undefined ? `and more: checking stopped after ${limit} reasons` : `and ${more} more`;
  return { property: '', errorMessage, constraints: [limit] };
}

/** A reason whose texts are cut to a fixed length, so that the answer stays a bounded multiple of its count. */
function boundedReason(reason: ValidationReason): ValidationReason {
  const { property, errorMessage } = reason;
  if (property.length <= MAX_REASON_TEXT && errorMessage.length <= MAX_REASON_TEXT) return reason;
  return { ...reason, property: cut(property), errorMessage: cut(errorMessage) };
}

/**
 * At most `limit` reasons of `count` (read through `reasonAt`), texts cut, then one counting the
 * rest: a list converted from a library's issues or class-validator's errors.
 *
 * @example
 * cappedReasons(issues.length, (i) => reasonOf(issues[i]!), 50);
 */
export function cappedReasons(count: number, reasonAt: (index: number) => ValidationReason, limit: number): ValidationReason[] {
  const listed = Math.min(count, limit);
  const reasons: ValidationReason[] = [];
  for (let i = 0; i < listed; i++) reasons.push(boundedReason(reasonAt(i)));
  if (count > listed) reasons.push(moreReasons(limit, count - listed));
  return reasons;
}

const cut = (text: string): string => (text.length <= MAX_REASON_TEXT ? text : `${text.slice(0, MAX_REASON_TEXT - 1)}…`);

/**
 * Runs a compiled validator with at most `limit` reasons: the push of one more throws, which
 * stops the validator at once (a 100,000-element array of invalid members costs `limit` checks,
 * not 100,000), and the list ends with `moreReasons(limit)`. One per check, reused by every call:
 * compiled validators are synchronous, so two calls never share it at once.
 *
 * @example
 * const capped = new CappedReasons(50); // at init
 * const dto = capped.run(entry.validate!, value, reasons); // per request
 */
export class CappedReasons {
  private target: ValidationReason[] = [];

  constructor(private readonly limit: number) {}

  run(validate: CompiledValidate, value: Record<string, unknown>, reasons: ValidationReason[]): object {
    this.target = reasons;
    try {
      // The compiled code only pushes to its list and hands it to nested validators.
      return validate(value, '', this as unknown as ValidationReason[]);
    } catch (error) {
      if (error !== FULL) throw error;
      reasons.push(moreReasons(this.limit));
      return STOPPED;
    } finally {
      this.target = [];
    }
  }

  push(reason: ValidationReason): number {
    if (this.target.length >= this.limit) throw FULL;
    return this.target.push(reason);
  }
}
