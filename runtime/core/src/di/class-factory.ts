/**
 * The `create` of a class provider in the generated tables: `new cls(...deps)`. Every class
 * shares this one function, so `init` compiles it once rather than one arrow per provider (a
 * thousand providers, a thousand compilations). The type argument lists the constructor's
 * parameter types in `deps` order, so that `tsc` still reports a constructor that drifted from
 * the tables (a parameter added or of another type).
 *
 * @example
 * { token: TodoController, deps: [2], create: classFactory<[TodoService]>(TodoController), … }
 */
export function classFactory<A extends readonly unknown[]>(cls: new (...args: A) => unknown): (deps: readonly unknown[]) => unknown {
  return (deps) => new cls(...(deps as unknown as A));
}
