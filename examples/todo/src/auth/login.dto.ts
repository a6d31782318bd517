import { IsNotEmpty, IsString } from 'class-validator';

/** Body of `POST /auth/login`. */
export class LoginDto {
  @IsString()
  @IsNotEmpty()
  username!: string;

  @IsString()
  @IsNotEmpty()
  password!: string;
}
