import { IsHexColor, IsNumber, IsString } from '@framework/core/validators';

/** Body of `POST /todo`, the same rules in every peer. */
export class CreateTodoDto {
  @IsString()
  name!: string;

  @IsNumber()
  priority!: number;

  @IsHexColor()
  colorLabel!: string;
}
