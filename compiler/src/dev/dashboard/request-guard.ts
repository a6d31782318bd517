/**
 * Who may talk to the dev dashboard: the loopback interface, under the dashboard's own name. A web
 * page elsewhere can make a browser send requests to 127.0.0.1 (DNS rebinding names an attacker's
 * host 127.0.0.1), but its `Host` or `Origin` then names the attacker's host: refused.
 */
import type { IncomingMessage } from 'node:http';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Why the request is refused, or `undefined` when it comes from the loopback interface and names
 * the dashboard itself (`127.0.0.1:<port>` or `localhost:<port>`) in `Host` and, when sent, `Origin`.
 *
 * @example
 * refusal(req, 9400) // 'Host evil.example:9400 is not this dashboard (127.0.0.1:9400)'
 */
export function refusal(request: IncomingMessage, port: number): string | undefined {
  const remote = request.socket.remoteAddress ?? '';
  if (!LOOPBACK.has(remote)) return `connections from ${remote || 'an unknown address'} are refused: the dashboard serves this machine only`;
  const own = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  const host = request.headers.host ?? '';
  if (!own.has(host.toLowerCase())) return `Host ${JSON.stringify(host)} is not this dashboard (127.0.0.1:${port})`;
  const origin = request.headers.origin;
  if (origin !== undefined && !own.has(origin.toLowerCase().replace(/^http:\/\//, '')) ) return `Origin ${JSON.stringify(origin)} is not this dashboard (http://127.0.0.1:${port})`;
  if (origin !== undefined && !origin.toLowerCase().startsWith('http://')) return `Origin ${JSON.stringify(origin)} is not this dashboard (http://127.0.0.1:${port})`;
  return undefined;
}
