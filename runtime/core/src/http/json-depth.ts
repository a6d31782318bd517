import { BodyTooLargeException, MalformedBodyException } from '../exceptions/request-exceptions.js';

/** How deep a JSON body may nest unless `ApplicationOptions.maxBodyDepth` says otherwise. */
export const DEFAULT_MAX_BODY_DEPTH = 128;
/** The deepest `maxBodyDepth` may be set: the walk that checks it recurses once per level. */
export const MAX_BODY_DEPTH_SETTING = 1000;
/** How many values (array items and object members, at every depth) a JSON body may hold by default. */
export const DEFAULT_MAX_BODY_VALUES = 100_000;

/** What parsed JSON may hold before a validator sees it. */
export interface JsonBounds {
  readonly maxDepth: number;
  readonly maxValues: number;
}

/**
 * Refuses parsed JSON that nests deeper than `maxDepth` arrays and objects (a 400), or holds more
 * than `maxValues` values (a 413), before any validator sees it: a recursive schema (`z.lazy`)
 * would otherwise recurse once per level to a stack overflow, and a schema library builds one
 * issue per failing value, however many there are. Visits each value once and never more than
 * `maxDepth` levels down, so it costs what the value holds and cannot overflow itself.
 */
export function refuseUnboundedJson(value: unknown, bounds: JsonBounds): void {
  if (typeof value !== 'object' || value === null) return;
  const walk = new BoundedWalk(bounds.maxValues);
  if (!walk.within(value, bounds.maxDepth)) throw new MalformedBodyException(`Request body nests deeper than ${bounds.maxDepth} levels of arrays and objects`);
  if (walk.left < 0) throw new BodyTooLargeException(bounds.maxValues, 'values');
}

class BoundedWalk {
  constructor(
    /** Values that may still be met; below 0 once there are too many (the walk stops there). */
    public left: number,
  ) {}

  within(value: object, levelsLeft: number): boolean {
    if (levelsLeft === 0) return false;
    if (Array.isArray(value)) {
      this.left -= value.length;
      for (let i = 0; i < value.length && this.left >= 0; i++) {
        const item: unknown = value[i];
        if (typeof item === 'object' && item !== null && !this.within(item, levelsLeft - 1)) return false;
      }
      return true;
    }
    for (const key in value) {
      if (--this.left < 0) return true;
      const member: unknown = (value as Record<string, unknown>)[key];
      if (typeof member === 'object' && member !== null && !this.within(member, levelsLeft - 1)) return false;
    }
    return true;
  }
}
