/**
 * Whether this is Cloudflare's Workers runtime (`workerd`), which names itself in
 * `navigator.userAgent`: there the platform, not a server of ours, owns the socket, and says some
 * things its own way (the caller's address, the encoding of answers).
 */
export const IN_A_WORKER = (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent === 'Cloudflare-Workers';

/**
 * An answer as the Workers runtime must be given it: one whose `Content-Encoding` is set holds
 * bytes already in that coding (the framework's compression, or a handler's own), which the runtime
 * would otherwise take for plain bytes and compress again, unless told (`encodeBody: 'manual'`).
 *
 * @example
 * workerAnswer(new Response(gzipped, { headers: { 'content-encoding': 'gzip' } })); // sent as it is
 */
export function workerAnswer(response: Response): Response {
  if (response.body === null || !response.headers.has('content-encoding')) return response;
  const { status, statusText, headers, body } = response;
  return new Response(body, { status, statusText, headers, encodeBody: 'manual' } as ResponseInit);
}
