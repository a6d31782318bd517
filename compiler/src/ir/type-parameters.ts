/**
 * An addition to {@link ValueRef} by declaration merging. It belongs in `types.ts`; it lives here
 * only while that file is being changed by other work, and moves there as one more field.
 */
import type { ValueRef } from './types.js';

declare module './types.js' {
  interface ValueRef {
    /**
     * True for a class with a type parameter that has no default (`class CrudController<T>`):
     * generated code names its instance type `InstanceType<typeof CrudController>`, because the
     * bare name needs type arguments there (TS2314).
     */
    readonly generic?: true;
  }
}

/**
 * How generated code writes the instance type of a class imported under `local`.
 *
 * @example
 * instanceType(ref, 'TodoController') // 'TodoController', or 'InstanceType<typeof TodoController>' when generic
 */
export const instanceType = (ref: ValueRef, local: string): string => (ref.generic ? `InstanceType<typeof ${local}>` : local);
