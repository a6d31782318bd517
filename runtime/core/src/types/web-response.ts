// Telling a Web `Response` apart from the plain values a handler answers, on every server path.

/**
 * The runtime's own Response class. Read on first need, not as this module loads: on Node the
 * global is a getter that loads the whole Fetch implementation (undici), a large share of a cold
 * start that an application answering plain values never needs. @hono/node-server later replaces
 * the global with a lighter class extending the native one, so the class at the root is taken:
 * native Responses (from `fetch()`) and the lighter ones both pass `instanceof` against it.
 */
let nativeResponse: typeof Response | undefined;

/**
 * The runtime's own Response class (never @hono/node-server's lighter one), found on first call.
 *
 * @example
 * const sent = new (nativeResponseClass())(null, { status: 204 });
 */
export function nativeResponseClass(): typeof Response {
  if (nativeResponse) return nativeResponse;
  let root: typeof Response = Response;
  while (Object.getPrototypeOf(root) !== Function.prototype) root = Object.getPrototypeOf(root) as typeof Response;
  return (nativeResponse = root);
}

/**
 * Whether a handler's answer is a Web `Response`, sent as built (plus the call's headers). Values
 * that cannot be one (not tagged `Response`) are told apart without touching the Response class.
 *
 * @example
 * isWebResponse(new Response('hi')); // true
 * isWebResponse({ id: 1 }); // false, and the Fetch implementation is not loaded for it
 */
export function isWebResponse(value: unknown): value is Response {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { readonly [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'Response' &&
    value instanceof nativeResponseClass()
  );
}
