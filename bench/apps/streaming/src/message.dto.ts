import { IsInt, IsString, MaxLength, Min } from 'class-validator';

/** What the echo socket accepts, validated by the compiled validator. */
export class EchoDto {
  @IsString() @MaxLength(100) text!: string;
  @IsInt() @Min(0) n!: number;
}
