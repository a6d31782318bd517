/**
 * Whether this code runs on Cloudflare Workers, told without loading anything: Workers say so in
 * `navigator.userAgent`. What follows from it (no file system; timers that end with their request)
 * is asked of this one test.
 *
 * @example
 * if (onCloudflareWorkers()) throw new Error('no file system here');
 */
export function onCloudflareWorkers(): boolean {
  return (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === 'Cloudflare-Workers';
}
