/**
 * `@framework/core/metadata`: user-defined metadata on controllers and handlers.
 *
 * @example
 * export const Public = () => SetMetadata('isPublic', true);
 * // in a guard:
 * MetadataHelper.getMetadata<boolean>('isPublic', context.getHandler())
 *   ?? MetadataHelper.getMetadata<boolean>('isPublic', context.getClass());
 */
const store = new WeakMap<object, Map<unknown, unknown>>();

type ClassOrMethodDecorator = ClassDecorator & MethodDecorator;

/**
 * Attaches `value` under `key` to a class or a method; read it back with `MetadataHelper.getMetadata`.
 *
 * @example
 * @SetMetadata('roles', ['admin']) @Delete('/:id') remove(@Param('id') id: string) {}
 */
export function SetMetadata<T>(key: unknown, value: T): ClassOrMethodDecorator {
  return ((target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    // On a method the handler function is the target, so `context.getHandler()` finds it.
    const owner = descriptor?.value ?? target;
    let entries = store.get(owner);
    if (!entries) {
      entries = new Map();
      store.set(owner, entries);
    }
    entries.set(key, value);
  }) as ClassOrMethodDecorator;
}

export const MetadataHelper = {
  /**
   * The value set with `SetMetadata(key, …)` on `target` (a handler or a class), or undefined.
   *
   * @example
   * const roles = MetadataHelper.getMetadata<string[]>('roles', context.getHandler());
   */
  getMetadata<T>(key: unknown, target: object): T | undefined {
    return store.get(target)?.get(key) as T | undefined;
  },
};
