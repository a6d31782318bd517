/**
 * How the dashboard's server answers and reads the page's requests: its security headers, JSON
 * answers, and the JSON body of a POST that only the page can send.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

// The page loads its own files and talks to this server only; no framing, no referrer.
export const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};
const BODY_LIMIT = 1024 * 1024;

/** Answers `value` as JSON with `status`. */
export const json = (response: ServerResponse, status: number, value: unknown): void => {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(value));
};

/**
 * The JSON body of a POST from the page, or `undefined` once it has answered why not. A browser
 * sends Origin with every POST; one without it is not the page (and a form of another site cannot
 * send JSON without a preflight this server never answers).
 */
export async function pageJson(request: IncomingMessage, response: ServerResponse, what: string): Promise<unknown> {
  if (request.headers.origin === undefined) return json(response, 403, { error: `${what} is for the dashboard page (it sends an Origin header)` });
  if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) return json(response, 415, { error: `${what} takes application/json` });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) return json(response, 413, { error: `the request is larger than ${BODY_LIMIT} bytes` });
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) ?? null;
  } catch {
    return json(response, 400, { error: 'the body is not JSON' });
  }
}

