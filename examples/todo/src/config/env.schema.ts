import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength } from '@framework/core/validators';

/**
 * The example's environment, read at init by `ConfigModule.forRoot(EnvSchema)` from the process
 * environment and an optional `.env` file. An initialiser is the default.
 */
export class EnvSchema {
  /** HTTP port. */
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** gRPC port. */
  @IsInt()
  @Min(0)
  @Max(65535)
  GRPC_PORT = 50051;

  /** Address both servers bind: loopback unless set (`0.0.0.0` or `::` in a container or behind a balancer). */
  @IsString()
  @MinLength(1)
  HOST = '127.0.0.1';

  /** Serve gRPC server reflection (grpcurl, Postman): off unless set, as it lists every service to anyone. */
  @IsBoolean()
  GRPC_REFLECTION = false;

  /** Serve the API reference page at /docs: off unless set. */
  @IsBoolean()
  DOCS = false;

  /** A PEM certificate file: with TLS_KEY_FILE, HTTP is served as HTTPS, HTTP/2 and HTTP/1.1 on PORT. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  TLS_CERT_FILE?: string;

  /** The PEM private key of TLS_CERT_FILE. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  TLS_KEY_FILE?: string;

  /** Redis shared by the instances (throttler counters and cached answers); unset, both stay in memory. */
  @IsOptional()
  @IsString()
  REDIS_URL?: string;

  /** While Redis is unreachable the throttler lets calls through (`open`) or refuses them with 503 (`closed`). */
  @IsIn(['open', 'closed'])
  REDIS_FAILURE: 'open' | 'closed' = 'open';

  /** HS256 secret of the access tokens; unset, a random one is generated per process (with a warning). */
  @IsOptional()
  @IsString()
  @MinLength(32)
  JWT_SECRET?: string;

  /**
   * Origins of the browser apps allowed to call the API with the session cookie, comma-separated
   * (`http://localhost:5173,https://app.example.com`); unset, CORS is off.
   */
  @IsOptional()
  @IsString()
  CORS_ORIGINS?: string;

  /** Password of the demo user `demo`. */
  @IsString()
  @MinLength(1)
  DEMO_PASSWORD = 'demo';
}
