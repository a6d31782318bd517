import { BodyTooLargeException, MalformedBodyException } from '../exceptions/request-exceptions.js';

export const DEFAULT_MAX_BODY_DEPTH = 128;
/** The deepest `maxBodyDepth` may be set: the walk recurses once per level. */
export const MAX_BODY_DEPTH_SETTING = 1000;
/** Array items and object members, at every depth. */
export const DEFAULT_MAX_BODY_VALUES = 100_000;

export interface JsonBounds {
  readonly maxDepth: number;
  readonly maxValues: number;
}

/**
 * Refuses parsed JSON deeper than `maxDepth` (a 400) or with more than `maxValues` values (a 413)
 * before a validator sees it: a recursive schema would overflow the stack, a schema library builds
 * one issue per failing value. Linear, and never more than `maxDepth` levels down. Also a 400: a
 * member named `__proto__`, or a `constructor` object holding `prototype`, at any depth (as
 * Fastify's parser refuses them): `JSON.parse` keeps them as plain members, but a handler merging a
 * free-form value (`Object.assign(settings, body.meta)`, a deep merge) would set a prototype.
 *
 * @example
 * refuseUnboundedJson(JSON.parse('{"meta":{"__proto__":{"isAdmin":true}}}'), bounds) // throws MalformedBodyException
 */
export function refuseUnboundedJson(value: unknown, bounds: JsonBounds): void {
  if (typeof value !== 'object' || value === null) return;
  const walk = new BoundedWalk(bounds.maxValues);
  if (!walk.within(value, bounds.maxDepth)) throw new MalformedBodyException(`Request body nests deeper than ${bounds.maxDepth} levels of arrays and objects`);
  if (walk.left < 0) throw new BodyTooLargeException(bounds.maxValues, 'values');
}

class BoundedWalk {
  constructor(
    /** Below 0 once there are too many values (the walk stops there). */
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
      if (key === '__proto__' || (key === 'constructor' && typeof member === 'object' && member !== null && Object.hasOwn(member, 'prototype'))) {
        throw new MalformedBodyException(`Request body must not contain the member '${key === '__proto__' ? key : 'constructor.prototype'}'`);
      }
      if (typeof member === 'object' && member !== null && !this.within(member, levelsLeft - 1)) return false;
    }
    return true;
  }
}
