import { IsNotEmpty, IsString } from '@framework/core/validators';

/** Body of `POST /auth/login`. */
export class LoginDto {
  @IsString()
  @IsNotEmpty()
  username!: string;

  @IsString()
  @IsNotEmpty()
  password!: string;
}
