import { IsBoolean, IsEnum, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength } from '@framework/core/validators';

export enum LogLevel {
  Debug = 'debug',
  Info = 'info',
  Warn = 'warn',
}

/** An environment schema with rules beyond the common ones: `@Matches`, `@IsEnum`, a rule's own message. */
export class EnvSchema {
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT = 3000;

  @IsString()
  @MinLength(1)
  HOST = '127.0.0.1';

  @IsString()
  @Matches(/^[a-z]{2}-[a-z]+-\d$/)
  REGION = 'eu-west-1';

  @IsEnum(LogLevel)
  LOG_LEVEL: LogLevel = LogLevel.Info;

  @IsUrl({ require_tld: false }, { message: '$property must be the address of the database' })
  DATABASE_URL = 'https://db.internal/app';

  @IsBoolean()
  VERBOSE = false;

  @IsOptional()
  @IsString()
  @MinLength(32)
  JWT_SECRET?: string;
}
