import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsEmail, IsHexColor, IsInt, IsISO8601, IsOptional, IsString, IsUrl, IsUUID, Length, Max, Min, ValidateNested } from 'class-validator';

export class OrderLineDto {
  @IsUUID('4')
  productId!: string;

  @IsInt()
  @Min(1)
  @Max(100)
  quantity!: number;

  @IsOptional()
  @IsString({ each: true })
  @ArrayMaxSize(5)
  notes?: string[];
}

export class CreateOrderDto {
  @IsEmail()
  email!: string;

  @IsString()
  @Length(1, 64)
  customer!: string;

  @IsOptional()
  @IsUrl()
  website?: string;

  @IsISO8601()
  deliverBy!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => OrderLineDto)
  lines!: OrderLineDto[];

  @IsHexColor({ each: true })
  @ArrayMaxSize(3)
  colors!: string[];
}
