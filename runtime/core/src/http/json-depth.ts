import { MalformedBodyException } from '../exceptions/request-exceptions.js';

/** How deep a JSON body may nest unless `ApplicationOptions.maxBodyDepth` says otherwise. */
export const DEFAULT_MAX_BODY_DEPTH = 128;

/**
 * Refuses parsed JSON that nests deeper than `maxDepth` arrays and objects, before any validator
 * sees it: a recursive schema (`z.lazy`) or a handler walking it would otherwise recurse once per
 * level, to a stack overflow. Visits each array and object once, and never more than `maxDepth`
 * levels down, so it costs what the value holds and cannot overflow itself.
 *
 * @example
 * refuseDeepJson(JSON.parse('[[[1]]]'), 2); // throws MalformedBodyException (400)
 */
export function refuseDeepJson(value: unknown, maxDepth: number): void {
  if (typeof value === 'object' && value !== null && !withinDepth(value, maxDepth)) {
    throw new MalformedBodyException(`Request body nests deeper than ${maxDepth} levels of arrays and objects`);
  }
}

function withinDepth(value: object, levelsLeft: number): boolean {
  if (levelsLeft === 0) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null && !withinDepth(item, levelsLeft - 1)) return false;
    }
    return true;
  }
  for (const key in value) {
    const member: unknown = (value as Record<string, unknown>)[key];
    if (typeof member === 'object' && member !== null && !withinDepth(member, levelsLeft - 1)) return false;
  }
  return true;
}
