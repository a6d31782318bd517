/** What a validator did with one body: the instance it returned, or what it threw. */
export type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/** A value with the class of every object spelled out, members in their order. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value !== 'object' || value === null) return value;
  const proto = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
  const members = Object.keys(value).map((key) => [key, shape((value as Record<string, unknown>)[key])]);
  return { class: proto?.constructor?.name ?? null, members };
}

/**
 * An outcome as comparable text: `valid` with the instance's shape, or the error's class, status and
 * the exact JSON body the client would get.
 *
 * @example
 * describeOutcome({ ok: false, error: new NotValidBodyException([...]) }) // 'NotValidBodyException 400 {"status":400,…}'
 */
export function describeOutcome(outcome: Outcome): string {
  if (outcome.ok) return `valid ${JSON.stringify(shape(outcome.value), undefined, 1)}`;
  const error = outcome.error as { name?: string; status?: number; toJSON?: () => unknown; stack?: string };
  if (typeof error.toJSON !== 'function') return `crash ${error.stack ?? String(error)}`;
  return `${error.name} ${error.status} ${JSON.stringify(error.toJSON(), undefined, 1)}`;
}
