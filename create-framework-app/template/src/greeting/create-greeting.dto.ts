import { IsString, Length } from 'class-validator';

/** The body of `POST /greetings`: validated before the handler runs (400 with the reasons otherwise). */
export class CreateGreetingDto {
  @IsString()
  @Length(1, 40)
  name!: string;
}
