// What every hand-written peer shares: the JWT key, the DTO rules and the throttle window.
import isEmail from 'validator/lib/isEmail.js';
import isISO8601 from 'validator/lib/isISO8601.js';
import isURL from 'validator/lib/isURL.js';
import isUUID from 'validator/lib/isUUID.js';

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
    // The answer the framework gives for `@IsNumber()` (class-validator's message, its options as the constraint): the same bytes.
    reasons.push({ property: 'priority', errorMessage: 'priority must be a number conforming to the specified constraints', constraints: [{}] });
  }
  if (typeof b.colorLabel !== 'string' || !hexColor.test(b.colorLabel)) {
    reasons.push({ property: 'colorLabel', errorMessage: 'colorLabel must be a hexadecimal color', constraints: [] });
  }
  return reasons;
}

const reason = (property, errorMessage) => ({ property, errorMessage, constraints: [] });

/** Hand-written CreateOrderDto check (formats by validator.js, as a hand-writer would): the reasons, empty when valid. */
export function checkOrder(body) {
  const reasons = [];
  const b = typeof body === 'object' && body !== null ? body : {};
  if (typeof b.email !== 'string' || !isEmail(b.email)) reasons.push(reason('email', 'email must be an email'));
  if (typeof b.customer !== 'string' || b.customer.length < 1 || b.customer.length > 64) reasons.push(reason('customer', 'customer must be 1 to 64 characters'));
  if (b.website !== undefined && b.website !== null && (typeof b.website !== 'string' || !isURL(b.website))) reasons.push(reason('website', 'website must be a URL address'));
  if (typeof b.deliverBy !== 'string' || !isISO8601(b.deliverBy)) reasons.push(reason('deliverBy', 'deliverBy must be a valid ISO 8601 date string'));
  if (!Array.isArray(b.lines) || b.lines.length < 1 || b.lines.length > 20) reasons.push(reason('lines', 'lines must be an array of 1 to 20 elements'));
  else {
    b.lines.forEach((line, i) => {
      const l = typeof line === 'object' && line !== null && !Array.isArray(line) ? line : undefined;
      if (!l) return reasons.push(reason(`lines.${i}`, 'must be an object'));
      if (typeof l.productId !== 'string' || !isUUID(l.productId, '4')) reasons.push(reason(`lines.${i}.productId`, 'productId must be a UUID'));
      if (!Number.isInteger(l.quantity) || l.quantity < 1 || l.quantity > 100) reasons.push(reason(`lines.${i}.quantity`, 'quantity must be an integer from 1 to 100'));
      if (l.notes !== undefined && l.notes !== null && (!Array.isArray(l.notes) || l.notes.length > 5 || !l.notes.every((n) => typeof n === 'string'))) {
        reasons.push(reason(`lines.${i}.notes`, 'notes must be at most 5 strings'));
      }
    });
  }
  if (!Array.isArray(b.colors) || b.colors.length > 3 || !b.colors.every((c) => typeof c === 'string' && hexColor.test(c))) reasons.push(reason('colors', 'colors must be at most 3 hexadecimal colors'));
  return reasons;
}
