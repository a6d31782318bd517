import { IsBoolean, IsHexColor, IsNumber, IsOptional, IsString } from '@framework/core/validators';

/** Body of `POST /todo`. */
export class CreateTodoDto {
  @IsString()
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
