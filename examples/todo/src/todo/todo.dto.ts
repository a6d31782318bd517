import { IsBoolean, IsHexColor, IsNumber, IsOptional, IsString, MaxLength } from '@framework/core/validators';

/** Longest todo name accepted, over HTTP and gRPC: every stored todo has a bounded size. */
export const MAX_NAME_LENGTH = 200;

/** Body of `POST /todo`. */
export class CreateTodoDto {
  @IsString()
  @MaxLength(MAX_NAME_LENGTH)
  name!: string;

  @IsNumber()
  priority!: number;

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
