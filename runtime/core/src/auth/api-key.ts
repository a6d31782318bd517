import type { AuthGuard } from '../chain/contracts.js';
import type { ExecutionContext } from '../contract/execution-context.js';
import type { DynamicModule } from '../decorators/dynamic-module.js';
import { constantTimeEqual } from './constant-time.js';
import { credentialOf } from './credentials.js';
import type { CredentialSource } from '../network/credential-headers.js';
import { isPublicRoute } from './public.js';

/** Options of `ApiKeyModule.forRoot(...)`. */
export interface ApiKeyOptions {
  /** The accepted keys; each at least 16 characters. Several allow rotating a key without downtime. */
  readonly keys: readonly string[];
  /** HTTP header, and gRPC metadata key, that carries the key (default `x-api-key`). */
  readonly header?: string;
}

/**
 * The validated options of `ApiKeyModule.forRoot(...)`, provided to `ApiKeyGuard` by DI.
 *
 * @example
 * new ApiKeyGuard(new ApiKeyConfig({ keys: [process.env.API_KEY!] }))
 */
export class ApiKeyConfig implements CredentialSource {
  readonly header: string;
  /** The header, for the request log's redaction (`CredentialSource`). */
  readonly credentialHeaders: readonly string[];
  /** The keys as bytes, encoded once. */
  readonly keys: readonly Uint8Array[];

  constructor(options: ApiKeyOptions) {
    const keys = options.keys.filter((key): key is string => typeof key === 'string');
    if (keys.length === 0 || keys.length !== options.keys.length) {
      throw new TypeError('ApiKeyModule.forRoot: `keys` must list at least one API key, all strings (is the environment variable set?).');
    }
    if (keys.some((key) => key.length < 16)) {
      throw new TypeError('ApiKeyModule.forRoot: every API key needs at least 16 characters; generate one with `openssl rand -hex 32`.');
    }
    this.header = (options.header ?? 'x-api-key').toLowerCase();
    this.credentialHeaders = [this.header];
    const encoder = new TextEncoder();
    this.keys = Object.freeze(keys.map((key) => encoder.encode(key)));
  }
}

/**
 * Provides `ApiKeyConfig` for `ApiKeyGuard`.
 *
 * @example
 * @Module({
 *   imports: [ApiKeyModule.forRoot({ keys: [process.env.API_KEY!] })],
 *   injectables: [{ token: GLOBAL_GUARD, useClass: ApiKeyGuard }],
 * })
 * export class AppModule {}
 */
export class ApiKeyModule {
  static forRoot(options: ApiKeyOptions): DynamicModule<ApiKeyConfig, [], ApiKeyConfig> {
    const config = new ApiKeyConfig(options);
    return { module: ApiKeyModule, create: () => config, injectables: [] };
  }
}

/**
 * Lets a call through when it is `@Public()` or carries one of the configured keys in the
 * `x-api-key` HTTP header or gRPC metadata entry (spec gRPC 5). Keys are compared in constant
 * time; a missing or wrong key is a plain `false` (403).
 *
 * @example
 * @UseGuard(ApiKeyGuard)
 * @Controller('/internal') export class InternalController {}
 */
export class ApiKeyGuard implements AuthGuard {
  constructor(protected readonly config: ApiKeyConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (isPublicRoute(context)) return true;
    const received = credentialOf(context, this.config.header);
    if (received === undefined) return false;
    let accepted = false;
    // No early exit: checking every key takes the same time whichever one matches.
    for (const key of this.config.keys) accepted = constantTimeEqual(received, key) || accepted;
    return accepted;
  }
}
