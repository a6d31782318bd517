/**
 * Held files made without the Blob constructor, for Node 20. There that constructor makes each
 * Blob (so each `File`) transferable through a native object with a weak handle, which the young
 * collector treats as a root: every file, and what it points at, outlives young collections until
 * a full one, and the concurrent marking those bring cost our upload route about as much CPU on
 * V8's helper threads again (upload-threads.mjs: 28 µs a request of helper threads against 12,
 * 14 µs of main thread saved). A bare file is an object of the held file's class (`instanceof
 * File` holds) whose state the class reads from one symbol-keyed property.
 *
 * What it cannot be is cloned: Node clones only objects its Blob constructor marked transferable,
 * and would clone a bare file as `{}`. So each carries one enumerable property whose value no
 * clone takes (a symbol): `structuredClone(file)` and `postMessage(file)` throw a DataCloneError
 * that names the fix instead of answering `{}`.
 *
 * @example
 * const file = madeBare(HeldFile.prototype, held, { chunks, size, type, native: undefined, name, lastModified: Date.now() });
 */
export const refusedClone = Symbol(
  'An uploaded file held in memory cannot be cloned or posted on Node 20: send a copy, new File([await file.arrayBuffer()], file.name, { type: file.type })',
);

/** An object of `prototype`'s class holding `state` under `key`, with the clone refusal. */
export function madeBare<T extends object, S>(prototype: T, key: symbol, state: S): T {
  const file = Object.create(prototype) as Record<PropertyKey, unknown>;
  file[key] = state;
  // Own and enumerable, so that a clone reads it; a data property, so that nothing else throws.
  file.cloneRefused = refusedClone;
  return file as T;
}
