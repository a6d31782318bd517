/**
 * The certificate of `app.listen({ tls })`: PEM text or bytes, as `node:tls` takes them.
 *
 * @example
 * const tls = { key: fs.readFileSync('key.pem'), cert: fs.readFileSync('cert.pem') };
 */
export interface TlsOptions {
  /** The private key, PEM. */
  readonly key: string | Uint8Array;
  /** The certificate chain, PEM (the server's certificate first). */
  readonly cert: string | Uint8Array;
}

/**
 * What `app.listen({ … })` takes: the port (default 3000, 0 picks a free one), the address to
 * bind (default every interface), and a certificate to serve HTTPS with HTTP/2 and HTTP/1.1 on
 * the one port (chosen by ALPN).
 *
 * @example
 * await app.listen({ port: 8443, host: '0.0.0.0', tls: { key, cert } });
 */
export interface ListenOptions {
  readonly port?: number;
  readonly host?: string;
  readonly tls?: TlsOptions;
}

/**
 * `app.listen(port, host)` and `app.listen({ port, host, tls })` as one shape; a `tls` without a
 * key or a certificate is refused with the fix.
 *
 * @example
 * listenArguments({ port: 0, tls }); // { port: 0, host: undefined, tls }
 */
export function listenArguments(portOrOptions: number | ListenOptions | undefined, hostname: string | undefined): { port: number; host: string | undefined; tls: TlsOptions | undefined } {
  if (typeof portOrOptions !== 'object' || portOrOptions === null) return { port: checkedPort(portOrOptions ?? 3000), host: hostname, tls: undefined };
  const { port = 3000, host, tls } = portOrOptions;
  checkedPort(port);
  if (tls !== undefined) {
    const pem = (value: unknown) => typeof value === 'string' ? value.length > 0 : value instanceof Uint8Array && value.byteLength > 0;
    if (!pem(tls.key) || !pem(tls.cert)) throw new TypeError('app.listen({ tls }): tls needs both `key` and `cert`, PEM text or bytes (fs.readFileSync(process.env.TLS_KEY_FILE)).');
  }
  return { port, host, tls };
}

/** A TCP port, else a TypeError saying what came (`Number(process.env.PORT)` of `PORT=abc` is NaN). */
function checkedPort(port: unknown): number {
  // Digits as text are taken, as Node's listen takes them (`app.listen(process.env.PORT)` in JavaScript).
  const value = typeof port === 'string' && /^\d{1,5}$/.test(port) ? Number(port) : port;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 65535) return value;
  throw new TypeError(`app.listen: the port must be a whole number from 0 to 65535 (0 picks a free one); got ${typeof port === 'number' ? String(port) : JSON.stringify(port)}. Is PORT set to a number?`);
}
