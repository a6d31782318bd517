/**
 * Request headers that carry credentials under their usual names: never logged, and a caller
 * sending one without verified claims is never answered from a shared cache.
 */
export const WELL_KNOWN_CREDENTIAL_HEADERS: readonly string[] = Object.freeze([
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
  'api-key',
  'x-auth-token',
  'x-access-token',
  'x-csrf-token',
  'x-xsrf-token',
  'x-amz-security-token',
]);

/**
 * A provider that reads credentials from request headers of its own naming (`ApiKeyConfig`'s
 * `header`): the application collects their names at `init`, so that the request log redacts them too.
 *
 * @example
 * class TenantKeyConfig implements CredentialSource { readonly credentialHeaders = ['x-tenant-key']; }
 */
export interface CredentialSource {
  readonly credentialHeaders: readonly string[];
}

/**
 * The credential headers of an application: the well-known names and those its providers declare
 * (`CredentialSource`), lower-cased.
 *
 * @example
 * credentialHeadersOf([new ApiKeyConfig({ keys, header: 'X-Service-Key' })]).has('x-service-key'); // true
 */
export function credentialHeadersOf(instances: Iterable<unknown>): ReadonlySet<string> {
  const names = new Set(WELL_KNOWN_CREDENTIAL_HEADERS);
  for (const instance of instances) {
    const declared = (instance as Partial<CredentialSource> | null)?.credentialHeaders;
    if (!Array.isArray(declared)) continue;
    for (const name of declared) if (typeof name === 'string') names.add(name.toLowerCase());
  }
  return names;
}
