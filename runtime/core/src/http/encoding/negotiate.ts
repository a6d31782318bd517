import Negotiator from 'negotiator';

/** A content coding the framework can produce or pick a file for. */
export type Coding = 'br' | 'gzip' | 'zstd' | 'identity';

// negotiator 1.x takes the server's order of preference as its third argument (its @types are 0.6's).
type Encodings = (available: readonly string[], options?: { preferred?: readonly string[] }) => string[];

/**
 * The coding to answer in, from the request's `Accept-Encoding` with its q-values (`negotiator`),
 * among `available` in the server's order of preference when the client weighs them alike:
 * `identity` when nothing else is acceptable (a missing or garbage header included), undefined
 * when even identity is refused (`identity;q=0, *;q=0`, a 406 the framework does not send: it
 * then answers uncompressed all the same, as most servers do).
 *
 * @example
 * negotiateCoding('gzip;q=0.5, br', ['br', 'gzip', 'identity']); // 'br'
 * negotiateCoding('@@@', ['br', 'gzip', 'identity']);            // 'identity'
 */
export function negotiateCoding(acceptEncoding: string | undefined, available: readonly Coding[]): Coding | undefined {
  return preferredCodings(acceptEncoding, available)[0];
}

/**
 * Every acceptable coding of `available`, the client's favourite first (see `negotiateCoding`).
 *
 * @example
 * preferredCodings('br;q=0.5, gzip', ['br', 'gzip', 'identity']); // ['gzip', 'identity', 'br']
 */
export function preferredCodings(acceptEncoding: string | undefined, available: readonly Coding[]): Coding[] {
  const plain: Coding[] = available.includes('identity') ? ['identity'] : [];
  if (acceptEncoding === undefined || acceptEncoding === '') return plain;
  // Long headers are garbage or an attack: negotiating them costs more than the answer saves.
  if (acceptEncoding.length > 512) return plain;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  return (negotiator.encodings as unknown as Encodings).call(negotiator, available, { preferred: available }) as Coding[];
}
