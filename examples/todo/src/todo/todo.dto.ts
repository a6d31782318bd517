import { IsBoolean, IsHexColor, IsNumber, IsOptional, IsString, MaxLength } from '@framework/core/validators';

/** Longest todo name accepted, over HTTP and gRPC: every stored todo has a bounded size. */
export const MAX_NAME_LENGTH = 200;

/** Body of `POST /todo`. */
export class CreateTodoDto {
  /** What is to be done (the todo's `title`). */
  @IsString()
  @MaxLength(MAX_NAME_LENGTH)
  name!: string;

  /** Any number; lower is more urgent by convention. */
  @IsNumber()
  priority!: number;

  /** A CSS hex colour such as `#ff8800` (3, 4, 6 or 8 digits, `#` optional). */
  @IsHexColor()
  colorLabel!: string;
}

/** Body of `PUT /todo/:id`: every field optional. */
export class UpdateTodoDto {
  @IsOptional()
  @IsString()
  @MaxLength(MAX_NAME_LENGTH)
  name?: string;

  @IsOptional()
  @IsNumber()
  priority?: number;

  @IsOptional()
  @IsHexColor()
  colorLabel?: string;

  @IsOptional()
  @IsBoolean()
  done?: boolean;
}
