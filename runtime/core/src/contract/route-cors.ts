/**
 * A route's CORS override in the tables, as `framework-build` reads it from `@Cors(...)` on the
 * controller and the handler (the handler's fields win): the fields given replace the
 * application's, and `false` turns CORS off for the route. Literal values only (a RegExp literal
 * is kept as one), so the compiler can check `credentials` against `'*'`.
 *
 * @example
 * const cors: RouteCors = { origins: ['https://admin.example.com'], credentials: true };
 */
export type RouteCors =
  | false
  | {
      readonly origins?: string | RegExp | readonly (string | RegExp)[];
      readonly credentials?: boolean;
      readonly maxAge?: number;
      readonly exposeHeaders?: readonly string[];
      readonly allowHeaders?: readonly string[];
      readonly methods?: readonly string[];
    };
