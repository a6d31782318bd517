/**
 * The origins of a comma-separated `CORS_ORIGINS`, trimmed, empty entries left out: what CORS
 * and the session cookie's same-origin check both allow.
 *
 * @example
 * originsFrom('http://localhost:5173, https://app.example.com'); // ['http://localhost:5173', 'https://app.example.com']
 */
export function originsFrom(origins: string | undefined): string[] {
  return (origins ?? '').split(',').map((origin) => origin.trim()).filter((origin) => origin.length > 0);
}
