import { IsNotEmpty, IsString, MaxLength } from '@framework/core/validators';

/** Body of `POST /auth/login`. */
export class LoginDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  username!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  password!: string;
}
