import { IsInt, IsOptional, IsString, Max, Min, MinLength } from '@framework/core/validators';

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

  /** HS256 secret of the access tokens; unset, a random one is generated per process (with a warning). */
  @IsOptional()
  @IsString()
  @MinLength(32)
  JWT_SECRET?: string;

  /** Password of the demo user `demo`. */
  @IsString()
  @MinLength(1)
  DEMO_PASSWORD = 'demo';
}
