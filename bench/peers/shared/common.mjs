// What every hand-written peer shares: the JWT key, the DTO rules and the throttle window.

export const port = Number(process.env.PORT ?? 3000);
const secret = new TextEncoder().encode(process.env.JWT_SECRET ?? 'bench-secret-that-is-at-least-32-bytes-long');
/** Imported once, as our JwtService does (a Uint8Array would be imported again on every verification). */
export const jwtKey = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
export const throttle = { ttl: 60_000, limit: 1_000_000_000 };
/** class-validator's IsHexColor. */
export const hexColor = /^#?([0-9A-F]{3}|[0-9A-F]{4}|[0-9A-F]{6}|[0-9A-F]{8})$/i;
/** The spec's todo.proto (one copy, in the framework bench app). */
export const protoPath = new URL('../../apps/framework/src/grpc/todo.proto', import.meta.url).pathname;

/** Hand-written CreateTodoDto check: the validation-error reasons, empty when valid. */
export function checkTodo(body) {
  const reasons = [];
  const b = typeof body === 'object' && body !== null ? body : {};
  if (typeof b.name !== 'string') reasons.push({ property: 'name', errorMessage: 'name must be a string', constraints: [] });
  if (typeof b.priority !== 'number' || !Number.isFinite(b.priority)) {
    reasons.push({ property: 'priority', errorMessage: 'priority must be a number', constraints: [] });
  }
  if (typeof b.colorLabel !== 'string' || !hexColor.test(b.colorLabel)) {
    reasons.push({ property: 'colorLabel', errorMessage: 'colorLabel must be a hexadecimal color', constraints: [] });
  }
  return reasons;
}

