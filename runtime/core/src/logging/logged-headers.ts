/** The longest header value (and user agent) a request line carries, in characters. */
export const MAX_LOGGED_VALUE = 256;

const REDACTED = '[redacted]';

/** Names that say a header carries a secret, whatever the service calls it (`X-Vault-Token`, `Private-Token`). */
const SECRET_NAME = /token|secret|passw|session|signature|credential|api[-_]?key|auth/i;

/**
 * Whether a name (a header's, a configuration variable's) says that its value is a secret: a
 * token, a secret, a password, a session, a signature, a credential, an API key, authorization.
 *
 * @example
 * isSecretName('X-Vault-Token') // true
 * isSecretName('JWT_SECRET') // true
 * isSecretName('PORT') // false
 */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * The request headers (gRPC: metadata) as a request line may show them, whatever logger writes
 * it: every credential header's value redacted (those named in `credentials`, and any whose name
 * says it holds a secret: a token, a session, a key…), the token offered as a WebSocket
 * subprotocol (`bearer, <token>`) redacted, and every value cut to `MAX_LOGGED_VALUE` characters.
 *
 * @example
 * loggedHeaders({ 'x-api-key': 'k', 'sec-websocket-protocol': 'bearer, eyJ…' }, new Set(['x-api-key']));
 * // { 'x-api-key': '[redacted]', 'sec-websocket-protocol': 'bearer, [redacted]' }
 */
export function loggedHeaders(headers: Readonly<Record<string, unknown>>, credentials: ReadonlySet<string>): Record<string, unknown> {
  const logged: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    // Own properties only, whatever the name (`__proto__` included).
    const shown = credentials.has(lower) || SECRET_NAME.test(lower) ? REDACTED : lower === 'sec-websocket-protocol' ? withoutBearerToken(String(value)) : loggedValue(value);
    Object.defineProperty(logged, name, { value: shown, enumerable: true, writable: true, configurable: true });
  }
  return logged;
}

/** A value cut to `MAX_LOGGED_VALUE` characters, saying how many more there were. */
export function loggedValue<T>(value: T): T | string {
  if (typeof value !== 'string' || value.length <= MAX_LOGGED_VALUE) return value;
  return `${value.slice(0, MAX_LOGGED_VALUE)}…(${value.length - MAX_LOGGED_VALUE} more)`;
}

/** `bearer, <token>, chat` → `bearer, [redacted], chat`: the protocol after `bearer` is the token. */
function withoutBearerToken(protocols: string): string {
  const offered = protocols.split(',').map((protocol) => protocol.trim());
  const shown = offered.map((protocol, index) => (index > 0 && offered[index - 1]!.toLowerCase() === 'bearer' ? REDACTED : protocol));
  return loggedValue(shown.join(', ')) as string;
}
