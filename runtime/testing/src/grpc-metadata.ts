import type { GrpcMetadataLike } from '@framework/core';

/**
 * gRPC metadata for in-process calls: what guards read through `context.grpcMetadata` (keys are
 * lower-cased, as on the wire; a key may hold several values).
 *
 * @example
 * const metadata = new TestMetadata({ authorization: `Bearer ${token}` });
 * metadata.get('authorization') // ['Bearer …']
 */
export class TestMetadata implements GrpcMetadataLike {
  private readonly values = new Map<string, (string | Buffer)[]>();

  constructor(initial: Readonly<Record<string, string | readonly string[]>> = {}) {
    for (const [key, value] of Object.entries(initial)) {
      for (const one of typeof value === 'string' ? [value] : value) this.add(key, one);
    }
  }
  get(key: string): (string | Buffer)[] {
    return [...(this.values.get(key.toLowerCase()) ?? [])];
  }
  set(key: string, value: string | Buffer): void {
    this.values.set(key.toLowerCase(), [value]);
  }
  add(key: string, value: string | Buffer): void {
    const list = this.values.get(key.toLowerCase());
    if (list) list.push(value);
    else this.values.set(key.toLowerCase(), [value]);
  }
  /** Every key with its first value, as text (binary values base64-encoded). */
  toRecord(): Record<string, string> {
    return Object.fromEntries([...this.values].map(([key, [first]]) => [key, typeof first === 'string' ? first : (first?.toString('base64') ?? '')]));
  }
}
