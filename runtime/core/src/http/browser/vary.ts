/**
 * `vary` with the names of `added` it lacks (compared in any case): two answers' `Vary` as one, so
 * that a handler's own `Vary` keeps the `Origin` CORS put there (replaced, a shared cache would
 * give one origin's answer, and its Access-Control-Allow-Origin, to another).
 *
 * @example
 * joinedVary('Origin', 'Accept-Language, origin'); // 'Origin, Accept-Language'
 */
export function joinedVary(vary: string, added: string): string {
  const names = new Set(vary.split(',').map((name) => name.trim().toLowerCase()));
  const missing = added.split(',').map((name) => name.trim()).filter((name) => name !== '' && !names.has(name.toLowerCase()));
  return missing.length === 0 ? vary : `${vary}, ${missing.join(', ')}`;
}
